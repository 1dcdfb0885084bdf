#!/usr/bin/env python3
"""Writes the seed corpus of every Swift fuzzing target from the repository's own small files.

    Tests/Fuzz/make-seeds.py OUT [--bundles DIR]

OUT/TARGET/ gets a few valid inputs per target, made from input/, the test fixtures and the
pipelines (never from ../shared): the fuzzer mutates from there. DIR holds bundles and a
publication root made by scripts/fuzz.sh with navforge (the demo and station bundles, the demo
published and signed), for the bundle, conditions and publishing targets.
"""

import argparse
import bz2
import gzip
import io
import json
import shutil
import struct
import sys
import zipfile
import zlib
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DEMO = REPO / "input" / "demo-campus"
FIXTURES = REPO / "Tests" / "PipelineTests" / "Fixtures"
# Walkway networks, and the profile rules' fixtures (barriers, car parks, walls, doorless halls).
OSM_FIXTURES = [FIXTURES / "walkway-networks", FIXTURES / "trusted-routes"]


def write(folder, name, data):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_bytes(data if isinstance(data, bytes) else data.encode())


# --- OSM PBF: just enough of the format (wiki "PBF Format") to encode small XML fixtures. ---

def varint(value):
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def zigzag(value):
    return (value << 1) ^ (value >> 63)


def field(number, wire, payload):
    key = varint((number << 3) | wire)
    if wire == 0:
        return key + varint(payload)
    return key + varint(len(payload)) + payload


def packed(number, values, signed=False):
    return field(number, 2, b"".join(varint(zigzag(v) if signed else v) for v in values))


def blob(kind, message):
    compressed = zlib.compress(message)
    body = field(2, 0, len(message)) + field(3, 2, compressed)
    header = field(1, 2, kind.encode()) + field(3, 0, len(body))
    return struct.pack(">I", len(header)) + header + body


def osm_xml_to_pbf(xml_text):
    import xml.etree.ElementTree as ElementTree
    root = ElementTree.fromstring(xml_text)
    strings = [""]

    def index(text):
        if text not in strings:
            strings.append(text)
        return strings.index(text)

    nodes = [element for element in root if element.tag == "node"]
    ways = [element for element in root if element.tag == "way"]
    ids, lats, lons, keys_vals = [], [], [], []
    for node in nodes:
        ids.append(int(node.get("id")))
        lats.append(round(float(node.get("lat")) * 1e7))
        lons.append(round(float(node.get("lon")) * 1e7))
        for tag in node.findall("tag"):
            keys_vals += [index(tag.get("k")), index(tag.get("v"))]
        keys_vals.append(0)

    def delta(values):
        previous, out = 0, []
        for value in values:
            out.append(value - previous)
            previous = value
        return out

    dense = packed(1, delta(ids), True) + packed(8, delta(lats), True) + packed(9, delta(lons), True) + \
        packed(10, keys_vals)
    groups = field(2, 2, field(2, 2, dense))
    way_messages = b""
    for way in ways:
        tags = way.findall("tag")
        refs = [int(nd.get("ref")) for nd in way.findall("nd")]
        message = field(1, 0, int(way.get("id"))) + packed(2, [index(t.get("k")) for t in tags]) + \
            packed(3, [index(t.get("v")) for t in tags]) + packed(8, delta(refs), True)
        way_messages += field(3, 2, message)
    if way_messages:
        groups += field(2, 2, way_messages)
    table = field(1, 2, b"".join(field(1, 2, s.encode()) for s in strings))
    header = field(4, 2, b"OsmSchema-V0.6") + field(4, 2, b"DenseNodes")
    return blob("OSMHeader", header) + blob("OSMData", table + groups)


# --- IMDF: a small delivery written out in full (IMDF 1.0.0 feature types). ---

