#!/usr/bin/env python3
"""Writes the demo campus's synthetic Wi-Fi survey and access-point inventory.

The demo has no real radio data, so this script places access points in each building and
simulates scans on a grid over every floor with a log-distance path-loss model (36 dBm at 1 m,
path-loss exponent 2.5, 18 dB per floor between, 8 dB more through an outside wall, Gaussian
noise of 3 dB, nothing heard below -92 dBm). It is seeded, so it always writes the same files.

    scripts/make-demo-survey.py            # writes input/demo-campus/wifi-*.csv
    scripts/make-demo-survey.py --thin C:1 --out DIR

With --thin BUILDING:LEVEL it writes the same survey with that floor surveyed deliberately
thinly (one spot in --keep-every, default 9, in scan order) into DIR, to see what the
fingerprints stage says of a survey too thin to position on (docs/wifi.md, "Survey quality").
"""
import argparse
import csv
import math
import os
import random

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
OUT = os.path.join(ROOT, "input", "demo-campus")
METRES_PER_DEGREE = 111_320.0


def footprints():
    """Building ref -> (levels, west, south, east, north) from buildings.csv."""
    result = {}
    with open(os.path.join(OUT, "buildings.csv"), newline="") as handle:
        for row in csv.DictReader(handle):
            numbers = row["footprint"].split("((")[1].split("))")[0].replace(",", " ").split()
            lons, lats = [float(v) for v in numbers[0::2]], [float(v) for v in numbers[1::2]]
            levels = [int(v) for v in row["levels"].split(";")]
            result[row["ref"]] = (levels, min(lons), min(lats), max(lons), max(lats))
    return result


def metres(lon1, lat1, lon2, lat2):
    scale = math.cos(math.radians((lat1 + lat2) / 2))
    return math.hypot((lon2 - lon1) * METRES_PER_DEGREE * scale, (lat2 - lat1) * METRES_PER_DEGREE)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--thin", metavar="BUILDING:LEVEL", help="survey this floor thinly")
    parser.add_argument("--keep-every", type=int, default=9, metavar="N", help="keep one spot in N of the thin floor")
    parser.add_argument("--out", default=OUT, help="folder to write into (default input/demo-campus)")
    args = parser.parse_args()
    thin = None
    if args.thin:
        building, _, level = args.thin.partition(":")
        if not level.lstrip("-").isdigit():
            parser.error(f"--thin takes BUILDING:LEVEL, such as C:1, not {args.thin!r}")
        thin = (building, int(level))
    if args.keep_every < 1:
        parser.error("--keep-every must be at least 1")
    os.makedirs(args.out, exist_ok=True)
    rng = random.Random(20261123)
    buildings = footprints()
    if thin and (thin[0] not in buildings or thin[1] not in buildings[thin[0]][0]):
        parser.error(f"the demo campus has no floor {args.thin} (buildings.csv)")
    access_points = []  # (bssid, building, level, lon, lat)
    for number, (ref, (levels, west, south, east, north)) in enumerate(sorted(buildings.items())):
        for level in levels:
            for index, (fx, fy) in enumerate([(0.25, 0.3), (0.75, 0.7), (0.5, 0.5)][: 3 if east - west > 0.0006 else 2]):
                bssid = "00:0b:86:%02x:%02x:%02x" % (number + 1, level + 8, index + 1)
                access_points.append((bssid, ref, level, west + (east - west) * fx, south + (north - south) * fy))
    with open(os.path.join(args.out, "wifi-access-points.csv"), "w", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["bssid", "ssid", "building", "level", "lon", "lat"])
        for bssid, ref, level, lon, lat in access_points:
            writer.writerow([bssid, "campus", ref, level, "%.7f" % lon, "%.7f" % lat])

    rows = []
    scan = spot = 0
    step = 8.0 / METRES_PER_DEGREE
    for ref, (levels, west, south, east, north) in sorted(buildings.items()):
        for level in levels:
            lat = south + step / 2
            while lat < north:
                lon = west + step / 2 / math.cos(math.radians(lat))
                while lon < east:
                    spot += 1
                    # The thin floor's other spots are still simulated, so that the noise, and
                    # with it every other floor, stays as in the full survey.
                    kept = (ref, level) != thin or spot % args.keep_every == 0
                    for _ in range(2):
                        scan += 1
                        for bssid, ap_ref, ap_level, ap_lon, ap_lat in access_points:
                            distance = max(1.0, metres(lon, lat, ap_lon, ap_lat))
                            rssi = -36 - 25 * math.log10(distance) - 18 * abs(level - ap_level)
                            rssi -= 0 if ap_ref == ref else 8
                            rssi += rng.gauss(0, 3)
                            if rssi >= -92 and kept:
                                rows.append(["s%04d" % scan, 1795000000 + scan * 5, bssid, round(min(rssi, -20)),
                                             "%.7f" % lon, "%.7f" % lat, level, ref, "survey-phone"])
                    lon += step / math.cos(math.radians(lat))
                lat += step
    with open(os.path.join(args.out, "wifi-survey.csv"), "w", newline="") as handle:
        writer = csv.writer(handle, lineterminator="\n")
        writer.writerow(["scan", "timestamp", "bssid", "rssi", "lon", "lat", "level", "building", "device"])
        writer.writerows(rows)


if __name__ == "__main__":
    main()
