#!/usr/bin/env python3
"""Scores navforge's turn instructions and Valhalla's by one geometric judge, on the same pairs.

    compare-guidance.py AUDIT.jsonl --bundle CITY.navbundle --config valhalla.json
                        [--indoor STATION.navbundle --indoor-pairs 100] [--details FILE]

AUDIT.jsonl is route-audit's output for profile foot (outdoor nodes drawn with a fixed seed).
Each pair is routed by navforge through the Python reader (``route_maneuvers`` on the bundle,
the C core's maneuvers) and by Valhalla (pedestrian costing) from the same coordinates.

The judge sees only a polyline and the instructions placed on it, and treats both engines alike:

* navforge's polyline is the route's nodes with the SHAP corners of its arcs between them;
  Valhalla's is its decoded polyline6 ``shape``.
* At every vertex at least 3 m from both ends, the turn angle is the change from the direction
  of the chord 3 m back to the vertex to the direction of the chord from it to the point 3 m
  ahead (positive clockwise, to the right). Vertices where |angle| > 45 degrees, each within 3 m
  of the next, form one **bend** whose angle is that of its sharpest vertex.
* An instruction lies at a vertex: navforge's at its node or corner, Valhalla's at its
  ``begin_shape_index``. It **addresses** a bend when it lies within 3 m (along the polyline) of
  one of the bend's vertices.
* A bend is **correct** when an instruction addressing it has the bend's side (a U-turn
  instruction matches a bend sharper than 135 degrees at its sharpest vertex or across all its
  vertices, a hairpin, whose sign the look-around cannot tell), **wrong side** when
  instructions address it but none has its side, and a **miss** when none does.
* An instruction addressing no bend is judged where it lies, by the sharpest vertex within 3 m:
  correct (a fork or slight bend on the instruction's side) when that angle is at least 10
  degrees (Valhalla's and navforge's limit of "straight") with the instruction's sign, wrong
  side when at least 10 degrees against it, and unjudged when the way runs straight there.

Turn instructions counted: navforge's maneuvers of kind ``turn`` and ``fork`` and ``continue``
with a slight modifier (it names a side); Valhalla's maneuver types 9-16 (slight right ...
slight left, U-turns included), 18-21 (ramp and exit right/left: "Turn right to take the
ramp") and 23/24 (keep right/left), values read off the installed package's instructions.

Printed per engine, over the pairs both route: kilometres, bends, correct bends, wrong-side
bends, misses, judged off-bend instructions, and correct turn instructions per kilometre; then
why each engine missed bends (navforge's from its arcs' kinds and nearby maneuvers, Valhalla's
from its edges, read with ``trace_attributes``), and which of Valhalla's instructions lie where
its way runs straight. ``--details`` writes each pair's scores as JSON lines.

Indoors (``--indoor``): pairs of indoor nodes in profile foot's main piece, drawn with a fixed
seed; every bend (as above) whose vertex lies inside a corridor outline (OUTL kind 1) of its
level must carry a maneuver of any kind within 3 m, and for context the same is counted for
every bend on an indoor level. navforge only: Valhalla has no corridors.
"""
import argparse
import bisect
import json
import math
import os
import random
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "readers", "python"))
import navbundle  # noqa: E402

LOOK = 3.0          # metres back and ahead of a vertex, and the placement tolerance
BEND = 45.0         # degrees: sharper is a bend that needs an instruction
STRAIGHT = 10.0     # degrees: below it a way runs straight and no side can be told
UTURN = 135.0       # degrees: past it the look-around's sign says nothing
EARTH = 6371008.8   # metres, the mean radius

NAVFORGE_SIDES = {"slight right": 1, "right": 1, "sharp right": 1, "slight left": -1, "left": -1, "sharp left": -1,
                  "uturn": 0}
