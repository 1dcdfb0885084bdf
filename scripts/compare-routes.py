#!/usr/bin/env python3
"""Compares the routes two builds of a venue give between the same places.

    compare-routes.py OLD_NAVFORGE OLD_BUNDLE NEW_NAVFORGE NEW_BUNDLE [--pairs N] [--seed S]
                      [--profile NAME]...

Draws N pairs (default 120) of places that both bundles know by the same ref (rooms, platforms:
places whose ref is unique in each), routes each pair with `navforge route --geojson` of each
side for each profile, and prints per profile: pairs routed on both sides, routes identical in
length and time, longer or shorter ones with their ratios, and pairs only one side routes, the
first few of each named. What a change to the graph or the profiles did to a curated venue.
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "readers", "python"))
from navbundle import Bundle  # noqa: E402


def refs(path):
    bundle = Bundle(path)
    count = {}
    for index in range(bundle._place_count()):
        ref = bundle.place(index).ref
        if ref:
            count[ref] = count.get(ref, 0) + 1
    return {ref for ref, n in count.items() if n == 1}, bundle.profiles


def route(binary, bundle, a, b, profile, scratch):
    out = os.path.join(scratch, "route.geojson")
    if os.path.exists(out):
        os.remove(out)
    done = subprocess.run([binary, "route", bundle, "--from", a, "--to", b, "--profile", profile, "--geojson", out],
                          capture_output=True, text=True)
    if done.returncode != 0:
        return None
    with open(out) as handle:
        properties = json.load(handle)["properties"]
    return properties["lengthMetres"], properties["durationSeconds"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old_binary")
    parser.add_argument("old_bundle")
    parser.add_argument("new_binary")
    parser.add_argument("new_bundle")
    parser.add_argument("--pairs", type=int, default=120)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--profile", action="append")
    options = parser.parse_args()
    old_refs, old_profiles = refs(options.old_bundle)
    new_refs, new_profiles = refs(options.new_bundle)
    common = sorted(old_refs & new_refs)
    generator = random.Random(options.seed)
    pairs = [tuple(generator.sample(common, 2)) for _ in range(options.pairs)] if len(common) >= 2 else []
    profiles = options.profile or [p for p in old_profiles if p in new_profiles]
    print(f"{len(common)} places by ref in both bundles ({len(old_refs)} old, {len(new_refs)} new); {len(pairs)} pairs")
    with tempfile.TemporaryDirectory() as scratch:
        for profile in profiles:
            same, longer, shorter, only_old, only_new, neither = 0, [], [], [], [], 0
            for a, b in pairs:
                old = route(options.old_binary, options.old_bundle, a, b, profile, scratch)
                new = route(options.new_binary, options.new_bundle, a, b, profile, scratch)
                if old is None and new is None:
                    neither += 1
                elif old is None:
                    only_new.append(f"{a}->{b}")
                elif new is None:
                    only_old.append(f"{a}->{b}")
                elif abs(old[0] - new[0]) < 0.05 and old[1] == new[1]:
                    same += 1
                elif new[0] > old[0] + 0.05 or (abs(new[0] - old[0]) < 0.05 and new[1] > old[1]):
                    longer.append((f"{a}->{b}", old, new))
                else:
                    shorter.append((f"{a}->{b}", old, new))
            print(f"{profile}: identical {same}, longer {len(longer)}, shorter {len(shorter)}, "
                  f"only old {len(only_old)}, only new {len(only_new)}, neither {neither}")
            for name, entries in (("longer", longer), ("shorter", shorter)):
                for pair, old, new in entries[:5]:
                    print(f"  {name} {pair}: {old[0]:.1f} m {old[1]} s -> {new[0]:.1f} m {new[1]} s")
            for name, entries in (("only old", only_old), ("only new", only_new)):
                if entries:
                    print(f"  {name}: {', '.join(entries[:5])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
