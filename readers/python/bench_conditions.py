#!/usr/bin/env python3
"""Time applying conditions: ``bench_conditions.py BUNDLE [CONDITIONS] [--profile NAME] [--repeat N]``.

Applying conditions is parsing the JSON, resolving its targets to arcs, changing the profile's
costs and bringing its metric up to date (``Bundle.apply_conditions``); with ``EGRC``, the way
out under the same conditions (``Bundle.exit_under_conditions``) is timed too. Without ``CONDITIONS``
(a JSON text, or ``@FILE``) the bundle's own names make a realistic mix: its two lifts with the
most arcs closed, three rooms slowed and a polygon of about 20 m around the middle of the
busiest level slowed. Prints the conditions, what they cover, the first application (which also
checks the hierarchy, customises the profile and indexes labels, once per bundle) and the
median and 90th percentile of the later ones, with the parts and a full customisation beside.
"""

import argparse
import itertools
import json
import statistics
import sys
import time

import navbundle
from navbundle import Bundle, BundleError, ConditionsError


def realistic_conditions(bundle):
    """Two lifts closed, three rooms and a polygon slowed, from the bundle's own names."""
    lifts = {}
    arcs = len(bundle.costs(bundle.profiles[0]))
    view = bundle.section("ARCS")
    entries_at = (8 + 4 * (bundle.node_count + 1) + 7) // 8 * 8
    for arc in range(arcs):
        label, word = (int.from_bytes(view[entries_at + 16 * arc + at:entries_at + 16 * arc + at + 4], "little")
                       for at in (8, 12))
        if word & 0xFF == 4 and label != navbundle.NONE:  # A lift.
            lifts.setdefault(bundle.string(label), []).append(arc)
    closed = sorted(lifts, key=lambda name: (-len(lifts[name]), name))[:2]
    rooms = []
    outlined = {(outline.place, level) for level in range(bundle.level_count) for outline in bundle.outlines(level)}
    for place in range(bundle._place_count()):
        record = bundle.place(place)
        if record.kind != 0 or not record.ref or record.level is None or (place, record.level) not in outlined:
            continue
        try:
            if bundle.resolve_endpoint(record.ref).place == place:
                rooms.append(record.ref)
        except navbundle.EndpointError:
            continue
    slow = [{"ref": ref, "factor": factor} for ref, factor in zip(sorted(rooms)[:3], (2, 3, 1.5))]
    nodes = [bundle.node(node) for node in range(bundle.node_count)]
    levels = [node.level for node in nodes]
    busiest = max(range(bundle.level_count), key=lambda level: (levels.count(level), -level))
    on_level = [node for node in nodes if node.level == busiest]
    latitude = sum(node.latitude for node in on_level) / len(on_level)
    longitude = sum(node.longitude for node in on_level) / len(on_level)
    side = 0.0001  # About 11 m of latitude.
    polygon = [[latitude - side, longitude - side], [latitude - side, longitude + side],
               [latitude + side, longitude + side], [latitude + side, longitude - side]]
    slow.append({"polygon": polygon, "level": bundle.levels[busiest].id, "factor": 2})
    return {"closed": closed, "slow": slow}


def timed(function, repeat):
    """Milliseconds of each of ``repeat`` calls."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter_ns()
        function()
        times.append((time.perf_counter_ns() - start) / 1e6)
    return times


def summary(times):
    ordered = sorted(times)
    return (f"median {statistics.median(ordered):.2f} ms, "
            f"p90 {ordered[min(len(ordered) - 1, int(len(ordered) * 0.9))]:.2f} ms")


def main(arguments):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("bundle")
    parser.add_argument("conditions", nargs="?", help="a JSON text, or @FILE; default: a realistic mix")
    parser.add_argument("--profile", default=None, help="default: the bundle's first profile")
    parser.add_argument("--repeat", type=int, default=200)
    options = parser.parse_args(arguments)
    try:
        start = time.perf_counter_ns()
        bundle = Bundle(options.bundle)
        opened = (time.perf_counter_ns() - start) / 1e6
        profile = options.profile or bundle.profiles[0]
        if options.conditions is None:
            text = json.dumps(realistic_conditions(bundle), ensure_ascii=False)
            # The mix was found with the bundle's indexes; time the first application on a
            # fresh opening, as an app would see it.
            bundle.close()
            start = time.perf_counter_ns()
            bundle = Bundle(options.bundle)
            opened = (time.perf_counter_ns() - start) / 1e6
        elif options.conditions.startswith("@"):
            with open(options.conditions[1:], encoding="utf-8") as file:
                text = file.read()
        else:
            text = options.conditions
        print(f"bundle: {options.bundle} ({bundle.node_count} nodes, {len(bundle.costs(profile))} arcs), "
              f"profile {profile}, opened in {opened:.1f} ms")
        print(f"conditions: {text}")
        start = time.perf_counter_ns()
        metric = bundle.apply_conditions(profile, text)
        first = (time.perf_counter_ns() - start) / 1e6
        resolved = bundle.resolve_conditions(text)
        changed = sum(1 for old, new in zip(bundle.costs(profile), metric.weights) if old != new)
        way = ("full customisation" if changed * navbundle.INCREMENTAL_LIMIT > len(metric.weights)
               else "incremental update")
        print(f"covers: {len(resolved.closed)} closed and {len(resolved.factors)} slowed arcs; "
              f"{changed} costs change ({way})")
        print(f"first application (checks the hierarchy, customises the profile, indexes labels): {first:.1f} ms")
        parsed = navbundle.parse_conditions(text)
        weights = list(metric.weights)
        repeat = options.repeat
        print(f"apply_conditions, {repeat} times: {summary(timed(lambda: bundle.apply_conditions(profile, text), repeat))}")
        print(f"  parse: {summary(timed(lambda: navbundle.parse_conditions(text), repeat))}")
        print(f"  resolve: {summary(timed(lambda: bundle.resolve_conditions(parsed), repeat))}")
        print(f"full customisation, for comparison: "
              f"{summary(timed(lambda: bundle.customise(profile, weights), max(10, repeat // 10)))}")
        if bundle.has("EGRC"):
            # Start nodes spread over the bundle, in turn: the search's length depends on them.
            starts = itertools.cycle(range(0, bundle.node_count, max(1, bundle.node_count // 20)))
            print(f"exit_under_conditions, {repeat} times from nodes spread over the bundle: "
                  f"{summary(timed(lambda: bundle.exit_under_conditions(profile, next(starts), text), repeat))}")
        bundle.close()
    except (BundleError, ConditionsError, OSError) as error:
        print(f"bench_conditions.py: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