VALHALLA_SIDES = {9: 1, 10: 1, 11: 1, 12: 0, 13: 0, 14: -1, 15: -1, 16: -1, 18: 1, 19: -1, 20: 1, 21: -1, 23: 1,
                  24: -1}


# Geometry

def planar(points):
    """(x east, y north) in metres around the points' mean latitude: good to well under 0.1 %
    over a city."""
    if not points:
        return []
    mid = math.radians(sum(lat for lat, _ in points) / len(points))
    scale = math.radians(1) * EARTH
    return [(lon * scale * math.cos(mid), lat * scale) for lat, lon in points]


def decode_polyline6(text):
    """Valhalla's encoded shape: (latitude, longitude) pairs at 1e-6 degree."""
    points, at, lat, lon = [], 0, 0, 0
    while at < len(text):
        values = []
        for _ in range(2):
            shift, result = 0, 0
            while True:
                byte = ord(text[at]) - 63
                at += 1
                result |= (byte & 0x1F) << shift
                shift += 5
                if byte < 0x20:
                    break
            values.append(~(result >> 1) if result & 1 else result >> 1)
        lat += values[0]
        lon += values[1]
        points.append((lat / 1e6, lon / 1e6))
    return points


class Polyline:
    """A route's vertices in metres, with their distances from the start."""

    def __init__(self, points):
        xy = planar(points)
        # Repeated vertices (a link of length 0, a snapped start) carry no direction.
        self.vertex_of = []  # input index -> kept vertex
        self.xy = []
        for point in xy:
            if not self.xy or math.dist(point, self.xy[-1]) > 1e-6:
                self.xy.append(point)
            self.vertex_of.append(len(self.xy) - 1)
        self.along = [0.0]
        for a, b in zip(self.xy, self.xy[1:]):
            self.along.append(self.along[-1] + math.dist(a, b))
        self.length = self.along[-1]

    def at(self, s):
        """The point `s` metres from the start."""
        k = min(max(bisect.bisect_right(self.along, s) - 1, 0), len(self.xy) - 2)
        span = self.along[k + 1] - self.along[k]
        t = 0.0 if span == 0 else (s - self.along[k]) / span
        (x0, y0), (x1, y1) = self.xy[k], self.xy[k + 1]
        return x0 + t * (x1 - x0), y0 + t * (y1 - y0)

    def turn(self, vertices):
        """The signed change of direction across a run of vertices: from the chord arriving at the
        first (from `LOOK` metres back) to the chord leaving the last (to `LOOK` metres ahead). A
        hairpin bent over several vertices turns by more than any one of them."""
        first, last = self.along[vertices[0]], self.along[vertices[-1]]
        (xb, yb), (x0, y0) = self.at(max(first - LOOK, 0.0)), self.xy[vertices[0]]
        (x1, y1), (xa, ya) = self.xy[vertices[-1]], self.at(min(last + LOOK, self.length))
        before = math.atan2(x0 - xb, y0 - yb)
        after = math.atan2(xa - x1, ya - y1)
        return (math.degrees(after - before) + 180) % 360 - 180

    def angles(self):
        """{vertex: signed turn angle in degrees} at every vertex `LOOK` metres from both ends."""
        result = {}
        for k in range(1, len(self.xy) - 1):
            s = self.along[k]
            if s < LOOK or s > self.length - LOOK:
                continue
            (xb, yb), (x, y), (xa, ya) = self.at(s - LOOK), self.xy[k], self.at(s + LOOK)
            before = math.atan2(x - xb, y - yb)
            after = math.atan2(xa - x, ya - y)
            result[k] = (math.degrees(after - before) + 180) % 360 - 180
        return result


# The judge

