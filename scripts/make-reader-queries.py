#!/usr/bin/env python3
"""Writes the query list the three bundle readers answer in `make test`.

Usage: scripts/make-reader-queries.py BUNDLE input/demo-campus/wifi-survey.csv > readers/vectors/demo-campus.queries
       scripts/make-reader-queries.py BUNDLE > readers/vectors/station.queries
       scripts/make-reader-queries.py BUNDLE ../shared/data/wifi/ujiindoorloc/validationData.csv > readers/vectors/uji.queries

`steps` queries, next to last, describe a fixed-seed sample of the `route` queries' pairs, and
`maneuvers` queries ask the same routes' maneuvers, and `instructions` and `spoken` queries the
words of every fifth of them in every language and spoken distances; `route-via` queries, last,
ask routes through two to six stops, round trips among them.

A survey (long layout, or UJIIndoorLoc's wide one) adds `locate` queries: a fixed-seed sample of
its scans, as surveyed and changed the ways phones change them. A bundle without a graph (the
UJIIndoorLoc radio map) gets only those.

The queries are drawn with a fixed seed from the bundle's own counts, names and extent, so
rerunning on the same bundle gives the same file. Answers are not stored: `make test` compares
the readers with each other.
"""
import csv
import json
import math
import random
import struct
import sys


ROUTES_PER_PROFILE = 1500


