#!/usr/bin/env python3
"""Routes the pairs route-audit wrote with Valhalla, and compares like with like.

    compare-valhalla.py AUDIT.jsonl --config valhalla.json --pbf city.osm.pbf

AUDIT.jsonl is route-audit's output (one JSON object per pair and profile: start and end
coordinates, navforge's length, time and metres on ways closed to wheelchairs). Each pair is
routed again with Valhalla's pedestrian costing (profile foot) or pedestrian with
type=wheelchair (profile wheelchair), from the same coordinates. Valhalla's edges name their OSM
ways; their tags are read from the PBF with pyosmium, and the metres on ways that close to a
wheelchair are counted by the same lists route-audit uses (docs/profiles.md). Printed per
profile: routes found by each, the median and quartiles of navforge's length over Valhalla's
on pairs both found, and the metres on closing ways for each side.
"""
import argparse
import json
import statistics
import sys

import osmium
import valhalla

CLOSING_SURFACES = {"unpaved", "gravel", "pebblestone", "rock", "rocks", "shells", "stepping_stones", "ground",
                    "dirt", "earth", "grass", "woodchips", "artificial_turf", "clay", "soil", "forest_floor",
                    "mud", "sand", "snow", "ice", "salt"}
CLOSING_SMOOTHNESS = {"bad", "very_bad", "horrible", "very_horrible", "impassable"}
CLOSING_TRACK_TYPES = {"grade3", "grade4", "grade5"}


def closing_reasons(tags):
    """What closes an OSM way to a wheelchair by docs/profiles.md (ways only: Valhalla's edges
    do not name the barrier nodes they pass)."""
    reasons = []
    surface = tags.get("surface")
    if surface in CLOSING_SURFACES:
        reasons.append("surface")
    if tags.get("smoothness") in CLOSING_SMOOTHNESS:
        reasons.append("smoothness")
    if tags.get("tracktype") in CLOSING_TRACK_TYPES:
        reasons.append("tracktype")
    scale = tags.get("sac_scale")
    if scale is not None and scale not in ("strolling", "hiking"):
        reasons.append("sac_scale")
    if tags.get("highway") == "track" and not any(k in tags for k in ("surface", "smoothness", "tracktype")):
        reasons.append("untagged-track")
    return reasons


class WayTags(osmium.SimpleHandler):
    """The ground tags of the ways asked for."""

    def __init__(self, wanted):
        super().__init__()
        self.wanted = wanted
        self.tags = {}

    def way(self, way):
        if way.id in self.wanted:
            self.tags[way.id] = {k: way.tags.get(k) for k in ("highway", "surface", "smoothness", "tracktype", "sac_scale")
                                 if way.tags.get(k) is not None}


def route(actor, record):
    costing = {"costing": "pedestrian"}
    if record["profile"] == "wheelchair":
        costing["costing_options"] = {"pedestrian": {"type": "wheelchair"}}
    (a, b), (c, d) = record["from"], record["to"]
    request = dict(costing, locations=[{"lat": a, "lon": b}, {"lat": c, "lon": d}], units="kilometers")
    try:
        answer = json.loads(actor.route(json.dumps(request)))
    except RuntimeError:
        return None
    leg = answer["trip"]["legs"][0]
    trace = dict(costing, shape_match="edge_walk", encoded_polyline=leg["shape"],
                 filters={"attributes": ["edge.way_id", "edge.length"], "action": "include"})
    try:
        edges = json.loads(actor.trace_attributes(json.dumps(trace))).get("edges", [])
    except RuntimeError:
        # edge_walk needs the shape to follow the edges exactly; map matching is close enough.
        trace["shape_match"] = "map_snap"
        edges = json.loads(actor.trace_attributes(json.dumps(trace))).get("edges", [])
    return {"metres": answer["trip"]["summary"]["length"] * 1000, "seconds": answer["trip"]["summary"]["time"],
            "edges": [(edge["way_id"], edge["length"] * 1000) for edge in edges]}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("audit")
    parser.add_argument("--config", required=True)
    parser.add_argument("--pbf", required=True)
    options = parser.parse_args()
    records = [json.loads(line) for line in open(options.audit) if line.strip()]
    actor = valhalla.Actor(options.config)
    peers = [route(actor, record) for record in records]
    handler = WayTags({way for peer in peers if peer for way, _ in peer["edges"]})
    handler.apply_file(options.pbf)
    for profile in sorted({record["profile"] for record in records}, reverse=True):
        pairs = [(r, p) for r, p in zip(records, peers) if r["profile"] == profile]
        ours = sum(1 for r, _ in pairs if "metres" in r)
        theirs = sum(1 for _, p in pairs if p)
        both = [(r, p) for r, p in pairs if "metres" in r and p and p["metres"] > 0]
        ratios = sorted(r["metres"] / p["metres"] for r, p in both)
        closing_ours, closing_theirs, routes_ours, routes_theirs = {}, {}, 0, 0
        for record, peer in pairs:
            closing = record.get("closing_metres", {})
            routes_ours += bool(closing)
            for reason, metres in closing.items():
                closing_ours[reason] = closing_ours.get(reason, 0) + metres
            if peer:
                seen = False
                for way, metres in peer["edges"]:
                    for reason in closing_reasons(handler.tags.get(way, {})):
                        closing_theirs[reason] = closing_theirs.get(reason, 0) + metres
                        seen = True
                routes_theirs += seen
        print(f"{profile}: {len(pairs)} pairs; routes found: navforge {ours}, Valhalla {theirs}")
        if ratios:
            quartiles = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else ratios * 3
            within = sum(1 for ratio in ratios if abs(ratio - 1) <= 0.02)
            print(f"  length navforge / Valhalla on {len(ratios)} pairs both found: median {statistics.median(ratios):.3f}, "
                  f"quartiles {quartiles[0]:.3f}-{quartiles[2]:.3f}, within 2 %: {within}")
        for name, closing, routes in (("navforge", closing_ours, routes_ours), ("Valhalla", closing_theirs, routes_theirs)):
            total = sum(closing.values())
            detail = ", ".join(f"{reason} {metres / 1000:.2f} km" for reason, metres in sorted(closing.items()))
            print(f"  {name}: {routes} routes use ways closed to wheelchairs, {total / 1000:.2f} km in all"
                  + (f" ({detail})" if detail else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