def judge(line, instructions, inside=None):
    """Scores `instructions` [(input point index, side +1 right / -1 left / 0 U-turn, label)] on
    `line`; the labels of those judged where the way runs straight are listed in the score.
    `inside(vertex)` limits the bends that count (indoors: those in a corridor)."""
    angles = line.angles()
    bends, current = [], []
    for k in sorted(k for k, angle in angles.items() if abs(angle) > BEND):
        if current and line.along[k] - line.along[current[-1]] > LOOK:
            bends.append(current)
            current = []
        current.append(k)
    if current:
        bends.append(current)
    placed = [(line.along[line.vertex_of[index]], side) for index, side, _ in instructions]
    used = set()
    score = {"bends": 0, "correct": 0, "wrong": 0, "missed": 0, "off_correct": 0, "off_wrong": 0, "off_straight": 0,
             "instructions": len(placed), "missed_at": [],
             "straight_labels": []}

    def near(s, ks):
        return any(abs(s - line.along[k]) <= LOOK + 1e-9 for k in ks)

    for bend in bends:
        sharpest = max(bend, key=lambda k: abs(angles[k]))
        angle = angles[sharpest]
        addressing = [i for i, (s, _) in enumerate(placed) if near(s, bend)]
        used.update(addressing)
        if inside is not None and not inside(sharpest):
            continue
        score["bends"] += 1
        sides = {placed[i][1] for i in addressing}
        if (1 if angle > 0 else -1) in sides or (0 in sides and max(abs(angle), abs(line.turn(bend))) > UTURN):
            score["correct"] += 1
        elif addressing:
            score["wrong"] += 1
        else:
            score["missed"] += 1
            score["missed_at"].append((sharpest, angle))
    for i, (s, side) in enumerate(placed):
        if i in used:
            continue
        close = [angles[k] for k in angles if abs(line.along[k] - s) <= LOOK + 1e-9]
        angle = max(close, key=abs, default=0.0)
        if abs(angle) < STRAIGHT or side == 0:
            score["off_straight"] += 1
            score["straight_labels"].append(instructions[i][2])
        elif (angle > 0) == (side > 0):
            score["off_correct"] += 1
        else:
            score["off_wrong"] += 1
    return score


def add(total, score):
    for key, value in score.items():
        if not isinstance(value, list):
            total[key] = total.get(key, 0) + value


# navforge's side

