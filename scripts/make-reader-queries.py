#!/usr/bin/env python3
"""Writes the query list the three bundle readers answer in `make test`.

Usage: scripts/make-reader-queries.py BUNDLE > readers/vectors/demo-campus.queries

The queries are drawn with a fixed seed from the bundle's own counts, names and extent, so
rerunning on the same bundle gives the same file. Answers are not stored: `make test` compares
the readers with each other.
"""
import json
import random
import struct
import sys


ROUTES_PER_PROFILE = 1500


def main(path):
    data = open(path, "rb").read()
    count = struct.unpack_from("<I", data, 16)[0]
    sections = {}
    for index in range(count):
        tag, _, _, offset, length, _ = struct.unpack_from("<4sHHQQQ", data, 64 + 32 * index)
        sections[tag.decode()] = data[offset:offset + length]
    meta = json.loads(sections["META"])
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
    names = []
    for index in range(struct.unpack_from("<I", places, 0)[0]):
        ref, name, category = struct.unpack_from("<III", places, 8 + 64 * index + 8)
        names += [text for text in (string(ref), string(name), string(category)) if text]

    rng = random.Random(20261123)
    lines = ["# Queries every bundle reader answers identically (readers/vectors/README.md).",
             "# Made by scripts/make-reader-queries.py from the demo campus bundle."]
    for profile in meta["profiles"]:
        # Many routes, because only some pairs have several paths of equal cost, and those are
        # where a reader that strays from the reference query would answer differently.
        for _ in range(ROUTES_PER_PROFILE):
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
    print("\n".join(lines))


if __name__ == "__main__":
    main(sys.argv[1])