def main(path, survey=None):
    data = open(path, "rb").read()
    count = struct.unpack_from("<I", data, 16)[0]
    sections = {}
    for index in range(count):
        tag, _, _, offset, length, _ = struct.unpack_from("<4sHHQQQ", data, 64 + 32 * index)
        sections[tag.decode()] = data[offset:offset + length]
    meta = json.loads(sections["META"])
    if "NODE" not in sections or struct.unpack_from("<I", sections["NODE"], 0)[0] == 0:
        lines = ["# Queries every bundle reader answers identically (readers/vectors/README.md).",
                 f"# Made by scripts/make-reader-queries.py from the {meta['venueID']} bundle and {survey_name(survey)}."]
        print("\n".join(lines + locate_queries(random.Random(20261127), read_scans(survey), sections.get("WIFI"))))
        return
    node_count = struct.unpack_from("<I", sections["NODE"], 0)[0]
    strings = sections["STRS"]
    string_count = struct.unpack_from("<I", strings, 0)[0]
    blob = 8 + 4 * (string_count + 1)

    def string(index):
        if index == 0xFFFFFFFF:
            return None
        start, end = struct.unpack_from("<II", strings, 8 + 4 * index)
        return strings[blob + start:blob + end].decode()

    places = sections["PLAC"]
    place_count = struct.unpack_from("<I", places, 0)[0]
    names = []
    records = []
    for index in range(place_count):
        level = struct.unpack_from("<H", places, 8 + 64 * index + 2)[0]
        ref, name, category = struct.unpack_from("<III", places, 8 + 64 * index + 8)
        names += [text for text in (string(ref), string(name), string(category)) if text]
        source = None
        if "PSRC" in sections:
            source = string(struct.unpack_from("<I", sections["PSRC"], 8 + 4 * index)[0])
        records.append((string(ref), string(name), None if level == 0xFFFF else level, source))
    aliases = []
    if "ALIA" in sections:
        alias = sections["ALIA"]
        alias_count = struct.unpack_from("<I", alias, 4)[0]
        base = 16 + 4 * (place_count + 1)
        aliases = [string(struct.unpack_from("<I", alias, base + 12 * index)[0]) for index in range(alias_count)]
        names += aliases

    rng = random.Random(20261123)
    lines = ["# Queries every bundle reader answers identically (readers/vectors/README.md).",
             f"# Made by scripts/make-reader-queries.py from the {meta['venueID']} bundle."]
    for profile in meta["profiles"]:
        # Many routes, because only some pairs have several paths of equal cost, and those are
        # where a reader that strays from the reference query would answer differently.
        for _ in range(min(ROUTES_PER_PROFILE, node_count * node_count // 4)):
            lines.append(f"route {profile} {rng.randrange(node_count)} {rng.randrange(node_count)}")
        for _ in range(15):
            lines.append(f"exit {profile} {rng.randrange(node_count)}")
    # Whole and partial refs and names, with case and accents changed, plus texts that fold.
    fixed = ["a", "A.2", "a.2.0", "b.1.g", "LECTURE", "lecture hall", "hall", "  Hall   1 ", "café", "CAFE",
             "Cafe\u0301", "libr", "x", "zzz", "Ünï", "Straße", "strasse", "\u0410\u0443\u0434", "toilet", "1"]
    for text in fixed:
        lines.append(f"search 10 {text}")
    for text in rng.sample(sorted(set(names)), min(30, len(set(names)))):
        cut = rng.randrange(1, len(text) + 1)
        variant = text[:cut]
        lines.append(f"search {rng.choice([1, 5, 10, 50])} {variant.upper() if rng.random() < 0.3 else variant}")
    box = meta["boundingBox"]
    for _ in range(60):
        level = rng.randrange(len(meta["levels"]))
        # Some positions lie outside the venue's extent, to walk the grid from outside.
        latitude = rng.uniform(box["south"] - 0.001, box["north"] + 0.001)
        longitude = rng.uniform(box["west"] - 0.001, box["east"] + 0.001)
        lines.append(f"snap {level} {latitude:.7f} {longitude:.7f}")
    for _ in range(40):
        level = rng.randrange(len(meta["levels"]))
        latitude = rng.uniform(box["south"] - 0.0005, box["north"] + 0.0005)
        longitude = rng.uniform(box["west"] - 0.0005, box["east"] + 0.0005)
        lines.append(f"snap-profile {rng.choice(meta['profiles'])} {level} {latitude:.7f} {longitude:.7f}")
    lines += endpoint_queries(rng, meta, records, aliases, box)
    if "CCHT" in sections:
        # A generator of its own, so that the queries above stay as they were.
        lines += conditions_queries(random.Random(20261125), sections, meta, records, string, node_count)
    if survey:
        lines += locate_queries(random.Random(20261127), read_scans(survey), sections.get("WIFI"))
    # Last and with a generator of their own, so that the queries above stay as they were.
    steps = steps_queries(random.Random(20261128), meta, lines)
    lines += steps
    # The maneuvers of the same routes, after everything else.
    lines += [f"maneuvers {line[len('steps '):]}" for line in steps]
    # Then the words of some of them in every language, and spoken distances.
    lines += words_queries(steps)
    # Routes through via points last, with a generator of their own.
    lines += via_queries(random.Random(20261129), meta, node_count)
    # The nearest places of a kind after them, with a generator of their own.
    capacities = [struct.unpack_from("<i", places, 8 + 64 * index + 44)[0] for index in range(place_count)]
    categories = [string(struct.unpack_from("<I", places, 8 + 64 * index + 16)[0]) for index in range(place_count)]
    lines += nearest_queries(random.Random(20261130), meta, node_count, records, categories, capacities)
    # The geofences last, with a generator of their own, for bundles that have them (since 2.2).
    if "GFNC" in sections:
        lines += geofence_queries(random.Random(20261131), meta, places, place_count)
    # The tours last, with a generator of their own, for bundles that have them (since 2.3).
    if "TOUR" in sections:
        lines += tour_queries(random.Random(20261201), meta, node_count, sections["TOUR"], string)
    # The crowds after them, with a generator of their own, for bundles that have them (since 2.3).
    if "CRWD" in sections:
        lines += crowd_queries(random.Random(20261202), meta, node_count, sections["CRWD"])
    print("\n".join(lines))


def crowd_queries(rng, meta, node_count, section):
    """Counts for random access points, a few of them up to standstill, in the spellings a
    controller may use (upper case, dashes, bare hex) and with one the bundle lacks: each as the
    areas' crowds, half as the conditions text, and routes under them for every profile."""
    count, _, _, _, key_bytes = struct.unpack_from("<IIIII", section, 0)
    text_at = len(section) - key_bytes
    keys = []
    for index in range(count):
        offset, length = struct.unpack_from("<II", section, 24 + 24 * index)
        keys.append(section[text_at + offset:text_at + offset + length].decode())

    def spelled(key):
        if len(key) == 17 and key.count(":") == 5:
            return rng.choice([key, key.upper(), key.replace(":", "-"), key.replace(":", "")])
        return key

    def counts():
        chosen = rng.sample(keys, min(len(keys), rng.randrange(1, 6)))
        pairs = [f"{spelled(key)}:{rng.choice([0, 3, 20, 80, 200, 600, 2000, 20000])}" for key in chosen]
        if rng.random() < 0.3:
            pairs.append(f"ff:ff:ff:00:00:{rng.randrange(256):02x}:{rng.randrange(100)}")
        return ",".join(pairs)

    lines = []
    for round in range(30):
        text = counts()
        lines.append(f"crowd {text}")
        if round % 2 == 0:
            lines.append(f"crowd-conditions {text}")
    for profile in meta["profiles"]:
        for _ in range(10):
            lines.append(f"route-crowd {profile} {rng.randrange(node_count)} {rng.randrange(node_count)} {counts()}")
    return lines


def tour_queries(rng, meta, node_count, section, string):
    """Each tour described, searches for words of their names (whole, cut, shouted, and none),
    and routes onto each tour from random nodes for every profile, joined at its start and at
    the nearest node."""
    tour_count = struct.unpack_from("<I", section, 0)[0]
    names = [string(struct.unpack_from("<I", section, 16 + 12 * index)[0]) for index in range(tour_count)]
    lines = [f"tour {index}" for index in range(tour_count)]
    words = sorted({word for name in names for word in name.split()})
    for text in ["run", "FUN R", "  park   promenade ", "loop", "zzz", "x"] + rng.sample(words, min(6, len(words))):
        lines.append(f"tour-search {text[:rng.randrange(1, len(text) + 1)] if rng.random() < 0.3 else text}")
    for index in range(tour_count):
        for profile in meta["profiles"]:
            for _ in range(3):
                source = rng.randrange(node_count)
                lines.append(f"route-tour {profile} {source} {index} start")
                lines.append(f"route-tour {profile} {source} {index} nearest")
    return lines


def via_queries(rng, meta, node_count):
    """`route-via` queries: per profile, routes through two to five drawn stops, some with a via
    on the stop before it (an empty leg) and some coming back to their start (round trips), so
    two to six stops in all."""
    lines = []
    for profile in meta["profiles"]:
        for index in range(12):
            stops = [rng.randrange(node_count) for _ in range(2 + index % 4)]
            if index % 3 == 1:
                stops.insert(1, stops[0])
            if index % 3 == 2:
                stops.append(stops[0])
            lines.append(f"route-via {profile} {' '.join(map(str, stops))}")
    return lines


def nearest_queries(rng, meta, node_count, records, categories, capacities):
    """`nearest` queries: per profile, from drawn nodes, each filter alone and in pairs (whole and
    cut categories, words of names, levels by ordinal and id, capacities the places have, lists
    of places, an empty list, a level that does not exist), with limits from 0 to 8."""
    words = sorted({word for ref, name, _, _ in records for text in (ref, name) if text for word in text.split()})
    kinds = sorted({category for category in categories if category and " " not in category})
    sizes = sorted({capacity for capacity in capacities if capacity >= 0})
    levels = sorted({str(level["ordinal"]).removesuffix(".0") for level in meta["levels"]}
                    | {level["id"] for level in meta["levels"] if " " not in level["id"]})

    def cut(text):
        return text[:rng.randrange(1, len(text) + 1)]

    def among():
        chosen = rng.sample(range(len(records)), min(len(records), rng.randrange(0, 9)))
        return "among=" + ",".join(map(str, chosen))

    draws = [lambda: [],
             lambda: [f"category={rng.choice(kinds)}"] if kinds else [],
             lambda: [f"category={cut(rng.choice(kinds))}"] if kinds else [],
             lambda: [f"keyword={cut(rng.choice(words))}"] if words else [],
             lambda: [f"on={rng.choice(levels)}"],
             lambda: [f"capacity={rng.choice(sizes)}"] if sizes else ["capacity=1"],
             among,
             lambda: [f"on={rng.choice(levels)}", f"category={rng.choice(kinds)}"] if kinds else [],
             lambda: [f"capacity={rng.choice(sizes) if sizes else 1}", among()],
             lambda: [f"keyword={cut(rng.choice(words))}", f"on={rng.choice(levels)}"] if words else [],
             lambda: ["on=nowhere-at-all"],
             lambda: ["among="]]
    lines = []
    for profile in meta["profiles"]:
        for index, draw in enumerate(draws):
            filters = draw()
            filters = filters if isinstance(filters, list) else [filters]
            limit = 0 if index == 0 and profile == meta["profiles"][0] else rng.randrange(1, 9)
            lines.append(" ".join([f"nearest {profile} {rng.randrange(node_count)} {limit}"] + filters))
    return lines


def geofence_queries(rng, meta, places, place_count):
    """`geofence` queries around the places with a position (within about 9 m, on their level
    and now and then on another) and anywhere in the venue's extent, then `geofence-track`
    queries walking in ten steps from one place to another on its level."""
    located = []
    for index in range(place_count):
        base = 8 + 64 * index
        positioned, level = places[base + 1], struct.unpack_from("<H", places, base + 2)[0]
        if positioned and level != 0xFFFF:
            latitude, longitude = struct.unpack_from("<ii", places, base + 48)
            located.append((level, latitude / 1e7, longitude / 1e7))
    if not located:
        return []
    box, levels = meta["boundingBox"], len(meta["levels"])
    lines = []
    for number in range(60):
        if number % 3 == 2:
            level = rng.randrange(levels)
            latitude, longitude = rng.uniform(box["south"], box["north"]), rng.uniform(box["west"], box["east"])
        else:
            level, latitude, longitude = rng.choice(located)
            latitude += rng.uniform(-0.00008, 0.00008)
            longitude += rng.uniform(-0.00012, 0.00012)
            if number % 7 == 0:
                level = rng.randrange(levels)
        lines.append(f"geofence {level} {latitude:.7f} {longitude:.7f}")
    for _ in range(6):
        level, latitude, longitude = rng.choice(located)
        _, to_latitude, to_longitude = rng.choice([place for place in located if place[0] == level])
        steps = [f"{level},{latitude + (to_latitude - latitude) * k / 9:.7f},{longitude + (to_longitude - longitude) * k / 9:.7f}"
                 for k in range(10)]
        lines.append("geofence-track " + " ".join(steps))
    return lines


LANGUAGES = ("de", "en", "es", "fr")
# Destinations an arrival names: bundle-like text, one starting lower case (data is never
# capitalised) and one starting with a Latin-1 capital.
DESTINATIONS = ("Library", "café am Markt", "Ärztehaus 2")
# Centimetres at and around every boundary of docs/guidance.md, "Spoken distances".
SPOKEN = (0, 499, 500, 749, 750, 9999, 10000, 10499, 10500, 49999, 50000, 52500, 97499, 97500, 99999, 100000,
          104999, 105000, 145000, 194999, 195000, 200000, 1234567890)


def words_queries(steps):
    """`instructions` queries for every fifth `steps` route in every language (every other one
    naming a destination; a route without maneuvers, and one in a language no bundle has), then
    `spoken` queries."""
    queries = []
    for number, line in enumerate(steps[::5]):
        route = line[len("steps "):]
        for language in LANGUAGES:
            destination = f" {DESTINATIONS[number // 2 % len(DESTINATIONS)]}" if number % 2 else ""
            queries.append(f"instructions {language} {route}{destination}")
    if steps:
        # A route from a node to itself (the last), and a language no bundle has.
        queries.append(f"instructions de {steps[-1][len('steps '):]}")
        queries.append(f"instructions xx {steps[0][len('steps '):]}")
    queries += [f"spoken {language} {centimetres}" for language in LANGUAGES for centimetres in SPOKEN]
    queries.append("spoken xx 500")
    return queries


STEPS_PER_PROFILE = 150


def steps_queries(rng, meta, lines):
    """`steps` queries: the described routes of a fixed-seed sample of the `route` queries' pairs
    per profile, and one route that starts where it ends, which has no steps."""
    queries = []
    for profile in meta["profiles"]:
        pairs = sorted({tuple(line.split()[2:4]) for line in lines if line.startswith(f"route {profile} ")},
                       key=lambda pair: (int(pair[0]), int(pair[1])))
        for source, target in rng.sample(pairs, min(STEPS_PER_PROFILE, len(pairs))):
            queries.append(f"steps {profile} {source} {target}")
        if pairs:
            queries.append(f"steps {profile} {pairs[0][0]} {pairs[0][0]}")
    return queries


LOCATE_SCANS = 150


def survey_name(path):
    return path.replace("\\", "/").split("/")[-1]


def read_scans(path):
    """The scans of a survey as lists of (access point, RSSI) in file order: a long survey's rows
    grouped by `scan`, or a wide one's columns other than its scan columns, `100` meaning not heard."""
    with open(path, newline="", encoding="utf-8") as file:
        rows = list(csv.reader(file))
    header, rows = rows[0], rows[1:]
    if "scan" in header:
        scan, bssid, rssi = header.index("scan"), header.index("bssid"), header.index("rssi")
        scans = {}
        for row in rows:
            scans.setdefault(row[scan], []).append((row[bssid], int(float(row[rssi]))))
        return list(scans.values())
    columns = [index for index, name in enumerate(header) if name.startswith("WAP")]
    return [[(header[index], int(row[index])) for index in columns if int(row[index]) != 100] for row in rows]


def respelled(bssid, rng):
    """A BSSID as phones and exports also write it (`docs/bundle-format.md`, `WIFI`)."""
    groups = bssid.split(":")
    if len(groups) != 6:
        return bssid
    form = rng.randrange(4)
    if form == 0:
        return bssid.upper()
    if form == 1:
        return "-".join(groups)
    if form == 2:
        return "".join(groups).upper()
    return ":".join(group.lstrip("0") or "0" for group in groups)


def map_access_points(wifi):
    """The access point ids of a `WIFI` section (version 2) and its weakest RSSI, read by the
    layout of docs/bundle-format.md: tables padded to 8 bytes but `spots`, after `floors`."""
    points, buildings, floors, spots, scans, spot_postings, scan_postings, strings = struct.unpack_from("<8I", wifi, 0)
    weakest = struct.unpack_from("<d", wifi, 56)[0]
    def after(at, size):
        return (at + size + 7) // 8 * 8
    ids_at = 80
    at = after(ids_at, 4 * points)
    at = after(at, 4 * (points + 1))
    at = after(at, 4 * (points + 1))
    at = after(at, 4 * buildings)
    at = after(at + 16 * floors, 12 * spots)
    at = after(at, 4 * scans)
    at = after(at, 4 * spot_postings)
    offsets_at = after(at, 4 * scan_postings)
    bytes_at = offsets_at + 4 * (strings + 1)
    offsets = struct.unpack_from(f"<{strings + 1}I", wifi, offsets_at)
    ids = struct.unpack_from(f"<{points}I", wifi, ids_at)
    return [wifi[bytes_at + offsets[i]:bytes_at + offsets[i + 1]].decode() for i in ids], weakest


def locate_queries(rng, scans, wifi=None):
    """`locate` lines: sampled scans as surveyed, then changed: readings dropped, shifted by a few
    dB, respelled, repeated with another RSSI, joined by unknown or too weak access points; and
    scans the locator must call unknown. With the bundle's `WIFI` section, scans hearing 255, 256
    and every access point of a map of 256 or more."""
    def line(readings):
        return "locate " + ",".join(f"{ap}:{rssi}" for ap, rssi in readings)

    chosen = rng.sample(scans, min(LOCATE_SCANS, len(scans)))
    lines = [line(scan) for scan in chosen]
    for scan in chosen[:LOCATE_SCANS // 2]:
        kept = [reading for reading in scan if rng.random() < 0.6] or scan[:1]
        lines.append(line(kept))
        lines.append(line([(ap, max(-120, min(-1, rssi + rng.randint(-4, 4)))) for ap, rssi in scan]))
        changed = [(respelled(ap, rng), rssi) for ap, rssi in scan]
        if changed:
            twice = rng.choice(changed)
            changed.insert(rng.randrange(len(changed) + 1), (twice[0], twice[1] + rng.choice([-9, 7])))
        changed.append(("02:00:00:00:00:01" if ":" in scan[0][0] else "WAP999", -40))
        changed.append((scan[0][0], -119))
        lines.append(line(changed))
        lines.append(line(scan[:1]))
    known = sorted({ap for scan in scans for ap, _ in scan})
    lines += [line([(known[0], -120)]), line([("02:00:00:00:00:02", -50)]), line([(known[-1], -150)]),
              line([(ap, -104) for ap in known[:5]]), line([(ap, -30) for ap in known[:3]])]
    # Scans hearing 255, 256 and every access point of the map: the C core sums weights in 32-bit
    # units below 256 heard and in doubles from 256 on (docs/wifi.md), and the answers must not
    # show which. The first sampled scan's readings, every other access point faint but heard.
    ids, weakest = map_access_points(wifi) if wifi else ([], 0)
    if len(ids) >= 256:
        heard, faint = dict(chosen[0]), math.ceil(weakest) + 4
        for count in (255, 256, len(ids)):
            lines.append(line([(ap, heard[ap] if heard.get(ap, weakest) > weakest else faint + index % 7)
                               for index, ap in enumerate(ids[:count])]))
    # Texts that are no scan: answered `invalid` by every reader.
    lines += ["locate " + text for text in ("WAP001", "WAP001:-70,", ":-70", "WAP001:-7e1", "WAP001:--70",
                                           "WAP001:70.", "WAP001:+70", "WAP001:-70 ,WAP002:-60")]
    return lines


CONNECTOR_KINDS = {3, 4, 5, 6, 7}  # ARCS kinds: stairs, lift, escalator, ramp, steps
DOOR_KINDS = {1, 2}  # NODE kinds: door, entrance


def conditions_queries(rng, sections, meta, records, string, node_count):
    """Routes and ways out under conditions (docs/conditions.md) that close and slow what the bundle has:
    connectors, doors and places by name, levels by ordinal, id and building, polygons around
    nodes; some with targets that match nothing or name several places, some malformed."""
    nodes, arcs = sections["NODE"], sections["ARCS"]
    positions, connectors, doors = [], set(), set()
    for index in range(node_count):
        latitude, longitude, level, kind, _, label = struct.unpack_from("<iiHBBI", nodes, 8 + 16 * index)
        positions.append((latitude / 1e7, longitude / 1e7, level))
        if kind in DOOR_KINDS and string(label):
            doors.add(string(label))
    arc_count = struct.unpack_from("<I", arcs, 4)[0]
    base = 8 + 4 * (node_count + 1)
    base += -base % 8
    for index in range(arc_count):
        _, _, label, kind = struct.unpack_from("<IIIB", arcs, base + 16 * index)
        if kind in CONNECTOR_KINDS and string(label):
            connectors.add(string(label))
    levels = meta["levels"]
    names = [text for ref, name, _, _ in records for text in (ref, name) if text]
    shared = sorted({name for _, name, _, _ in records if name and sum(1 for r in records if r[1] == name) > 1})

    def named():
        pool = rng.choice([sorted(connectors), sorted(doors), names])
        text = rng.choice(pool) if pool else rng.choice(names)
        return text.upper() if rng.random() < 0.2 else text

    def level():
        summary = rng.choice(levels)
        return rng.choice([summary["id"], summary["name"], summary.get("building") or summary["id"],
                           str(int(summary["ordinal"])) if summary["ordinal"] == int(summary["ordinal"]) else repr(summary["ordinal"])])

    def polygon():
        latitude, longitude, index = rng.choice(positions)
        size = rng.choice([0.00005, 0.0002, 0.0006])
        ring = [[round(latitude + size * dy, 7), round(longitude + size * dx, 7)]
                for dy, dx in ((-1, -1), (-1, 1), (1.2, 0.9), (0.8, -1.3))]
        return {"polygon": ring, "level": levels[index]["id"]}

    def target():
        choice = rng.random()
        if choice < 0.55:
            return named() if rng.random() < 0.5 else {"ref": named()}
        return {"level": level()} if choice < 0.75 else polygon()

    factors = [1, 1.5, 2, 2.5, 3, 7.25, 1000]

    def slow_down():
        chosen = target()
        entry = dict(chosen) if isinstance(chosen, dict) else {"ref": chosen}
        entry["factor"] = rng.choice(factors)
        return entry
    sets = []
    for _ in range(240):
        conditions = {}
        closed = [target() for _ in range(rng.choice([0, 1, 1, 2]))]
        slow = [slow_down() for _ in range(rng.choice([0, 1, 2, 3]))]
        if closed:
            conditions["closed"] = closed
        if slow:
            conditions["slow"] = slow
        sets.append(json.dumps(conditions, ensure_ascii=False))
    sets += [json.dumps(value, ensure_ascii=False) for value in (
        {"closed": ["Nothing here at all"]}, {"closed": ["Lift A", "zz"], "slow": [{"level": "99", "factor": 2}]},
        {"slow": [{"ref": shared[0], "factor": 2}]} if shared else {"closed": []},
        {"closed": [shared[0]]} if shared else {"slow": []},
    )]
    sets += ['{"closed": "Lift A"}', '{"open": []}', '{"closed": [""]}', '{"closed": [" \\t "]}', "[]", "nonsense",
             '{"slow": [{"ref": "Lift A", "factor": 0.5}]}', '{"slow": [{"ref": "Lift A", "factor": 1001}]}',
             '{"slow": [{"ref": "Lift A", "factor": true}]}', '{"slow": [{"ref": "Lift A", "factor": "2"}]}',
             '{"slow": [{"ref": "Lift A"}]}', '{"closed": [{"ref": "Lift A", "level": "0"}]}',
             '{"closed": [{"polygon": [[0, 0], [1, 1]], "level": "0"}]}',
             '{"closed": [{"polygon": [[0, 0], [1, 1], [91, 0]], "level": "0"}]}', '{"closed": [',
             '{"slow": [{"ref": "Lift A", "factor": NaN}]}', '{"closed": [1]}', '{}']
    lines = []
    for conditions in sets:
        profile = rng.choice(meta["profiles"])
        lines.append(f"route-conditions {profile} {rng.randrange(node_count)} {rng.randrange(node_count)} {conditions}")
    # The way out under the same conditions, and without any, which must match the egress table.
    exits = random.Random(20261126)
    for conditions in sets[::2] + ["{}"] * 20:
        lines.append(f"exit-conditions {exits.choice(meta['profiles'])} {exits.randrange(node_count)} {conditions}")
    return lines


def endpoint_queries(rng, meta, records, aliases, box):
    """Endpoint texts of every kind docs/endpoints.md resolves: refs, names, aliases and source
    ids as written and with case and accents changed, with @level (ordinal, name, id) and
    @building, positions with and without a level, and texts that are ambiguous, elsewhere,
    unknown, empty or no position."""
    levels = meta["levels"]
    texts = []
    for ref, name, level, source in records:
        for text in (ref, name, source):
            if text:
                texts.append(text)
        if name and level is not None:
            summary = levels[level]
            ordinal = summary["ordinal"]
            ordinal_text = str(int(ordinal)) if ordinal == int(ordinal) else repr(ordinal)
            texts += [f"{name}@{ordinal_text}", f"{name}@{summary['name']}", f"{name}@{summary['id']}"]
            if summary.get("building"):
                texts.append(f"{name}@{summary['building']}")
            # The same name on a level it is not on.
            other = levels[(level + 1) % len(levels)]
            texts.append(f"{name}@{other['id']}")
    texts += aliases
    chosen = rng.sample(texts, min(120, len(texts)))
    lines = []
    for text in chosen:
        variant = text.upper() if rng.random() < 0.25 else text
        lines.append(f"endpoint {variant}")
    for text in rng.sample(texts, min(20, len(texts))):
        # Misspelt: one character dropped, for the suggestions.
        if len(text) > 3:
            cut = rng.randrange(len(text))
            lines.append(f"endpoint {text[:cut] + text[cut + 1:]}")
    for _ in range(30):
        latitude = rng.uniform(box["south"], box["north"])
        longitude = rng.uniform(box["west"], box["east"])
        summary = levels[rng.randrange(len(levels))]
        qualifier = rng.choice([summary["id"], summary["name"], str(int(summary["ordinal"]))])
        lines.append(f"endpoint {latitude:.7f},{longitude:.7f}@{qualifier}")
    lines += [
        "endpoint ", "endpoint   ", "endpoint zzzz", "endpoint @0", "endpoint x@", "endpoint 1,2",
        f"endpoint {box['south']:.6f}, {box['west']:.6f}", f"endpoint {box['south']:.6f},{box['west']:.6f}@nowhere",
        "endpoint 91,8@0", "endpoint -45.5,181@0", "endpoint 1.,2@0", "endpoint node/0", "endpoint way/999999999",
        # What people type at a station (readers/vectors/station): platforms by synonym and ref,
        # a chain shop on several levels and buildings, cash machines known by their OSM ids.
        "endpoint Gleis 1", "endpoint platform 1", "endpoint TRACK 2", "endpoint 1", "endpoint voie 8a",
        "endpoint andén 2", "endpoint Rossmann", "endpoint rossmann@-1", "endpoint Rossmann@UG", "endpoint Rossmann@EG",
        "endpoint Rossmann@S@0", "endpoint Rossmann@Kiosk", "endpoint Rossmann@3", "endpoint Geldautomat@0",
        "endpoint node/4090296503", "endpoint Lost property", "endpoint Rosmann",
    ]
    return lines


if __name__ == "__main__":
    main(*sys.argv[1:3])