class Venue:
    """The bundle's nodes, arcs' corners and route arcs, read as a judge needs them."""

    def __init__(self, path):
        self.bundle = navbundle.Bundle(path)
        node = self.bundle.section("NODE")
        count = struct.unpack_from("<I", node, 0)[0]
        self.nodes = [struct.unpack_from("<iiH", node, 8 + 16 * n) for n in range(count)]
        self.first_corner, start, corners = self.corner_offsets()
        self.corners = [struct.unpack_from("<ii", shape, start + 8 * c) for c in range(corners)]
        arcs_section = self.bundle.section("ARCS")
        nodes, arc_count = struct.unpack_from("<II", arcs_section, 0)
        entries = (8 + 4 * (nodes + 1) + 7) // 8 * 8
        # ARCS entries are 16 bytes with the kind at byte 12: 3 stairs, 4 lift, 5 escalator, 6 ramp, 7 steps.
        self.arc_kinds = bytes(arcs_section[entries + 12:entries + 16 * arc_count:16])
        self.profile = self.bundle.profiles.index("foot")

    def corner_offsets(self):
        """Per arc its first corner (one more entry for the total), where the corners start and
        how many there are: SHAP version 1 stores the offsets, version 2 only the bent arcs'."""
        shape = self.bundle.section("SHAP")
        arcs, corners = struct.unpack_from("<II", shape, 0)
        version = next(section.version for section in self.bundle.sections if section.tag == "SHAP")
        if version == 1:
            return struct.unpack_from(f"<{arcs + 1}I", shape, 8), (8 + 4 * (arcs + 1) + 7) // 8 * 8, corners
        bent = struct.unpack_from("<I", shape, 8)[0]
        words = (arcs + 63) // 64
        first_at = (16 + 12 * words + 7) // 8 * 8
        bent_first = struct.unpack_from(f"<{bent + 1}I", shape, first_at)
        bits = int.from_bytes(shape[16:16 + 8 * words], "little")
        offsets, k = [], 0
        for arc in range(arcs):
            offsets.append(bent_first[k])
            k += bits >> arc & 1
        offsets.append(corners)
        return offsets, (first_at + 4 * (bent + 1) + 7) // 8 * 8, corners

    def path(self, source, target):
        """(nodes, arcs) of the foot route, or None. The reader's public ``route`` gives the nodes
        only; the arcs (whose corners bend the route inside a space) come from the same C call."""
        path = navbundle._Path()
        try:
            self.bundle._call(navbundle._core.nb_route_path, self.profile, source, target, path)
            if not path.nodes:
                return None
            return path.nodes[:path.node_count], path.arcs[:path.arc_count]
        finally:
            navbundle._core.nb_path_free(path)

    def route(self, source, target):
        """The route's polyline, each point's level and the kinds of the arcs before and after it,
        and its maneuvers placed on the polyline's points, or None when unreachable."""
        found = self.path(source, target)
        if found is None:
            return None
        nodes, arcs = found
        points, levels, node_point, corner_point, kinds = [], [], [], {}, []
        for k, node in enumerate(nodes):
            node_point.append(len(points))
            lat, lon, level = self.nodes[node]
            points.append((lat / 1e7, lon / 1e7))
            levels.append(level)
            kinds.append((self.arc_kinds[arcs[k - 1]] if k > 0 else None,
                          self.arc_kinds[arcs[k]] if k < len(arcs) else None))
            if k < len(arcs):
                for corner in range(self.first_corner[arcs[k]], self.first_corner[arcs[k] + 1]):
                    corner_point[corner] = len(points)
                    points.append((self.corners[corner][0] / 1e7, self.corners[corner][1] / 1e7))
                    levels.append(level)
                    kinds.append((self.arc_kinds[arcs[k]],) * 2)
        maneuvers = self.bundle.route_maneuvers("foot", source, target) or []
        placed = [(corner_point[m.corner] if m.corner is not None else node_point[m.route_index], m) for m in maneuvers]
        return Route(points, levels, kinds, placed)


class Route:
    """navforge's route as the judge and the analysis of its misses see it."""

    def __init__(self, points, levels, kinds, placed):
        self.points, self.levels, self.kinds, self.placed = points, levels, kinds, placed


def navforge_instructions(placed):
    """The turn instructions among placed maneuvers: (point, side)."""
    chosen = []
    for point, maneuver in placed:
        if maneuver.kind in ("turn", "fork") or (maneuver.kind == "continue" and maneuver.modifier in
                                                  ("slight left", "slight right")):
            if maneuver.modifier in NAVFORGE_SIDES:
                chosen.append((point, NAVFORGE_SIDES[maneuver.modifier], maneuver.kind))
    return chosen


# Valhalla's side

def valhalla_route(actor, start, end):
    """(polyline points, [(shape index, side, type)] of its turn instructions, [(shape index, type)]
    of all its maneuvers, [encoded shape of each leg]) of Valhalla's pedestrian route, or None."""
    request = {"locations": [{"lat": start[0], "lon": start[1]}, {"lat": end[0], "lon": end[1]}],
               "costing": "pedestrian", "directions_options": {"units": "kilometers", "language": "en-US"}}
    try:
        answer = json.loads(actor.route(json.dumps(request)))
    except RuntimeError:
        return None
    points, instructions, maneuvers, shapes = [], [], [], []
    for leg in answer["trip"]["legs"]:
        offset = len(points)
        points.extend(decode_polyline6(leg["shape"]))
        shapes.append((offset, leg["shape"]))
        for maneuver in leg["maneuvers"]:
            at = offset + maneuver["begin_shape_index"]
            maneuvers.append((at, maneuver["type"]))
            if maneuver["type"] in VALHALLA_SIDES:
                instructions.append((at, VALHALLA_SIDES[maneuver["type"]], maneuver["type"]))
    return points, instructions, maneuvers, shapes


