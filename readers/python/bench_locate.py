#!/usr/bin/env python3
"""Time locating Wi-Fi scans: ``bench_locate.py BUNDLE SURVEY [--rounds N]``.

SURVEY is a survey in the wide layout of UJIIndoorLoc (a column per access point named
``WAP001``..., ``100`` for not heard, and ``FLOOR`` and ``BUILDINGID``), meant to be its
``validationData.csv`` with the UJIIndoorLoc radio map of ``readers/vectors/uji/uji.yml``. Every
scan is located ``--rounds`` times (6 by default); the script prints the first call (which checks
``WIFI`` and computes the readings' weights, once per bundle), the mean, median and 99th
percentile per scan in microseconds, the share of scans put in their surveyed building and on
their floor, and a last line ``locate_us_median=...`` for other readers' benchmarks.
"""

import argparse
import csv
import statistics
import sys
import time

from navbundle import Bundle, BundleError


def read_survey(path):
    """[(readings, building, floor)] of the survey's scans."""
    with open(path, newline="", encoding="utf-8") as file:
        rows = csv.reader(file)
        header = next(rows)
        columns = [index for index, name in enumerate(header) if name.startswith("WAP")]
        building, floor = header.index("BUILDINGID"), header.index("FLOOR")
        return [([(header[index], int(row[index])) for index in columns if int(row[index]) != 100], row[building], row[floor])
                for row in rows]


def main(arguments):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("bundle")
    parser.add_argument("survey")
    parser.add_argument("--rounds", type=int, default=6)
    options = parser.parse_args(arguments)
    try:
        scans = read_survey(options.survey)
        with Bundle(options.bundle) as bundle:
            start = time.perf_counter_ns()
            bundle.locate(scans[0][0])
            first = (time.perf_counter_ns() - start) / 1e3
            info = bundle.radio_map
            print(f"radio map: {info.scans} scans at {info.spots} spots on {info.floors} floors in {info.buildings} "
                  f"buildings, {info.access_points} access points")
            print(f"first locate (opening the bundle checked and prepared WIFI before it): {first / 1000:.1f} ms")
            times, unknown, buildings, floors = [], 0, 0, 0
            for round_ in range(options.rounds):
                for readings, building, floor in scans:
                    start = time.perf_counter_ns()
                    fix = bundle.locate(readings)
                    times.append((time.perf_counter_ns() - start) / 1e3)
                    if round_ == 0:
                        unknown += fix is None
                        hit = fix is not None and fix.building_name == building
                        buildings += hit
                        floors += hit and fix.floor_name == floor
    except (BundleError, OSError, ValueError) as error:
        print(f"bench_locate.py: {error}", file=sys.stderr)
        return 1
    times.sort()
    count = len(scans)
    print(f"{count} scans, {unknown} unknown; building hit {100 * buildings / count:.2f} %, "
          f"floor hit {100 * floors / count:.2f} %")
    print(f"locate: mean {statistics.fmean(times):.1f} us, median {times[len(times) // 2]:.1f} us, "
          f"p99 {times[len(times) * 99 // 100]:.1f} us ({count} scans x {options.rounds} rounds)")
    print(f"locate_us_median={times[len(times) // 2]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