def imdf_files():
    def feature(identifier, kind, geometry, properties):
        return {"type": "Feature", "id": identifier, "feature_type": kind, "geometry": geometry, "properties": properties}

    square = {"type": "Polygon", "coordinates": [[[11.0, 48.0], [11.0002, 48.0], [11.0002, 48.0002], [11.0, 48.0002],
                                                   [11.0, 48.0]]]}
    room = {"type": "Polygon", "coordinates": [[[11.0, 48.0], [11.0001, 48.0], [11.0001, 48.0001], [11.0, 48.0001],
                                                 [11.0, 48.0]]]}
    door = {"type": "LineString", "coordinates": [[11.00004, 48.0001], [11.00006, 48.0001]]}
    name = {"en": "Hall"}
    ids = {kind: f"{n:08d}-0000-4000-8000-000000000000" for n, kind in
           enumerate(["address", "venue", "building", "footprint", "level0", "level1", "unit", "walkway", "opening"])}
    collections = {
        "address.geojson": [feature(ids["address"], "address", None, {"address": "1 Main St", "locality": "Town",
                                                                         "country": "DE", "unit": None})],
        "venue.geojson": [feature(ids["venue"], "venue", square, {"category": "universitycampus", "name": name,
                                                                     "address_id": ids["address"], "restriction": None,
                                                                     "alt_name": None, "hours": None, "phone": None,
                                                                     "website": None, "display_point": None})],
        "building.geojson": [feature(ids["building"], "building", None, {"name": name, "category": "unspecified",
                                                                            "address_id": None, "alt_name": None,
                                                                            "restriction": None, "display_point": None})],
        "footprint.geojson": [feature(ids["footprint"], "footprint", square, {"category": "ground", "name": None,
                                                                                 "building_ids": [ids["building"]]})],
        "level.geojson": [feature(ids["level0"], "level", square, {"category": "unspecified", "ordinal": 0,
                                                                      "name": {"en": "Ground"}, "short_name": {"en": "0"},
                                                                      "outdoor": False, "building_ids": [ids["building"]],
                                                                      "address_id": None, "restriction": None,
                                                                      "display_point": None}),
                          feature(ids["level1"], "level", square, {"category": "unspecified", "ordinal": 1,
                                                                      "name": {"en": "First"}, "short_name": {"en": "1"},
                                                                      "outdoor": False, "building_ids": [ids["building"]],
                                                                      "address_id": None, "restriction": None,
                                                                      "display_point": None})],
        "unit.geojson": [feature(ids["unit"], "unit", room, {"category": "room", "level_id": ids["level0"],
                                                                "name": {"en": "Room 1"}, "alt_name": None,
                                                                "restriction": None, "accessibility": None,
                                                                "display_point": None}),
                         feature(ids["walkway"], "unit", square, {"category": "walkway", "level_id": ids["level0"],
                                                                     "name": None, "alt_name": None, "restriction": None,
                                                                     "accessibility": None, "display_point": None})],
        "opening.geojson": [feature(ids["opening"], "opening", door, {"category": "pedestrian", "level_id": ids["level0"],
                                                                         "name": None, "alt_name": None,
                                                                         "accessibility": None, "access_control": None,
                                                                         "door": {"type": "door", "automatic": False,
                                                                                  "material": None},
                                                                         "display_point": None})],
    }
    files = {"manifest.json": json.dumps({"version": "1.0.0", "created": "2026-01-01T00:00:00Z", "language": "en"})}
    for name, features in collections.items():
        files[name] = json.dumps({"type": "FeatureCollection", "features": features})
    return files


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--bundles", type=Path, help="bundles and a publication root made with navforge")
    arguments = parser.parse_args()
    out = arguments.out
    if out.exists():
        shutil.rmtree(out)

    for osm in sorted(path for folder in OSM_FIXTURES for path in folder.glob("*.osm")):
        data = osm.read_bytes()
        write(out / "osm-xml", osm.name, data)
        write(out / "osm-gzip", osm.name + ".gz", gzip.compress(data, mtime=0))
        write(out / "osm-bzip2", osm.name + ".bz2", bz2.compress(data))
        write(out / "osm-pbf", osm.stem + ".osm.pbf", osm_xml_to_pbf(data))
    for geojson in sorted(list(DEMO.glob("*.geojson")) + list((REPO / "readers/vectors/station").glob("*.geojson"))):
        write(out / "geojson", geojson.name, geojson.read_bytes())
    files = imdf_files()
    write(out / "imdf-folder", "delivery.txt", "".join(f"@@ {name}\n{text}\n" for name, text in files.items()))
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zipped:
        for name, text in sorted(files.items()):
            info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))
            zipped.writestr(info, text, compress_type=zipfile.ZIP_DEFLATED)
    write(out / "imdf-zip", "delivery.zip", archive.getvalue())
    for table, name in [("buildings", "buildings.csv"), ("rooms", "library-rooms.csv"), ("pois", "pois.csv"),
                        ("events", "events.csv")]:
        write(out / f"csv-{table}", name, (DEMO / name).read_bytes())
    write(out / "csv-buildings", "station-buildings.csv", (REPO / "readers/vectors/station/buildings.csv").read_bytes())
    import csv
    with open(DEMO / "library-rooms.csv", newline="") as handle:
        for number, row in enumerate(csv.DictReader(handle)):
            if row.get("wkt"):
                write(out / "wkt", f"room-{number}.wkt", row["wkt"])
    write(out / "wkt", "multipolygon.wkt", "MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), ((2 2, 3 2, 3 3, 2 2)))")
    write(out / "wkt", "linestring.wkt", "LINESTRING (11.58 48.15, 11.59 48.16)")
    survey = (DEMO / "wifi-survey.csv").read_text().splitlines(keepends=True)
    write(out / "survey-long", "wifi-survey-head.csv", "".join(survey[:120]))
    write(out / "survey-access-points", "wifi-access-points.csv", (DEMO / "wifi-access-points.csv").read_bytes())
    header = "x,y,floor,building,ap1,ap2,ap3\n"
    write(out / "survey-wide", "wide.csv", header + "1288700.1,6129800.2,0,0,-50,100,-70\n1288705.1,6129802.2,1,0,100,-60,-80\n")
    for pipeline in sorted((REPO / "pipelines").glob("*.yml")):
        write(out / "pipeline-yaml", pipeline.name, pipeline.read_bytes())
    write(out / "conditions", "lift-a-closed.json", (DEMO / "lift-a-closed.json").read_bytes())
    write(out / "conditions", "mixed.json", json.dumps({"closed": ["Main entrance", {"level": "1"}],
                                                         "slow": [{"target": {"polygon": [[11.58, 48.15], [11.581, 48.15],
                                                                                        [11.581, 48.151], [11.58, 48.15]],
                                                                              "level": "0"}, "factor": 2.5}]}))
    bundles = arguments.bundles
    if bundles:
        for bundle in sorted(bundles.glob("*.navbundle")):
            write(out / "bundle-reader", bundle.name, bundle.read_bytes())
        root = bundles / "root"
        write(out / "catalog", "catalog.json", (root / "catalog.json").read_bytes())
        for latest in sorted(root.glob("*/latest.json")):
            write(out / "latest", f"{latest.parent.name}-latest.json", latest.read_bytes())
        for statement in sorted(root.glob("*/*/statement.json")):
            signature = statement.with_name("statement.sig")
            tail = signature.read_bytes() if signature.exists() else b""
            write(out / "statement", f"{statement.parent.parent.name}-{statement.parent.name}.json",
                  statement.read_bytes() + tail)
    counts = {folder.name: len(list(folder.iterdir())) for folder in sorted(out.iterdir())}
    print(f"seeds: {counts}", file=sys.stderr)


if __name__ == "__main__":
    main()