def valhalla_missed_causes(actor, line, maneuvers, shapes, missed_at):
    """Why Valhalla missed each bend: inside one of its edges (a way's own curve, where it never
    speaks), at an edge boundary beside a maneuver of another type, at one with none; edges are
    read by ``trace_attributes`` walking its own shape."""
    boundaries = set()
    for offset, shape in shapes:
        trace = {"costing": "pedestrian", "shape_match": "edge_walk", "encoded_polyline": shape,
                 "filters": {"attributes": ["edge.begin_shape_index", "edge.end_shape_index"], "action": "include"}}
        try:
            edges = json.loads(actor.trace_attributes(json.dumps(trace))).get("edges", [])
        except RuntimeError:
            return {"on a shape trace_attributes cannot walk": len(missed_at)}
        for edge in edges:
            boundaries.update((offset + edge["begin_shape_index"], offset + edge["end_shape_index"]))
    ends = [line.along[line.vertex_of[index]] for index in boundaries if index < len(line.vertex_of)]
    causes = {}
    for vertex, _ in missed_at:
        s = line.along[vertex]
        if not any(abs(s - end) <= LOOK for end in ends):
            cause = "inside an edge"
        else:
            types = sorted({kind for index, kind in maneuvers if abs(line.along[line.vertex_of[index]] - s) <= LOOK})
            cause = f"at an edge boundary beside maneuver type {'/'.join(map(str, types))}" if types else \
                "at an edge boundary with no maneuver"
        causes[cause] = causes.get(cause, 0) + 1
    return causes


# Reports

def report(name, total, kilometres):
    found = total.get("correct", 0) + total.get("off_correct", 0)
    print(f"  {name}: {kilometres:.1f} km, {total.get('instructions', 0)} turn instructions; "
          f"bends > {BEND:.0f} deg: {total.get('bends', 0)}, correct {total.get('correct', 0)}, "
          f"wrong side {total.get('wrong', 0)}, missed {total.get('missed', 0)}; off bends: correct "
          f"{total.get('off_correct', 0)}, wrong side {total.get('off_wrong', 0)}, straight {total.get('off_straight', 0)}")
    print(f"  {name}: correct turn instructions per km {found / kilometres if kilometres else 0:.2f} "
          f"(at bends {total.get('correct', 0) / kilometres if kilometres else 0:.2f}), "
          f"wrong side per km {(total.get('wrong', 0) + total.get('off_wrong', 0)) / kilometres if kilometres else 0:.2f}, "
          f"misses per km {total.get('missed', 0) / kilometres if kilometres else 0:.2f}")


CONNECTOR_ARCS = {3, 4, 5, 6, 7}
STEPS_ARC = 7


def missed_causes(route, line, missed_at):
    """Why navforge missed each bend, first that applies: the bend is on steps, or on a flight,
    ramp or lift or beside one (rule 4 leaves them all to the connector's maneuver); a bend the other way
    within 3 m cancels it in the group's sum (a zig-zag or a jog across a street); it is within
    5 degrees of the limit; a turn or fork lies 3-10 m away; else none of these."""
    causes = {}
    angles = line.angles()
    first_point = {}
    for index, vertex in enumerate(line.vertex_of):
        first_point.setdefault(vertex, index)
    for vertex, angle in missed_at:
        s = line.along[vertex]
        near = [(abs(line.along[line.vertex_of[point]] - s), m) for point, m in route.placed]
        kinds = set(route.kinds[first_point[vertex]])
        if STEPS_ARC in kinds:
            cause = "on steps (ARCS kind 7)"
        elif kinds & CONNECTOR_ARCS or any(
                d <= LOOK and m.kind in ("stairs", "escalator", "elevator", "ramp") for d, m in near):
            cause = "on or beside a flight, ramp or lift"
        elif any(abs(line.along[k] - s) <= LOOK and angles[k] * angle < 0 and abs(angles[k]) >= 15 for k in angles):
            cause = "a bend the other way within 3 m"
        elif abs(angle) <= BEND + 5:
            cause = "within 5 deg of the limit"
        elif any(d <= 10 and m.kind in ("turn", "fork") for d, m in near):
            cause = "a turn or fork 3-10 m away"
        else:
            cause = "other"
        causes[cause] = causes.get(cause, 0) + 1
    return causes


