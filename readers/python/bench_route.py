#!/usr/bin/env python3
"""Time the Python reader as readers/c/bench_route.c times the C one, figure for figure:
``bench_route.py BUNDLE [PAIRS [ROUNDS [SEED [PROFILE|- [SCANS]]]]]``.

Opening with and without checksums, routes (``Bundle.route``) between PAIRS node pairs drawn by
the xorshift32 generator bench_route.c uses from SEED, and, with a query file SCANS, ``locate``
on each of its valid ``locate`` lines. Each figure is the median of ROUNDS rounds (a route round
the mean over the pairs, after a first round that customises or checks the hierarchy). Prints one
``name value unit`` line per figure and the sum of the route durations, which must equal the C
program's. The binding's cost is everything above the C figures.
"""

import statistics
import sys
import time

import answer
from navbundle import Bundle, BundleError


def xorshift(state):
    """The next state of xorshift32, as bench_route.c and readers/js/bench.mjs have it."""
    state ^= (state << 13) & 0xFFFFFFFF
    state ^= state >> 17
    state ^= (state << 5) & 0xFFFFFFFF
    return state


def now_ms():
    return time.perf_counter_ns() / 1e6


def main(arguments):
    if not arguments:
        print(__doc__.split("\n\n")[0], file=sys.stderr)
        return 2
    path = arguments[0]
    pairs = int(arguments[1]) if len(arguments) > 1 else 2000
    rounds = int(arguments[2]) if len(arguments) > 2 else 15
    state = int(arguments[3]) if len(arguments) > 3 else 20261125
    state = state or 1
    try:
        for verify, name in ((True, "open-verified"), (False, "open-unverified")):
            times = []
            for _ in range(rounds):
                start = now_ms()
                Bundle(path, verify_checksums=verify).close()
                times.append(now_ms() - start)
            print(f"{name} {statistics.median(times):.3f} ms")
        with Bundle(path) as bundle:
            if len(arguments) > 5 and arguments[5] != "-" and bundle.radio_map is not None:
                with open(arguments[5], encoding="utf-8") as file:
                    scans = [answer._scan(line[len("locate "):].rstrip("\r\n")) for line in file
                             if line.startswith("locate ")]
                scans = [scan for scan in scans if scan]
                per_scan = []
                for round_ in range(rounds + 1):
                    start = now_ms()
                    for scan in scans:
                        bundle.locate(scan)
                    if round_ > 0:
                        per_scan.append((now_ms() - start) * 1000 / len(scans))
                print(f"locate {statistics.median(per_scan):.3f} us ({len(scans)} scans of {arguments[5]})")
            nodes = bundle.node_count
            if nodes == 0:
                return 0
            profile = arguments[4] if len(arguments) > 4 and arguments[4] != "-" else bundle.profiles[0]
            ends = []
            for _ in range(pairs):
                state = xorshift(state)
                source = state % nodes
                state = xorshift(state)
                ends.append((source, state % nodes))
            start = now_ms()
            bundle.route(profile, *ends[0])
            print(f"first-route {now_ms() - start:.3f} ms")
            times, total = [], 0
            for round_ in range(rounds + 1):
                start = now_ms()
                total = sum(found[0] for found in (bundle.route(profile, s, t) for s, t in ends) if found)
                if round_ > 0:
                    times.append((now_ms() - start) * 1000 / pairs)
            print(f"route {statistics.median(times):.3f} us")
            print(f"route-duration-sum {total}")
    except (BundleError, OSError) as error:
        print(f"bench_route.py: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