def outdoors(options):
    import valhalla
    records = [json.loads(line) for line in open(options.audit) if line.strip()]
    records = [r for r in records if r["profile"] == "foot"]
    venue = Venue(options.bundle)
    outdoor = [i for i, level in enumerate(venue.bundle.levels) if level.id == "outdoor"]
    at = {}
    for n, (lat, lon, level) in enumerate(venue.nodes):
        if level in outdoor:
            at.setdefault((lat, lon), n)
    actor = valhalla.Actor(options.config)
    meta = json.loads(bytes(venue.bundle.section("META")))
    print(f"versions: {meta['generator']} (bundle format {meta['format']}), Valhalla {valhalla.__version__} "
          f"(pyvalhalla-weekly), Python {sys.version.split()[0]}")
    totals = {"navforge": {}, "Valhalla": {}}
    lengths = {"navforge": 0.0, "Valhalla": 0.0}
    causes, their_causes, their_straight, pairs, details = {}, {}, {}, 0, []
    for record in records:
        ends = [at.get((round(c[0] * 1e7), round(c[1] * 1e7))) for c in (record["from"], record["to"])]
        if None in ends:
            continue
        ours = venue.route(*ends)
        theirs = valhalla_route(actor, record["from"], record["to"])
        if not ours or not theirs or len(ours.points) < 2 or len(theirs[0]) < 2:
            continue
        pairs += 1
        line = Polyline(ours.points)
        score = judge(line, navforge_instructions(ours.placed))
        add(totals["navforge"], score)
        lengths["navforge"] += line.length
        for cause, count in missed_causes(ours, line, score["missed_at"]).items():
            causes[cause] = causes.get(cause, 0) + count
        their_line = Polyline(theirs[0])
        their_score = judge(their_line, theirs[1])
        for cause, count in valhalla_missed_causes(actor, their_line, theirs[2], theirs[3],
                                                   their_score["missed_at"]).items():
            their_causes[cause] = their_causes.get(cause, 0) + count
        for label in their_score["straight_labels"]:
            their_straight[label] = their_straight.get(label, 0) + 1
        add(totals["Valhalla"], their_score)
        lengths["Valhalla"] += their_line.length
        details.append({"pair": record["pair"],
                        "navforge": {k: v for k, v in score.items() if not isinstance(v, list)},
                        "navforge_km": round(line.length / 1000, 3),
                        "Valhalla": {k: v for k, v in their_score.items() if not isinstance(v, list)},
                        "Valhalla_km": round(their_line.length / 1000, 3)})
    print(f"outdoors, profile foot: {pairs} of {len(records)} pairs routed by both")
    for name in ("navforge", "Valhalla"):
        report(name, totals[name], lengths[name] / 1000)
    print("  navforge's misses: " + (", ".join(f"{cause} {count}" for cause, count in sorted(causes.items(),
                                                                                               key=lambda c: -c[1]))
                                     or "none"))
    print("  Valhalla's misses: " + (", ".join(f"{cause} {count}" for cause, count in
                                               sorted(their_causes.items(), key=lambda c: -c[1])) or "none"))
    print("  Valhalla's instructions where its way runs straight, by type: "
          + (", ".join(f"{kind} {count}" for kind, count in sorted(their_straight.items())) or "none"))
    return details


def inside_polygon(x, y, ring):
    inside = False
    for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1]):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def indoors(options):
    venue = Venue(options.indoor)
    bundle = venue.bundle
    corridors = {}  # level -> [rings, each as (lon, lat) lists: exterior first]
    for level in range(bundle.level_count):
        corridors[level] = [[[(lon, lat) for lat, lon in ring] for ring in outline.rings]
                            for outline in bundle.outlines(level) if outline.kind == 1]
    indoor_levels = {i for i, level in enumerate(bundle.levels) if level.id != "outdoor"}
    candidates = [n for n, (_, _, level) in enumerate(venue.nodes)
                  if level in indoor_levels and bundle.in_main_piece(n, "foot")]
    draw = random.Random(options.seed)
    # Bends inside corridors (what issue 38 asks), and for context every bend on an indoor level.
    totals, causes = {"corridor": {}, "indoor": {}}, {"corridor": {}, "indoor": {}}
    kilometres, pairs = 0.0, 0
    for _ in range(options.indoor_pairs):
        source, target = draw.choice(candidates), draw.choice(candidates)
        route = venue.route(source, target)
        if not route or len(route.points) < 2:
            continue
        pairs += 1
        line = Polyline(route.points)
        first_point = {}
        for index, vertex in enumerate(line.vertex_of):
            first_point.setdefault(vertex, index)

        def in_corridor(vertex):
            index = first_point[vertex]
            lat, lon = route.points[index]
            return any(inside_polygon(lon, lat, rings[0]) and not any(inside_polygon(lon, lat, hole) for hole in rings[1:])
                       for rings in corridors.get(route.levels[index], []))

        def on_indoor_level(vertex):
            return route.levels[first_point[vertex]] in indoor_levels

        # Every maneuver but depart and arrive carries a bend; its side, where it has one, is judged too.
        every = [(point, NAVFORGE_SIDES.get(m.modifier, 2), m.kind) for point, m in route.placed
                 if m.kind not in ("depart", "arrive")]
        for name, inside in (("corridor", in_corridor), ("indoor", on_indoor_level)):
            score = judge(line, every, inside=inside)
            add(totals[name], score)
            for cause, count in missed_causes(route, line, score["missed_at"]).items():
                causes[name][cause] = causes[name].get(cause, 0) + count
        kilometres += line.length / 1000
    print(f"indoors (heidelberg-hbf), profile foot: {pairs} of {options.indoor_pairs} pairs routed, {kilometres:.2f} km")
    for name, what in (("corridor", "inside corridors"), ("indoor", "anywhere on an indoor level")):
        total = totals[name]
        carried = total.get("correct", 0) + total.get("wrong", 0)
        print(f"  bends > {BEND:.0f} deg {what}: {total.get('bends', 0)}; carrying a maneuver {carried} "
              f"(of the bend's side {total.get('correct', 0)}, without a side or of the other "
              f"{total.get('wrong', 0)}), missed {total.get('missed', 0)}"
              + "".join(f"; {cause} {count}" for cause, count in sorted(causes[name].items(), key=lambda c: -c[1])))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("audit")
    parser.add_argument("--bundle", required=True)
    parser.add_argument("--config", required=True)
    parser.add_argument("--indoor")
    parser.add_argument("--indoor-pairs", type=int, default=100)
    parser.add_argument("--seed", type=int, default=38)
    parser.add_argument("--details")
    options = parser.parse_args()
    # Valhalla logs every route to file descriptor 1: that goes to stderr, the report to stdout.
    sys.stdout.flush()
    report_fd = os.dup(1)
    os.dup2(2, 1)
    sys.stdout = os.fdopen(report_fd, "w", buffering=1)
    details = outdoors(options)
    if options.details:
        with open(options.details, "w") as out:
            for line in details:
                out.write(json.dumps(line, sort_keys=True) + "\n")
    if options.indoor:
        indoors(options)
    return 0


if __name__ == "__main__":
    sys.exit(main())
