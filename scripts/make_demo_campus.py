#!/usr/bin/env python3
"""Generate the sample input for navforge: the fictional "Demo Campus University".

The campus is invented for navforge's tests and demo; it depicts no real place. Only the
geographic origin is a real-looking coordinate, because the pipeline needs WGS 84 input.

Usage (from the repository root):

    python3 scripts/make_demo_campus.py           # rewrite the files, then check them
    python3 scripts/make_demo_campus.py --check   # only check the files already on disk

Design notes:

* Everything is drawn in local metres (x east, y north) and converted to lon/lat only when a
  file is written. Walls shared by two spaces are therefore the same numbers in both, and a
  door placed on a wall in metres lands exactly on both outlines after conversion.
* Output is deterministic: no randomness, no timestamps, a fixed feature order, and one
  compact feature per line so that a change to one room shows up as a one-line diff.
* The check reads the files back instead of trusting the in-memory model, so it also catches
  mistakes in the writers (wrong ring order, swapped lon/lat, a broken CSV quote).
* Standard library only, so the script runs wherever Python 3.9+ does.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import math
import re
import sys
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Dict, Iterable, List, Optional, Sequence, Tuple

REPO_ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = REPO_ROOT / "input" / "demo-campus"

Metres = Tuple[float, float]

# ---------------------------------------------------------------------------------------------
# Local metres -> WGS 84
# ---------------------------------------------------------------------------------------------

ORIGIN_LAT = 48.15
ORIGIN_LON = 11.58
# Metres per degree of latitude on a sphere with the IUGG mean Earth radius. A sphere and the
# equirectangular projection distort distances by well under one percent here, which does not
# matter for test data, and the formula is trivial to reproduce in a Swift test.
M = 6371008.8 * math.pi / 180.0
M_LON = M * math.cos(math.radians(ORIGIN_LAT))
DECIMALS = 7  # about 1 cm; more digits would only add noise to diffs

_lonlat_cache: Dict[Metres, Tuple[float, float]] = {}


def lonlat(p: Metres) -> Tuple[float, float]:
    """Convert a point in metres to rounded (lon, lat).

    The cache makes "compute each corner once" literal: every feature that uses a corner gets
    the very same pair of floats, so shared walls and path junctions cannot drift apart.
    """
    if p not in _lonlat_cache:
        x, y = p
        _lonlat_cache[p] = (round(ORIGIN_LON + x / M_LON, DECIMALS),
                            round(ORIGIN_LAT + y / M, DECIMALS))
    return _lonlat_cache[p]


def metres(lon: float, lat: float) -> Metres:
    """Inverse of lonlat(), used by the check to reason in metres."""
    return ((lon - ORIGIN_LON) * M_LON, (lat - ORIGIN_LAT) * M)


# ---------------------------------------------------------------------------------------------
# Venue model (default property names; the library writer translates to its CAD names)
# ---------------------------------------------------------------------------------------------

# The order in which properties are written. A fixed order keeps the files stable and groups
# the attributes a reader scans for first (kind, level, ref, name).
PROPERTY_ORDER = [
    "kind", "level", "ref", "name", "category", "capacity", "width", "door", "automatic",
    "wheelchair", "access", "step_count", "handrail", "incline", "lit", "surface",
    "description", "opening_hours", "tour", "route",
]

WALKABLE_KINDS = ("room", "corridor", "area", "stairs", "elevator")


@dataclass
class Space:
    """A polygon: room, corridor, area, stairwell, lift shaft or obstacle."""
    fid: str
    kind: str
    level: str                 # OSM level syntax, exactly as written to the file
    ring: List[Metres]         # open ring (first point not repeated), counter-clockwise
    props: Dict[str, object] = field(default_factory=dict)

    @property
    def levels(self) -> List[int]:
        return parse_level(self.level)


@dataclass
class Spot:
    """A point: door, entrance, vertical connector or POI."""
    fid: str
    kind: str
    level: str
    xy: Metres
    props: Dict[str, object] = field(default_factory=dict)


@dataclass
class Building:
    ref: str
    name: str
    address: str
    level_names: Dict[int, str]
    footprint: List[Metres]
    spaces: List[Space] = field(default_factory=list)
    spots: List[Spot] = field(default_factory=list)


@dataclass
class Way:
    """An outdoor LineString."""
    fid: str
    points: List[Metres]
    props: Dict[str, object]


_LEVEL_TERM = re.compile(r"^(-?\d+)(?:-(-?\d+))?$")


def parse_level(text: str) -> List[int]:
    """Expand OSM level syntax ("0", "-1", "0;1", "-1-2") into the integer levels it names."""
    levels: List[int] = []
    for term in text.split(";"):
        match = _LEVEL_TERM.match(term.strip())
        if not match:
            raise ValueError(f"unsupported level value {text!r}")
        low = int(match.group(1))
        high = int(match.group(2)) if match.group(2) is not None else low
        levels.extend(range(low, high + 1))
    return sorted(set(levels))


def rect(x0: float, y0: float, x1: float, y1: float) -> List[Metres]:
    """Counter-clockwise rectangle, starting at the south-west corner."""
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def translate(points: Iterable[Metres], dx: float, dy: float) -> List[Metres]:
    return [(x + dx, y + dy) for x, y in points]


def signed_area(ring: Sequence[Metres]) -> float:
    return 0.5 * sum(ax * by - bx * ay
                     for (ax, ay), (bx, by) in zip(ring, list(ring[1:]) + [ring[0]]))


def _strictly_between(p: Metres, a: Metres, b: Metres) -> bool:
    """Whether p lies on segment ab but is neither end."""
    (px, py), (ax, ay), (bx, by) = p, a, b
    if p == a or p == b:
        return False
    if abs((bx - ax) * (py - ay) - (by - ay) * (px - ax)) > 1e-9:
        return False
    dot = (px - ax) * (bx - ax) + (py - ay) * (by - ay)
    return 0 < dot < (bx - ax) ** 2 + (by - ay) ** 2


def node_shared_walls(spaces: List[Space]) -> None:
    """Insert the corners of neighbouring spaces into each outline (T-junctions).

    A corridor wall runs past many rooms. Without this step the corridor would have one long
    edge where each room has a short one, and tools that compare edges (or build a planar
    graph) would not see them as the same wall. One pass suffices because only original
    corners are ever inserted, and every one of them is offered to every outline.
    """
    walkable = [s for s in spaces if s.kind in WALKABLE_KINDS]
    original = {id(s): list(s.ring) for s in walkable}
    for space in walkable:
        corners = {p for other in walkable
                   if other is not space and set(other.levels) & set(space.levels)
                   for p in original[id(other)]}
        ring = original[id(space)]
        noded: List[Metres] = []
        for a, b in zip(ring, ring[1:] + ring[:1]):
            noded.append(a)
            between = [p for p in corners if _strictly_between(p, a, b)]
            between.sort(key=lambda p: (p[0] - a[0]) ** 2 + (p[1] - a[1]) ** 2)
            noded.extend(between)
        space.ring = noded


# ---------------------------------------------------------------------------------------------
# Building A: Main Building (default property names)
# ---------------------------------------------------------------------------------------------

# A 60 m x 16 m slab: rooms on the south band, a 3 m corridor, rooms on the north band.
A_SOUTH = (0.0, 6.5)
A_CORRIDOR = (6.5, 9.5)
A_NORTH = (9.5, 16.0)

# (band, ref, x0, x1, name, category, capacity, doors, extra properties)
# A door is an x on the corridor wall of its band, or an explicit (x, y) point.
# Teaching rooms are wider than offices: eight rooms per level along 60 m leave no choice.
RoomRow = Tuple[str, str, float, float, str, str, Optional[int], list, dict]

A_ROOMS: Dict[int, List[RoomRow]] = {
    -1: [
        ("N", "A.-1.01", 6, 30, "Storage", "storage", None, [27], {"access": "employees"}),
        ("N", "A.-1.02", 30, 57, "Workshop", "workshop", 12, [33, 54], {"access": "employees"}),
        ("S", "A.-1.03", 0, 24, "Server room", "server_room", None, [21],
         {"access": "private", "description": "Authorised IT staff only"}),
        ("S", "A.-1.04", 24, 60, "Materials lab", "laboratory", 16, [27, 57], {}),
    ],
    0: [
        ("N", "A.0.01", 6, 20, "Lecture room", "lecture_room", 90, [8, 18], {}),
        ("N", "A.0.02", 20, 28, "Seminar room", "seminar_room", 24, [26], {}),
        ("N", "A.0.03", 28, 43, "Computer lab", "computer_lab", 40, [30, 41], {}),
        ("N", "A.0.04", 43, 57, "Lecture room", "lecture_room", 80, [45, 55], {}),
        ("S", "A.0.05", 0, 8, "Toilets", "toilets", None, [6],
         {"description": "Includes an accessible toilet"}),
        # The cafeteria opens onto both the corridor and the foyer, so it has two doors.
        ("S", "A.0.06", 8, 22, "Cafeteria", "cafeteria", 70, [15, (22, 3)],
         {"opening_hours": "Mo-Fr 08:00-16:00"}),
        ("S", "A.0.07", 38, 46, "Student Services", "office", 8, [40],
         {"opening_hours": "Mo-Th 09:00-15:00; Fr 09:00-12:00"}),
        ("S", "A.0.08", 46, 60, "Seminar room", "seminar_room", 36, [48, 58], {}),
    ],
    1: [
        ("N", "A.1.01", 6, 14, "Dean's office", "office", 6, [12], {"access": "employees"}),
        ("N", "A.1.02", 14, 28, "Seminar room", "seminar_room", 40, [26], {}),
        ("N", "A.1.03", 28, 43, "Lecture room", "lecture_room", 96, [30, 41], {}),
        ("N", "A.1.04", 43, 57, "Computer lab", "computer_lab", 36, [45, 55], {}),
        ("S", "A.1.05", 0, 8, "Toilets", "toilets", None, [6], {}),
        ("S", "A.1.06", 8, 24, "Lecture room", "lecture_room", 110, [10, 22], {}),
        ("S", "A.1.07", 24, 42, "Lecture room", "lecture_room", 120, [26, 40], {}),
        ("S", "A.1.08", 42, 60, "Seminar room", "seminar_room", 48, [44, 58], {}),
    ],
    2: [
        ("N", "A.2.01", 6, 14, "Department office", "office", 6, [12], {}),
        ("N", "A.2.02", 14, 22, "Office", "office", 2, [20], {"access": "employees"}),
        ("N", "A.2.03", 22, 40, "Computer lab", "computer_lab", 48, [24, 38], {}),
        ("N", "A.2.04", 40, 57, "Seminar room", "seminar_room", 40, [42, 55], {}),
        ("S", "A.2.05", 0, 8, "Toilets", "toilets", None, [6], {}),
        ("S", "A.2.06", 8, 26, "Lecture room", "lecture_room", 120, [10, 24], {}),
        ("S", "A.2.07", 26, 42, "Seminar room", "seminar_room", 36, [28, 40], {}),
        ("S", "A.2.08", 42, 60, "Meeting room", "meeting_room", 20, [44], {}),
    ],
}

# Outdoor points that paths and POIs refer to; defined once so every file agrees.
A_MAIN_ENTRANCE: Metres = (30.0, 0.0)
A_EAST_ENTRANCE: Metres = (60.0, 8.0)
B_ORIGIN: Metres = (105.0, -70.0)     # south-west corner of the library
C_ORIGIN: Metres = (0.0, -119.0)      # south-west corner of the lecture hall centre
B_ENTRANCE: Metres = (B_ORIGIN[0] + 0.0, B_ORIGIN[1] + 9.5)
C_ENTRANCE: Metres = (C_ORIGIN[0] + 50.0, C_ORIGIN[1] + 12.0)


def level_id(level: int) -> str:
    """Level token for feature ids: 'm1' reads better in an id than '-1'."""
    return f"m{-level}" if level < 0 else str(level)


def door_props(width: float, door: str = "hinged", automatic: str = "no",
               wheelchair: str = "yes", **extra) -> dict:
    props = {"width": width, "door": door, "automatic": automatic, "wheelchair": wheelchair}
    props.update(extra)
    return props


def add_band_rooms(building: Building, level: int, rows: List[RoomRow],
                   bands: Dict[str, Tuple[float, float]], door_y: Dict[str, float],
                   dx: float = 0.0, dy: float = 0.0) -> None:
    """Create rooms laid out along a corridor, each with its door(s) on the corridor wall."""
    for band, ref, x0, x1, name, category, capacity, doors, extra in rows:
        y0, y1 = bands[band]
        props: Dict[str, object] = {"ref": ref, "name": name, "category": category}
        if capacity is not None:
            props["capacity"] = capacity
        props["wheelchair"] = "yes"
        props.update(extra)
        building.spaces.append(Space(f"room-{ref}", "room", str(level),
                                     translate(rect(x0, y0, x1, y1), dx, dy), props))
        for index, door in enumerate(doors, start=1):
            x, y = door if isinstance(door, tuple) else (door, door_y[band])
            # Teaching rooms get double doors; small rooms a standard leaf.
            width = 1.8 if capacity and capacity >= 40 else 0.9
            access = {"access": extra["access"]} if extra.get("access") in ("private", "employees") else {}
            building.spots.append(Spot(f"door-{ref}-{index}", "door", str(level),
                                       (x + dx, y + dy), door_props(width, **access)))


def main_building() -> Building:
    a = Building(
        ref="A", name="Main Building", address="Campus Walk 1, 99999 Demo City",
        level_names={-1: "Basement", 0: "Ground floor", 1: "First floor", 2: "Second floor"},
        footprint=rect(0, 0, 60, 16))

    # The vertical core is one feature per shaft spanning all levels ("-1-2"): that is how
    # OSM indoor data usually draws it, and it exercises level-range parsing.
    a.spaces.append(Space("A-stairwell", "stairs", "-1-2", rect(0, A_NORTH[0], 6, A_NORTH[1]),
                          {"name": "West stairwell"}))
    a.spaces.append(Space("A-lift-shaft", "elevator", "-1-2", rect(57, A_NORTH[0], 60, A_NORTH[1]),
                          {"name": "Lift A shaft"}))
    a.spots.append(Spot("A-stairs", "stairs", "-1-2", (3, 12.75),
                        {"name": "West staircase", "step_count": 22, "handrail": "yes"}))
    a.spots.append(Spot("A-lift", "elevator", "-1-2", (58.5, 12.75),
                        {"name": "Lift A", "wheelchair": "yes",
                         "description": "Cabin 1.1 m x 2.1 m, audio announcements"}))
    a.spots.append(Spot("door-A-stairwell", "door", "-1-2", (3, A_NORTH[0]),
                        door_props(1.2, description="Fire door, closes automatically")))
    a.spots.append(Spot("door-A-lift", "door", "-1-2", (58.5, A_NORTH[0]),
                        door_props(1.1, door="sliding", automatic="yes")))

    for level, rows in A_ROOMS.items():
        a.spaces.append(Space(f"A-{level_id(level)}-corridor", "corridor", str(level),
                              rect(0, A_CORRIDOR[0], 60, A_CORRIDOR[1]),
                              {"name": f"{a.level_names[level]} corridor", "width": 3.0}))
        add_band_rooms(a, level, rows, {"N": A_NORTH, "S": A_SOUTH},
                       {"N": A_NORTH[0], "S": A_SOUTH[1]})

    # Ground floor specials: the foyer replaces rooms in the middle of the south band.
    a.spaces.append(Space("A-0-foyer", "area", "0", rect(22, 0, 38, A_SOUTH[1]),
                          {"ref": "A.0.FOY", "name": "Foyer", "wheelchair": "yes"}))
    a.spots.append(Spot("entrance-A-main", "entrance", "0", A_MAIN_ENTRANCE,
                        door_props(2.0, door="sliding", automatic="yes", name="Main entrance",
                                   opening_hours="Mo-Fr 07:00-22:00; Sa 08:00-14:00")))
    a.spots.append(Spot("entrance-A-east", "entrance", "0", A_EAST_ENTRANCE,
                        door_props(1.0, wheelchair="limited", name="East entrance",
                                   description="Heavy door without an opener",
                                   opening_hours="Mo-Fr 07:00-19:00")))
    a.spots.append(Spot("door-A-0-foyer", "door", "0", (30, A_SOUTH[1]),
                        door_props(2.4, door="opening", name="Foyer passage",
                                   description="Open passage between foyer and corridor")))
    # An obstacle inside the foyer, clear of the line from the entrance to the corridor.
    a.spaces.append(Space("obstacle-A-0-display", "obstacle", "0", rect(33, 2, 36, 3),
                          {"name": "Display cabinet"}))
    # POIs drawn in GeoJSON (most POIs are in pois.csv; both routes must work).
    a.spots.append(Spot("poi-A-0-vending", "poi", "0", (52, 9.1),
                        {"name": "Drinks vending machine", "category": "vending_machine",
                         "opening_hours": "24/7"}))
    a.spots.append(Spot("poi-A-0-defibrillator", "poi", "0", (23, 5.5),
                        {"name": "Defibrillator", "category": "defibrillator",
                         "description": "On the wall next to the cafeteria door"}))
    return a


# ---------------------------------------------------------------------------------------------
# Building B: Library (rooms from the booking system CSV, the rest from a CAD export)
# ---------------------------------------------------------------------------------------------

B_SOUTH = (0.0, 8.0)
B_CORRIDOR = (8.0, 11.0)
B_NORTH = (11.0, 19.0)
B_FLOOR_CODES = {0: "EG", 1: "OG1"}

B_ROOMS: Dict[int, List[RoomRow]] = {
    0: [
        ("S", "B.0.01", 0, 8, "Information and Lending", "service_desk", 6, [4], {}),
        ("S", "B.0.R1", 8, 20, "Reading Room Ground Floor", "reading_room", 60, [10, 18], {}),
        ("S", "B.0.G1", 20, 25, "Group Study Room 1", "group_study", 6, [22.5], {}),
        ("S", "B.0.G2", 25, 30, "Group Study Room 2", "group_study", 6, [27.5], {}),
        ("N", "B.0.WC", 5, 10, "Toilets", "toilets", None, [7.5], {}),
        ("N", "B.0.G3", 10, 15, "Group Study Room 3", "group_study", 8, [12.5], {}),
        ("N", "B.0.ML", 15, 27, "Media Lab", "media_lab", 20, [17, 25], {}),
    ],
    1: [
        ("S", "B.1.R2", 0, 14, "Reading Room Upper Floor", "reading_room", 80, [3, 11], {}),
        ("S", "B.1.S1", 14, 22, "Silent Room", "silent_study", 24, [18], {}),
        ("S", "B.1.G4", 22, 26, "Group Study Room 4", "group_study", 4, [24],
         {"wheelchair": "limited"}),
        ("S", "B.1.G5", 26, 30, "Group Study Room 5", "group_study", 4, [28],
         {"wheelchair": "limited"}),
        ("N", "B.1.WC", 5, 10, "Toilets", "toilets", None, [7.5], {}),
        ("N", "B.1.G6", 10, 15, "Group Study Room 6", "group_study", 8, [12.5], {}),
        ("N", "B.1.SC", 15, 27, "Special Collections", "archive", 12, [21], {}),
    ],
}


def library() -> Building:
    ox, oy = B_ORIGIN
    b = Building(
        ref="B", name="Library", address="Library Lane 2, 99999 Demo City",
        level_names={0: "Ground floor", 1: "Upper floor"},
        footprint=translate(rect(0, 0, 30, 19), ox, oy))

    b.spaces.append(Space("B-stairwell", "stairs", "0;1", translate(rect(0, 11, 5, 19), ox, oy),
                          {"ref": "B.STAIR", "name": "Staircase"}))
    b.spaces.append(Space("B-lift-shaft", "elevator", "0;1", translate(rect(27, 11, 30, 19), ox, oy),
                          {"ref": "B.LIFT", "name": "Lift shaft"}))
    b.spots.append(Spot("B-stairs", "stairs", "0;1", (ox + 2.5, oy + 15), {"name": "Library staircase"}))
    b.spots.append(Spot("B-lift", "elevator", "0;1", (ox + 28.5, oy + 15), {"name": "Library lift"}))
    b.spots.append(Spot("B-door-stairwell", "door", "0;1", (ox + 2.5, oy + 11),
                        {"name": "Door to staircase"}))
    b.spots.append(Spot("B-door-lift", "door", "0;1", (ox + 28.5, oy + 11), {"name": "Door to lift"}))

    for level, rows in B_ROOMS.items():
        b.spaces.append(Space(f"B-{level}-corridor", "corridor", str(level),
                              translate(rect(0, 8, 30, 11), ox, oy),
                              {"ref": f"B.{level}.CORR", "name": "Corridor"}))
        add_band_rooms(b, level, rows, {"N": B_NORTH, "S": B_SOUTH},
                       {"N": B_NORTH[0], "S": B_SOUTH[1]}, dx=ox, dy=oy)
    # The CAD export has a label and nothing else for doors; name them after their room.
    for spot in b.spots:
        if spot.kind == "door" and spot.fid.startswith("door-B."):
            room_ref = spot.fid[len("door-"):].rsplit("-", 1)[0]
            spot.props = {"name": f"Door {room_ref}"}

    b.spots.append(Spot("B-entrance-west", "entrance", "0", B_ENTRANCE, {"name": "Library entrance"}))
    # A free-standing column in the corridor: the CAD "A-WALL" layer carries such obstacles.
    b.spaces.append(Space("B-0-column", "obstacle", "0",
                          translate(rect(14.8, 9.3, 15.2, 9.7), ox, oy), {"name": "Column"}))
    return b


# CAD layer for each default kind. Polygons and points share the stair/lift layers; the
# geometry type tells them apart, as it would in a real export.
CAD_LAYERS = {"corridor": "A-CORR", "door": "A-DOOR", "entrance": "A-ENTR", "stairs": "A-STAIR",
              "elevator": "A-LIFT", "obstacle": "A-WALL"}
CAD_KINDS = {
    ("A-CORR", "Polygon"): "corridor", ("A-DOOR", "Point"): "door", ("A-ENTR", "Point"): "entrance",
    ("A-STAIR", "Polygon"): "stairs", ("A-STAIR", "Point"): "stairs",
    ("A-LIFT", "Polygon"): "elevator", ("A-LIFT", "Point"): "elevator",
    ("A-WALL", "Polygon"): "obstacle",
}


def cad_floor(level: str) -> str:
    return ";".join(B_FLOOR_CODES[n] for n in parse_level(level))


# ---------------------------------------------------------------------------------------------
# Building C: Lecture Hall Centre (default property names)
# ---------------------------------------------------------------------------------------------

def lecture_centre() -> Building:
    ox, oy = C_ORIGIN

    def at(points: Iterable[Metres]) -> List[Metres]:
        return translate(points, ox, oy)

    def pt(x: float, y: float) -> Metres:
        return (x + ox, y + oy)

    c = Building(
        ref="C", name="Lecture Hall Centre", address="Campus Walk 5, 99999 Demo City",
        level_names={0: "Ground floor", 1: "Gallery"},
        footprint=at(rect(0, 0, 50, 32)))

    # The foyer wraps around the lift and the stairs, which stand in its north part.
    c.spaces.append(Space("C-stairwell", "stairs", "0;1", at(rect(44, 24, 50, 32)),
                          {"name": "Foyer stairwell"}))
    c.spaces.append(Space("C-lift-shaft", "elevator", "0;1", at(rect(36, 29, 39, 32)),
                          {"name": "Lift C shaft"}))
    c.spots.append(Spot("C-stairs", "stairs", "0;1", pt(47, 28),
                        {"name": "Foyer staircase", "step_count": 24, "handrail": "yes"}))
    c.spots.append(Spot("C-lift", "elevator", "0;1", pt(37.5, 30.5),
                        {"name": "Lift C", "wheelchair": "yes"}))
    c.spots.append(Spot("door-C-stairwell", "door", "0;1", pt(44, 28), door_props(1.2)))
    c.spots.append(Spot("door-C-lift", "door", "0;1", pt(37.5, 29),
                        door_props(1.1, door="sliding", automatic="yes")))

    # Level 0
    c.spaces.append(Space("C-0-foyer", "area", "0",
                          at([(36, 0), (50, 0), (50, 24), (44, 24), (44, 32), (39, 32),
                              (39, 29), (36, 29)]),
                          {"ref": "C.0.FOY", "name": "Foyer", "wheelchair": "yes"}))
    c.spaces.append(Space("C-0-corridor", "corridor", "0", at(rect(6, 11, 36, 14)),
                          {"name": "Ground floor corridor", "width": 3.0}))
    c.spots.append(Spot("entrance-C-main", "entrance", "0", C_ENTRANCE,
                        door_props(3.0, door="revolving", automatic="yes", name="Main entrance",
                                   description="Large revolving door with a wheelchair-sized segment",
                                   opening_hours="Mo-Sa 07:00-22:00")))
    c.spots.append(Spot("door-C-0-corridor", "door", "0", pt(36, 12.5),
                        door_props(2.0, door="opening", name="Corridor passage")))

    rooms = [
        # (ref, level, ring, name, category, capacity, doors)
        ("C.0.H1", 0, rect(0, 14, 36, 32), "Audimax", "lecture_hall", 400, [(36, 18), (36, 26)]),
        ("C.0.H2", 0, rect(14, 0, 36, 11), "Lecture Hall 2", "lecture_hall", 180, [(36, 5), (20, 11)]),
        ("C.0.WC", 0, rect(6, 0, 14, 11), "Toilets", "toilets", None, [(10, 11)]),
        ("C.0.01", 0, rect(0, 0, 6, 14), "First aid room", "first_aid", 4, [(6, 12.5)]),
        ("C.1.H3", 1, rect(14, 0, 36, 11), "Lecture Hall 3", "lecture_hall", 120, [(20, 11), (32, 11)]),
        ("C.1.H4", 1, rect(36, 0, 50, 11), "Lecture Hall 4", "lecture_hall", 80, [(40, 11)]),
        ("C.1.WC", 1, rect(6, 0, 14, 11), "Toilets", "toilets", None, [(10, 11)]),
        ("C.1.01", 1, rect(44, 11, 50, 24), "Staff lounge", "office", 16, [(44, 17)]),
        ("C.1.02", 1, rect(0, 0, 6, 14), "Media control room", "technical_room", 3, [(6, 12.5)]),
    ]
    for ref, level, ring, name, category, capacity, doors in rooms:
        props: Dict[str, object] = {"ref": ref, "name": name, "category": category}
        if capacity is not None:
            props["capacity"] = capacity
        props["wheelchair"] = "yes"
        if category in ("office", "technical_room"):
            props["access"] = "employees"
        c.spaces.append(Space(f"room-{ref}", "room", str(level), at(ring), props))
        for index, (x, y) in enumerate(doors, start=1):
            width = 1.8 if capacity and capacity >= 40 else 0.9
            access = {"access": "employees"} if "access" in props else {}
            c.spots.append(Spot(f"door-{ref}-{index}", "door", str(level), pt(x, y),
                                door_props(width, **access)))

    # Level 1: the gallery runs above the ground-floor corridor and then north through the
    # former foyer airspace to the lift and stairs. The Audimax is two storeys high, so most
    # of level 1 west of the gallery is deliberately empty.
    c.spaces.append(Space("C-1-gallery", "corridor", "1",
                          at([(6, 11), (44, 11), (44, 29), (36, 29), (36, 14), (6, 14)]),
                          {"ref": "C.1.GAL", "name": "Gallery", "width": 3.0,
                           "description": "Overlooks the foyer"}))
    return c


# ---------------------------------------------------------------------------------------------
# Outdoors
# ---------------------------------------------------------------------------------------------

PLAZA: Metres = (45.0, -40.0)
A_STEPS_FOOT: Metres = (30.0, -5.0)       # where the steps and the ramp to A's entrance part
EAST_JUNCTION: Metres = (70.0, -40.0)
LIBRARY_JUNCTION: Metres = (98.0, B_ENTRANCE[1])
LECTURE_JUNCTION: Metres = (58.0, C_ENTRANCE[1])
BUS_STOP: Metres = (-5.0, -40.0)          # a dead end on purpose: the path stops at the kerb
PARK = (64.0, -110.0, 94.0, -70.0)        # x0, y0, x1, y1 of the (undrawn) campus park


def campus_ways() -> List[Way]:
    """The outdoor network: a plaza junction and spokes to every entrance.

    Steps and ramp are drawn from the plaza side up to the entrance, so a positive incline
    means uphill in the drawing direction.
    """
    def footway(fid: str, points: List[Metres], name: str, surface: str = "asphalt",
                width: float = 3.0, lit: str = "yes") -> Way:
        return Way(fid, points, {"kind": "footway", "name": name, "width": width,
                                 "lit": lit, "surface": surface})

    return [
        Way("way-A-main-steps", [A_STEPS_FOOT, A_MAIN_ENTRANCE],
            {"kind": "steps", "name": "Main Entrance Steps", "width": 4.0, "step_count": 4,
             "handrail": "yes", "lit": "yes", "surface": "paving_stones"}),
        Way("way-A-main-ramp", [A_STEPS_FOOT, (40.0, -5.0), (40.0, -1.0), A_MAIN_ENTRANCE],
            {"kind": "ramp", "name": "Main Entrance Ramp", "width": 1.8, "handrail": "yes",
             "incline": "6%", "lit": "yes", "surface": "paving_stones",
             "wheelchair": "yes"}),
        footway("way-campus-walk-north", [PLAZA, (30.0, -25.0), A_STEPS_FOOT], "Campus Walk",
                width=5.0),
        footway("way-campus-walk-east", [PLAZA, EAST_JUNCTION], "Campus Walk", width=5.0),
        footway("way-east-lane", [EAST_JUNCTION, (70.0, 8.0), A_EAST_ENTRANCE], "East Lane",
                width=2.5),
        footway("way-library-walk", [EAST_JUNCTION, (98.0, -40.0), LIBRARY_JUNCTION],
                "Library Walk", surface="paving_stones"),
        footway("way-library-forecourt", [LIBRARY_JUNCTION, B_ENTRANCE], "Library Forecourt",
                surface="paving_stones", width=6.0),
        footway("way-lecture-walk", [PLAZA, (58.0, -53.0), LECTURE_JUNCTION], "Lecture Walk"),
        footway("way-lecture-forecourt", [LECTURE_JUNCTION, C_ENTRANCE], "Lecture Centre Forecourt",
                surface="paving_stones", width=8.0),
        # The short way between library and lecture centre crosses the park: unlit gravel.
        footway("way-park-trail", [LIBRARY_JUNCTION, (80.0, -85.0), LECTURE_JUNCTION], "Park Trail",
                surface="gravel", width=1.5, lit="no"),
        # The lit, paved alternative goes round the park's south side.
        footway("way-park-promenade", [LIBRARY_JUNCTION, (98.0, -114.0), (58.0, -114.0),
                                       LECTURE_JUNCTION], "Park Promenade",
                surface="paving_stones", width=3.0),
        footway("way-bus-stop-path", [PLAZA, BUS_STOP], "Bus Stop Path", width=2.5),
    ]


def campus_tours() -> List[Way]:
    """Tours drawn on the campus ways' own vertices, in walking order (docs/tours.md).

    The fun run crosses the park on the unlit gravel trail, which the wheelchair profile may
    not use; the promenade loop keeps to paving, so every profile can do it whole.
    """
    fun_run = [PLAZA, EAST_JUNCTION, (98.0, -40.0), LIBRARY_JUNCTION, (80.0, -85.0), LECTURE_JUNCTION,
               (58.0, -53.0), PLAZA]
    promenade = [LIBRARY_JUNCTION, (98.0, -114.0), (58.0, -114.0), LECTURE_JUNCTION, (58.0, -53.0), PLAZA,
                 EAST_JUNCTION, (98.0, -40.0), LIBRARY_JUNCTION]
    return [
        Way("tour-fun-run", fun_run, {"tour": "Campus Fun Run", "route": "running"}),
        Way("tour-park-loop", promenade, {"tour": "Park Promenade Loop", "route": "foot"}),
    ]


# ---------------------------------------------------------------------------------------------
# Points of interest and events (CSV)
# ---------------------------------------------------------------------------------------------

POI_HEADER = ["ref", "name", "category", "description", "opening_hours", "phone", "email",
              "website", "geofence_radius", "building", "level", "room", "lat", "lon"]

# (ref, name, category, description, opening_hours, phone, email, website, geofence_radius,
#  building, level, room, position in metres). Contact details use the reserved ".example"
# domain and an unassigned phone prefix so nothing here reaches a real person.
POIS = [
    ("ATM", "Cash machine", "atm", "Cash withdrawals, all major cards", "24/7",
     "", "", "", "", "A", "0", "A.0.FOY", (37.2, 1.5)),
    ("BIKE", "Bike parking", "bicycle_parking", "Covered stands for 60 bicycles", "",
     "", "", "", "15", "", "", "", (46.0, -10.0)),
    ("BUS", "Campus (bus stop)", "bus_stop", "Lines 1 and 7, towards Demo City centre", "",
     "", "", "https://transit.demo-campus.example/stops/campus", "25", "", "", "", BUS_STOP),
    ("CAFE", "Campus Café", "cafeteria", "Hot meals, sandwiches, coffee; vegan options daily",
     "Mo-Fr 08:00-16:00", "+49 000 0000101", "cafeteria@demo-campus.example",
     "https://demo-campus.example/cafeteria", "10", "A", "0", "A.0.06", (15.0, 3.0)),
    ("FIRSTAID", "First aid room", "first_aid", 'Ask at the "Audimax" foyer desk if locked',
     "Mo-Fr 07:30-20:00", "+49 000 0000112", "", "", "", "C", "0", "C.0.01",
     (C_ORIGIN[0] + 3.0, C_ORIGIN[1] + 7.0)),
    ("HELP", "Library help desk", "information", "Library cards, loans, returns and advice",
     "Mo-Fr 09:00-20:00; Sa 10:00-16:00", "+49 000 0000200", "library@demo-campus.example",
     "https://demo-campus.example/library", "8", "B", "0", "B.0.01",
     (B_ORIGIN[0] + 4.0, B_ORIGIN[1] + 4.0)),
    ("LOCKERS", "Library lockers", "lockers", "Coin-return lockers for bags and coats",
     "Mo-Fr 08:00-22:00; Sa 09:00-18:00", "", "", "", "", "B", "0", "",
     (B_ORIGIN[0] + 6.0, B_ORIGIN[1] + 10.6)),
    ("LOST", "Lost and found", "lost_and_found", "Items are kept for three months",
     "Mo-Th 09:00-15:00; Fr 09:00-12:00", "+49 000 0000150", "lostandfound@demo-campus.example",
     "", "", "A", "0", "A.0.07", (42.0, 3.0)),
    ("PARK", "Campus Park", "park", "Lawn and trees between the library and the lecture centre",
     "", "", "", "", "40", "", "", "", ((PARK[0] + PARK[2]) / 2, (PARK[1] + PARK[3]) / 2)),
    ("PRN-A1", "Printer (first floor)", "printer", "Black and white, A4 and A3", "",
     "", "", "", "", "A", "1", "", (7.0, 9.1)),
    ("PRN-B0", "Printer and scanner", "printer", "Colour printing, scan to e-mail", "",
     "", "", "", "", "B", "0", "B.0.ML", (B_ORIGIN[0] + 21.0, B_ORIGIN[1] + 17.0)),
    ("WATER", "Drinking water fountain", "drinking_water", "", "24/7",
     "", "", "", "", "C", "0", "C.0.FOY", (C_ORIGIN[0] + 48.0, C_ORIGIN[1] + 20.0)),
    ("WC-A0", "Toilets (Main Building)", "toilets", "Accessible toilet inside", "",
     "", "", "", "", "A", "0", "A.0.05", (4.0, 3.0)),
    ("WC-C0", "Toilets (Lecture Hall Centre)", "toilets", "", "",
     "", "", "", "", "C", "0", "C.0.WC", (C_ORIGIN[0] + 10.0, C_ORIGIN[1] + 5.0)),
]

EVENT_HEADER = ["id", "place", "title", "start", "end", "description"]

# December dates are in winter time (+01:00); the October one shows a summer-time offset.
EVENTS = [
    ("EV-001", "C.0.H1", "Welcome Lecture for New Students",
     "2026-10-12T10:15:00+02:00", "2026-10-12T12:00:00+02:00",
     "Opening of the winter semester with the president"),
    ("EV-002", "C.0.H2", "Introduction to Data Structures",
     "2026-12-01T10:15:00+01:00", "2026-12-01T11:45:00+01:00", "Weekly lecture, week 8"),
    ("EV-003", "B.0.G1", "Study Group: Linear Algebra",
     "2026-12-01T14:00:00+01:00", "2026-12-01T16:00:00+01:00", "Bring last week's exercise sheet"),
    ("EV-004", "A.1.03", "Guest Lecture: Walking Cities",
     "2026-12-02T18:00:00+01:00", "2026-12-02T19:30:00+01:00",
     "Talk, followed by questions, drinks and a short reception"),
    ("EV-005", "A.0.03", "Coding Workshop, Part 1",
     "2026-12-03T09:00:00+01:00", "2026-12-03T12:30:00+01:00",
     'Hands-on session; laptops provided, see "Workshops" on the website'),
    ("EV-006", "CAFE", "Winter Market at the Café",
     "2026-12-04T15:00:00+01:00", "2026-12-04T19:00:00+01:00", "Mulled juice and waffles"),
    ("EV-007", "C.1.H3", "Exam: Programming I",
     "2026-12-07T09:00:00+01:00", "2026-12-07T11:00:00+01:00", "Student ID required"),
    ("EV-008", "B.1.SC", "Exhibition: Maps of Demo City",
     "2026-12-08T10:00:00+01:00", "2026-12-18T18:00:00+01:00", "Open during library hours"),
]


# ---------------------------------------------------------------------------------------------
# Writers
# ---------------------------------------------------------------------------------------------

def ordered(props: Dict[str, object], order: Sequence[str] = PROPERTY_ORDER) -> Dict[str, object]:
    unknown = set(props) - set(order)
    assert not unknown, f"property not in PROPERTY_ORDER: {sorted(unknown)}"
    return {key: props[key] for key in order if key in props and props[key] not in (None, "")}


def ring_coordinates(ring: List[Metres]) -> List[List[float]]:
    assert signed_area(ring) > 0, "exterior rings must be counter-clockwise"
    return [list(lonlat(p)) for p in ring + ring[:1]]


def polygon_geometry(ring: List[Metres]) -> dict:
    return {"type": "Polygon", "coordinates": [ring_coordinates(ring)]}


def point_geometry(p: Metres) -> dict:
    return {"type": "Point", "coordinates": list(lonlat(p))}


def feature(fid: str, props: dict, geometry: dict) -> dict:
    return {"type": "Feature", "id": fid, "properties": props, "geometry": geometry}


KIND_RANK = {k: i for i, k in enumerate(
    ["area", "corridor", "stairs", "elevator", "room", "obstacle", "entrance", "door",
     "escalator", "ramp", "poi"])}


def feature_sort_key(level: str, kind: str, is_point: bool, fid: str) -> tuple:
    """Multi-level features first, then level by level; spaces before points; then by id."""
    levels = parse_level(level)
    return (len(levels) == 1, levels[0], is_point, KIND_RANK[kind], fid)


def building_features(building: Building) -> List[dict]:
    keyed = []
    for s in building.spaces:
        props = ordered({"kind": s.kind, "level": s.level, **s.props})
        keyed.append((feature_sort_key(s.level, s.kind, False, s.fid),
                      feature(s.fid, props, polygon_geometry(s.ring))))
    for p in building.spots:
        props = ordered({"kind": p.kind, "level": p.level, **p.props})
        keyed.append((feature_sort_key(p.level, p.kind, True, p.fid),
                      feature(p.fid, props, point_geometry(p.xy))))
    return [f for _, f in sorted(keyed, key=lambda kf: kf[0])]


def cad_features(building: Building) -> List[dict]:
    """The library as its CAD export draws it: everything except rooms, CAD property names."""
    keyed = []
    items = [(s, polygon_geometry(s.ring), False) for s in building.spaces if s.kind != "room"]
    items += [(p, point_geometry(p.xy), True) for p in building.spots]
    for item, geometry, is_point in items:
        props = {"Layer": CAD_LAYERS[item.kind], "Floor": cad_floor(item.level),
                 "RoomNo": item.props.get("ref"), "Label": item.props.get("name")}
        props = ordered(props, ["Layer", "Floor", "RoomNo", "Label"])
        keyed.append((feature_sort_key(item.level, item.kind, is_point, item.fid),
                      feature(item.fid, props, geometry)))
    return [f for _, f in sorted(keyed, key=lambda kf: kf[0])]


def way_features(ways: List[Way]) -> List[dict]:
    features = []
    for way in sorted(ways, key=lambda w: w.fid):
        props = ordered(way.props)
        geometry = {"type": "LineString", "coordinates": [list(lonlat(p)) for p in way.points]}
        features.append(feature(way.fid, props, geometry))
    return features


def feature_collection_text(features: List[dict]) -> str:
    lines = [json.dumps(f, ensure_ascii=False, separators=(",", ":")) for f in features]
    return '{"type":"FeatureCollection","features":[\n' + ",\n".join(lines) + "\n]}\n"


def wkt_polygon(ring: List[Metres]) -> str:
    return "POLYGON((" + ", ".join(f"{lon!r} {lat!r}" for lon, lat in
                                   (lonlat(p) for p in ring + ring[:1])) + "))"


def csv_text(header: List[str], rows: List[List[object]]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    writer.writerows([["" if v is None else v for v in row] for row in rows])
    return buffer.getvalue()


def buildings_rows(buildings: List[Building]) -> List[List[object]]:
    rows = []
    for b in sorted(buildings, key=lambda b: b.ref):
        levels = sorted(b.level_names)
        rows.append([b.ref, b.name, b.address, ";".join(map(str, levels)),
                     ";".join(f"{n}={b.level_names[n]}" for n in levels), wkt_polygon(b.footprint)])
    return rows


def library_room_rows(b: Building) -> List[List[object]]:
    rooms = sorted((s for s in b.spaces if s.kind == "room"),
                   key=lambda s: (s.levels[0], s.props["ref"]))
    return [[b.ref, s.level, s.props["ref"], s.props["name"], s.props["category"],
             s.props.get("capacity", ""), s.props.get("wheelchair", ""), wkt_polygon(s.ring)]
            for s in rooms]


def poi_rows() -> List[List[object]]:
    rows = []
    for *fields, position in sorted(POIS, key=lambda r: r[0]):
        lon, lat = lonlat(position)
        rows.append(list(fields) + [repr(lat), repr(lon)])
    return rows


def write_if_changed(path: Path, text: str) -> None:
    """Write only on change, so regenerating does not touch timestamps needlessly."""
    data = text.encode("utf-8")
    if not path.exists() or path.read_bytes() != data:
        path.write_bytes(data)


def generate() -> None:
    a, b, c = main_building(), library(), lecture_centre()
    for building in (a, b, c):
        node_shared_walls(building.spaces)

    OUT_DIR.mkdir(parents=True, exist_ok=True)
    outputs = {
        "main-building.geojson": feature_collection_text(building_features(a)),
        "library-plan.geojson": feature_collection_text(cad_features(b)),
        "lecture-centre.geojson": feature_collection_text(building_features(c)),
        "campus-paths.geojson": feature_collection_text(way_features(campus_ways())),
        "fun-runs.geojson": feature_collection_text(way_features(campus_tours())),
        "buildings.csv": csv_text(["ref", "name", "address", "levels", "level_names", "footprint"],
                                  buildings_rows([a, b, c])),
        "library-rooms.csv": csv_text(["building", "level", "ref", "name", "category", "capacity",
                                       "wheelchair", "wkt"], library_room_rows(b)),
        "pois.csv": csv_text(POI_HEADER, poi_rows()),
        "events.csv": csv_text(EVENT_HEADER, [list(e) for e in sorted(EVENTS)]),
    }
    for name, text in outputs.items():
        write_if_changed(OUT_DIR / name, text)


# ---------------------------------------------------------------------------------------------
# Check: read the files back and verify the promises the README makes
# ---------------------------------------------------------------------------------------------

TOLERANCE_DEG = 1e-6
EXPECTED_FILES = ["main-building.geojson", "library-plan.geojson", "lecture-centre.geojson",
                  "campus-paths.geojson", "fun-runs.geojson", "buildings.csv", "library-rooms.csv", "pois.csv",
                  "events.csv"]
SPACE_KINDS = {"room", "corridor", "area", "stairs", "elevator", "obstacle"}
POINT_KINDS = {"door", "entrance", "stairs", "elevator", "escalator", "ramp", "poi"}
LINE_KINDS = {"footway", "path", "steps", "ramp", "corridor"}
DOOR_TYPES = {"hinged", "sliding", "revolving", "opening"}
YES_NO = {"yes", "no"}


@dataclass
class CheckedSpace:
    building: str
    fid: str
    kind: str
    levels: List[int]
    ring: List[Tuple[float, float]]   # closed ring, lon/lat
    ref: Optional[str]
    source: str
    capacity: Optional[int] = None


@dataclass
class CheckedSpot:
    building: str
    fid: str
    kind: str
    levels: List[int]
    lonlat: Tuple[float, float]
    props: dict
    source: str


class Checker:
    def __init__(self) -> None:
        self.errors: List[str] = []
        self.summary: List[str] = []

    def expect(self, condition: bool, message: str) -> None:
        if not condition:
            self.errors.append(message)


def point_segment_distance(p, a, b) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def on_outline(p, ring) -> bool:
    return any(point_segment_distance(p, a, b) <= TOLERANCE_DEG for a, b in zip(ring, ring[1:]))


def inside(p, ring) -> bool:
    """Ray casting; callers keep test points well away from the outline."""
    x, y = p
    result = False
    for (ax, ay), (bx, by) in zip(ring, ring[1:]):
        if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
            result = not result
    return result


def ring_area(ring) -> float:
    return 0.5 * sum(ax * by - bx * ay for (ax, ay), (bx, by) in zip(ring, ring[1:]))


def parse_wkt_polygon(text: str) -> List[Tuple[float, float]]:
    match = re.fullmatch(r"POLYGON\(\((.*)\)\)", text)
    if not match:
        raise ValueError(f"not a single-ring WKT polygon: {text[:40]}...")
    return [tuple(float(v) for v in pair.split()) for pair in match.group(1).split(",")]


def read_csv(path: Path, header: List[str], checker: Checker) -> List[Dict[str, str]]:
    raw = path.read_bytes()
    checker.expect(b"\r" not in raw, f"{path.name}: line ends must be \\n")
    with path.open(newline="", encoding="utf-8") as handle:
        reader = csv.DictReader(handle)
        checker.expect(reader.fieldnames == header, f"{path.name}: header {reader.fieldnames}")
        return list(reader)


def read_features(path: Path, checker: Checker) -> List[dict]:
    text = path.read_text(encoding="utf-8")
    data = json.loads(text)
    checker.expect(data.get("type") == "FeatureCollection", f"{path.name}: not a FeatureCollection")
    features = data["features"]
    checker.expect(text.count("\n") == len(features) + 2, f"{path.name}: expected one feature per line")
    ids = [f.get("id") for f in features]
    checker.expect(all(isinstance(i, str) for i in ids), f"{path.name}: every id must be a string")
    checker.expect(len(set(ids)) == len(ids), f"{path.name}: duplicate ids")
    for f in features:
        geometry = f["geometry"]
        positions = ([geometry["coordinates"]] if geometry["type"] == "Point" else
                     geometry["coordinates"] if geometry["type"] == "LineString" else
                     [p for ring in geometry["coordinates"] for p in ring])
        for lon, lat in positions:
            checker.expect(11.57 < lon < 11.60 and 48.14 < lat < 48.16,
                           f"{path.name} {f['id']}: position {lon},{lat} not lon/lat near the origin")
            checker.expect(round(lon, DECIMALS) == lon and round(lat, DECIMALS) == lat,
                           f"{path.name} {f['id']}: more than {DECIMALS} decimals")
        if geometry["type"] == "Polygon":
            for index, ring in enumerate(geometry["coordinates"]):
                checker.expect(len(ring) >= 4 and ring[0] == ring[-1], f"{f['id']}: ring not closed")
                checker.expect((ring_area(ring) > 0) == (index == 0),
                               f"{f['id']}: exterior ring must be counter-clockwise")
    return features


def load_default_building(ref: str, features: List[dict], source: str, checker: Checker):
    spaces, spots = [], []
    for f in features:
        props, geometry = f["properties"], f["geometry"]
        kind = props.get("kind")
        checker.expect("level" in props, f"{source} {f['id']}: missing level")
        levels = parse_level(props.get("level", "0"))
        for key in ("capacity", "step_count"):
            if key in props:
                checker.expect(isinstance(props[key], int), f"{f['id']}: {key} must be an integer")
        if "width" in props:
            checker.expect(isinstance(props["width"], (int, float)), f"{f['id']}: width must be a number")
        if "door" in props:
            checker.expect(props["door"] in DOOR_TYPES, f"{f['id']}: door type {props['door']}")
        for key in ("automatic", "handrail", "lit"):
            if key in props:
                checker.expect(props[key] in YES_NO, f"{f['id']}: {key} must be yes/no")
        if geometry["type"] == "Polygon":
            checker.expect(kind in SPACE_KINDS, f"{source} {f['id']}: polygon kind {kind}")
            spaces.append(CheckedSpace(ref, f["id"], kind, levels,
                                       [tuple(p) for p in geometry["coordinates"][0]],
                                       props.get("ref"), source, props.get("capacity")))
        else:
            checker.expect(geometry["type"] == "Point" and kind in POINT_KINDS,
                           f"{source} {f['id']}: point kind {kind}")
            spots.append(CheckedSpot(ref, f["id"], kind, levels, tuple(geometry["coordinates"]),
                                     props, source))
    return spaces, spots


def load_library(features: List[dict], rooms: List[Dict[str, str]], checker: Checker):
    codes = {code: level for level, code in B_FLOOR_CODES.items()}
    spaces, spots = [], []
    for f in features:
        props, geometry = f["properties"], f["geometry"]
        checker.expect(set(props) <= {"Layer", "Floor", "RoomNo", "Label"},
                       f"library-plan {f['id']}: non-CAD property names {sorted(props)}")
        kind = CAD_KINDS.get((props.get("Layer"), geometry["type"]))
        checker.expect(kind is not None, f"library-plan {f['id']}: unknown layer/geometry")
        levels = [codes[c] for c in props["Floor"].split(";")]
        if geometry["type"] == "Polygon":
            spaces.append(CheckedSpace("B", f["id"], kind, levels,
                                       [tuple(p) for p in geometry["coordinates"][0]],
                                       props.get("RoomNo"), "library-plan"))
        else:
            spots.append(CheckedSpot("B", f["id"], kind, levels, tuple(geometry["coordinates"]),
                                     props, "library-plan"))
    for row in rooms:
        ring = parse_wkt_polygon(row["wkt"])
        checker.expect(ring[0] == ring[-1] and ring_area(ring) > 0, f"library-rooms {row['ref']}: bad ring")
        checker.expect(row["capacity"] == "" or row["capacity"].isdigit(), f"{row['ref']}: capacity")
        spaces.append(CheckedSpace(row["building"], "csv:" + row["ref"], "room", [int(row["level"])],
                                   ring, row["ref"], "library-rooms",
                                   int(row["capacity"]) if row["capacity"].isdigit() else None))
    return spaces, spots


def check_building(ref: str, footprint, level_list: List[int], spaces: List[CheckedSpace],
                   spots: List[CheckedSpot], checker: Checker) -> Tuple[Dict[str, int], Dict[int, int]]:
    """Check one building's plan; return feature counts and the floor coverage per level (%)."""
    walkable = [s for s in spaces if s.kind in WALKABLE_KINDS]
    openings = [p for p in spots if p.kind in ("door", "entrance")]
    counts = {"rooms": sum(s.kind == "room" for s in spaces), "doors": 0, "entrances": 0}

    for s in spaces + spots:
        checker.expect(set(s.levels) <= set(level_list), f"{ref} {s.fid}: level outside {level_list}")

    # Every opening sits on walls of its level: a door between two spaces (one of them
    # circulation), an entrance on one space and on the building outline.
    for door in openings:
        counts["doors" if door.kind == "door" else "entrances"] += 1
        width = door.props.get("width", 0.9)
        for level in door.levels:
            touched = [s for s in walkable if level in s.levels and on_outline(door.lonlat, s.ring)]
            where = f"{ref} {door.fid} level {level}"
            if door.kind == "entrance":
                checker.expect(len(touched) == 1, f"{where}: entrance touches {len(touched)} spaces")
                checker.expect(on_outline(door.lonlat, footprint), f"{where}: entrance not on the footprint")
            else:
                checker.expect(len(touched) == 2, f"{where}: door touches {len(touched)} spaces")
                checker.expect(any(s.kind in ("corridor", "area") for s in touched),
                               f"{where}: door does not lead to a corridor or area")
            # The door leaf must fit on the wall: keep half its width from every corner.
            dm = metres(*door.lonlat)
            for s in touched:
                nearest = min(math.dist(dm, metres(*p)) for p in s.ring)
                checker.expect(nearest >= width / 2 - 1e-3,
                               f"{where}: door too close to a corner of {s.fid} ({nearest:.2f} m)")

    def doors_on(space: CheckedSpace, level: int) -> int:
        return sum(level in d.levels and on_outline(d.lonlat, space.ring) for d in openings)

    for s in walkable:
        for level in s.levels:
            n = doors_on(s, level)
            if s.kind == "room":
                checker.expect(1 <= n <= 2, f"{ref} {s.fid} level {level}: room has {n} doors")
            else:
                checker.expect(n >= 1, f"{ref} {s.fid} level {level}: no door on its outline")

    # Vertical connectors stand inside a shaft of the same kind on every level they serve.
    for p in spots:
        if p.kind in ("stairs", "elevator"):
            shafts = [s for s in walkable if s.kind == p.kind and set(p.levels) <= set(s.levels)]
            checker.expect(any(inside(p.lonlat, s.ring) for s in shafts),
                           f"{ref} {p.fid}: connector not inside a {p.kind} polygon")
            checker.expect(len(p.levels) >= 2, f"{ref} {p.fid}: connector serves one level")
        if p.kind == "poi":
            checker.expect(any(inside(p.lonlat, s.ring) for s in walkable if set(p.levels) <= set(s.levels)),
                           f"{ref} {p.fid}: POI not inside a space")
    for s in spaces:
        if s.kind == "obstacle":
            checker.expect(any(all(inside(v, w.ring) for v in s.ring[:-1]) for w in walkable
                               if set(s.levels) <= set(w.levels)),
                           f"{ref} {s.fid}: obstacle not inside a walkable space")

    # No two spaces of a level overlap and all stay inside the footprint. Sampling a 0.5 m
    # grid offset from the (whole or half metre) walls is exact enough for rectilinear plans.
    fx = [metres(*p)[0] for p in footprint]
    fy = [metres(*p)[1] for p in footprint]
    metric = {id(s): [metres(*p) for p in s.ring] for s in walkable}
    fp_metric = [metres(*p) for p in footprint]
    coverage: Dict[int, int] = {}
    for level in level_list:
        on_level = [s for s in walkable if level in s.levels]
        covered = total = 0
        overlaps, outside = set(), set()
        y = min(fy) + 0.2
        while y < max(fy):
            x = min(fx) + 0.2
            while x < max(fx):
                total += 1
                hits = [s.fid for s in on_level if inside((x, y), metric[id(s)])]
                if len(hits) > 1:
                    overlaps.add(tuple(hits))
                if hits:
                    covered += 1
                    if not inside((x, y), fp_metric):
                        outside.add(hits[0])
                x += 0.5
            y += 0.5
        for pair in sorted(overlaps):
            checker.errors.append(f"{ref} level {level}: {' and '.join(pair)} overlap")
        for fid in sorted(outside):
            checker.errors.append(f"{ref} level {level}: {fid} reaches outside the footprint")
        coverage[level] = round(100 * covered / total)
    return counts, coverage


def segments_cross(p1, p2, q1, q2) -> bool:
    """Whether two segments share any point (touching counts)."""
    def orient(a, b, c):
        value = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
        return 0 if abs(value) < 1e-9 else (1 if value > 0 else -1)

    def on_segment(a, b, c):
        return min(a[0], b[0]) - 1e-9 <= c[0] <= max(a[0], b[0]) + 1e-9 and \
               min(a[1], b[1]) - 1e-9 <= c[1] <= max(a[1], b[1]) + 1e-9

    o1, o2, o3, o4 = orient(p1, p2, q1), orient(p1, p2, q2), orient(q1, q2, p1), orient(q1, q2, p2)
    if o1 != o2 and o3 != o4:
        return True
    return any(o == 0 and on_segment(a, b, c) for o, a, b, c in
               ((o1, p1, p2, q1), (o2, p1, p2, q2), (o3, q1, q2, p1), (o4, q1, q2, p2)))


def check_tours(tours: List[dict], paths: List[dict], checker: Checker) -> None:
    """Each tour steps from a path vertex to the next vertex of the same path, so that it
    matches onto the walkways exactly (docs/tours.md, "Matching")."""
    steps = set()
    for f in paths:
        coords = [tuple(p) for p in f["geometry"]["coordinates"]]
        steps |= set(zip(coords, coords[1:])) | set(zip(coords[1:], coords))
    for f in tours:
        props = f["properties"]
        checker.expect(f["geometry"]["type"] == "LineString" and props.get("tour"), f"fun-runs {f['id']}: not a tour line")
        coords = [tuple(p) for p in f["geometry"]["coordinates"]]
        for a, b in zip(coords, coords[1:]):
            checker.expect((a, b) in steps, f"fun-runs {f['id']}: {a} to {b} is no step of a campus path")
    checker.expect(len(tours) >= 1, "the campus has no tour")


def check_paths(features: List[dict], entrances: Dict[Tuple[float, float], str],
                footprints: Dict[str, list], allowed_dead_ends: Dict[Tuple[float, float], str],
                checker: Checker) -> Dict[str, int]:
    endpoint_use: Dict[Tuple[float, float], List[str]] = {}
    for f in features:
        props = f["properties"]
        kind = props.get("kind")
        checker.expect(f["geometry"]["type"] == "LineString" and kind in LINE_KINDS,
                       f"campus-paths {f['id']}: not a path LineString")
        checker.expect("level" not in props, f"campus-paths {f['id']}: outdoor paths carry no level")
        for key in ("name", "lit", "surface", "width"):
            checker.expect(key in props, f"campus-paths {f['id']}: missing {key}")
        if kind == "steps":
            checker.expect(isinstance(props.get("step_count"), int), f"{f['id']}: steps need step_count")
        if kind == "ramp":
            checker.expect(re.fullmatch(r"-?\d+(\.\d+)?%", props.get("incline", "")) is not None,
                           f"{f['id']}: ramp needs an incline like 6%")
        coords = [tuple(p) for p in f["geometry"]["coordinates"]]
        for end in (coords[0], coords[-1]):
            endpoint_use.setdefault(end, []).append(f["id"])

    checker.expect(8 <= len(features) <= 15, f"campus-paths: {len(features)} ways, expected 8-15")
    for point, users in endpoint_use.items():
        if len(users) == 1:
            checker.expect(point in entrances or point in allowed_dead_ends,
                           f"campus-paths {users[0]}: loose end {point} is neither entrance nor planned dead end")
    for point, name in entrances.items():
        checker.expect(point in endpoint_use, f"entrance {name} is not reached by any path")

    # Main entrance of A: exactly the steps and the ramp arrive there, from the same junction.
    main = lonlat(A_MAIN_ENTRANCE)
    arriving = sorted(f["properties"]["kind"] for f in features
                      if main in (tuple(f["geometry"]["coordinates"][0]), tuple(f["geometry"]["coordinates"][-1])))
    checker.expect(arriving == ["ramp", "steps"], f"A main entrance reached by {arriving}")

    # Ways meet only at shared vertices and never run through a building. Vertices are
    # compared on the 7-decimal grid, which the metres round trip lands on exactly.
    lines = [(f["id"], [metres(*p) for p in f["geometry"]["coordinates"]]) for f in features]
    for i, (id_a, a) in enumerate(lines):
        for id_b, b in lines[i + 1:]:
            for p1, p2 in zip(a, a[1:]):
                for q1, q2 in zip(b, b[1:]):
                    if segments_cross(p1, p2, q1, q2):
                        shared = {lonlat(p) for p in (p1, p2)} & {lonlat(q) for q in (q1, q2)}
                        checker.expect(bool(shared), f"campus-paths: {id_a} crosses {id_b} without a junction")
    fp_metric = {ref: [metres(*p) for p in ring] for ref, ring in footprints.items()}
    for fid, pts in lines:
        for p, q in zip(pts, pts[1:]):
            steps = max(1, int(math.dist(p, q) / 0.25))
            for k in range(1, steps):
                x = p[0] + (q[0] - p[0]) * k / steps
                y = p[1] + (q[1] - p[1]) * k / steps
                for ref, ring in fp_metric.items():
                    near_wall = any(point_segment_distance((x, y), u, v) < 0.05 for u, v in zip(ring, ring[1:]))
                    checker.expect(near_wall or not inside((x, y), ring),
                                   f"campus-paths {fid}: runs through building {ref}")
    return _count(f["properties"]["kind"] for f in features)


def check(out_dir: Path = OUT_DIR) -> List[str]:
    checker = Checker()
    missing = [name for name in EXPECTED_FILES if not (out_dir / name).exists()]
    if missing:
        return [f"missing files: {missing}"]

    building_rows = read_csv(out_dir / "buildings.csv",
                             ["ref", "name", "address", "levels", "level_names", "footprint"], checker)
    footprints = {r["ref"]: parse_wkt_polygon(r["footprint"]) for r in building_rows}
    levels = {r["ref"]: parse_level(r["levels"]) for r in building_rows}
    for r in building_rows:
        names = dict(item.split("=", 1) for item in r["level_names"].split(";"))
        checker.expect(sorted(int(k) for k in names) == levels[r["ref"]], f"buildings.csv {r['ref']}: level_names")
        checker.expect(ring_area(footprints[r["ref"]]) > 0, f"buildings.csv {r['ref']}: footprint ring")

    a_feat = read_features(out_dir / "main-building.geojson", checker)
    b_feat = read_features(out_dir / "library-plan.geojson", checker)
    c_feat = read_features(out_dir / "lecture-centre.geojson", checker)
    path_feat = read_features(out_dir / "campus-paths.geojson", checker)
    room_rows = read_csv(out_dir / "library-rooms.csv",
                         ["building", "level", "ref", "name", "category", "capacity", "wheelchair", "wkt"],
                         checker)

    loaded = {
        "A": load_default_building("A", a_feat, "main-building", checker),
        "B": load_library(b_feat, room_rows, checker),
        "C": load_default_building("C", c_feat, "lecture-centre", checker),
    }
    all_spaces = [s for spaces, _ in loaded.values() for s in spaces]
    all_spots = [p for _, spots in loaded.values() for p in spots]
    room_counts = {}
    for ref, (spaces, spots) in loaded.items():
        counts, coverage = check_building(ref, footprints[ref], levels[ref], spaces, spots, checker)
        room_counts[ref] = counts
        # Coverage below 100% is expected only where the plan has voids (C's gallery level).
        per_level = ", ".join(f"{level}: {percent}%" for level, percent in coverage.items())
        checker.summary.append(f"building {ref}: {counts['rooms']} rooms, {counts['doors']} doors, "
                               f"{counts['entrances']} entrances (floor coverage {per_level})")

    refs = [s.ref for s in all_spaces if s.ref]
    checker.expect(len(refs) == len(set(refs)), "space refs are not unique")
    total_rooms = sum(c["rooms"] for c in room_counts.values())
    checker.expect(total_rooms >= 46, f"only {total_rooms} rooms")
    with_capacity = sum(1 for s in all_spaces if s.ref and s.capacity is not None)
    checker.expect(with_capacity >= 40, f"only {with_capacity} rooms have a capacity")

    # Buildings: no overlap, 80-120 m between centroids.
    centres = {}
    for ref, ring in footprints.items():
        pts = [metres(*p) for p in ring[:-1]]
        centres[ref] = (sum(x for x, _ in pts) / len(pts), sum(y for _, y in pts) / len(pts))
    for r1, r2 in (("A", "B"), ("A", "C"), ("B", "C")):
        distance = math.dist(centres[r1], centres[r2])
        checker.expect(80 <= distance <= 120, f"buildings {r1}-{r2}: {distance:.0f} m apart")
        checker.expect(not any(inside(metres(*p), [metres(*q) for q in footprints[r2]]) for p in footprints[r1]),
                       f"buildings {r1} and {r2} overlap")

    entrances = {p.lonlat: f"{p.building}/{p.fid}" for p in all_spots if p.kind == "entrance"}
    dead_ends = {lonlat(BUS_STOP): "bus stop"}
    path_kinds = check_paths(path_feat, entrances, footprints, dead_ends, checker)
    check_tours(read_features(out_dir / "fun-runs.geojson", checker), path_feat, checker)

    # POIs: the room column names a space that contains the point.
    poi_rows_read = read_csv(out_dir / "pois.csv", POI_HEADER, checker)
    spaces_by_ref = {s.ref: s for s in all_spaces if s.ref}
    for row in poi_rows_read:
        p = (float(row["lon"]), float(row["lat"]))
        if row["room"]:
            space = spaces_by_ref.get(row["room"])
            checker.expect(space is not None and inside(p, space.ring), f"pois.csv {row['ref']}: not in {row['room']}")
            if space is not None:
                checker.expect(space.building == row["building"] and int(row["level"]) in space.levels,
                               f"pois.csv {row['ref']}: building/level disagree with {row['room']}")
        elif row["building"]:
            checker.expect(any(inside(p, s.ring) for s in all_spaces if s.building == row["building"]
                               and int(row["level"]) in s.levels and s.kind in WALKABLE_KINDS),
                           f"pois.csv {row['ref']}: not inside any space of {row['building']}")
        else:
            checker.expect(not any(inside(p, ring) for ring in footprints.values()),
                           f"pois.csv {row['ref']}: outdoor POI inside a building")
        checker.expect(row["geofence_radius"] == "" or float(row["geofence_radius"]) > 0, f"{row['ref']}: radius")
    checker.expect(len(poi_rows_read) >= 12, "fewer than 12 POIs")
    checker.expect(lonlat(BUS_STOP) in {(float(r["lon"]), float(r["lat"])) for r in poi_rows_read},
                   "the bus stop path should end at the bus stop POI")

    # Events: places resolve, times are ISO 8601 with an offset and end after they start.
    event_rows = read_csv(out_dir / "events.csv", EVENT_HEADER, checker)
    places = set(refs) | {r["ref"] for r in poi_rows_read}
    for row in event_rows:
        checker.expect(row["place"] in places, f"events.csv {row['id']}: unknown place {row['place']}")
        start, end = datetime.fromisoformat(row["start"]), datetime.fromisoformat(row["end"])
        checker.expect(start.utcoffset() is not None and end > start, f"events.csv {row['id']}: times")
    checker.expect(len(event_rows) >= 6, "fewer than 6 events")

    def kind_counts(features: List[dict]) -> str:
        kinds = _count(f["properties"].get("kind") or f["properties"].get("Layer") for f in features)
        return ", ".join(f"{kind} {n}" for kind, n in sorted(kinds.items()))

    checker.summary[:0] = [
        f"main-building.geojson: {len(a_feat)} features ({kind_counts(a_feat)})",
        f"library-plan.geojson: {len(b_feat)} features ({kind_counts(b_feat)})",
        f"lecture-centre.geojson: {len(c_feat)} features ({kind_counts(c_feat)})",
        f"campus-paths.geojson: {len(path_feat)} ways ({', '.join(f'{k} {v}' for k, v in sorted(path_kinds.items()))})",
        f"buildings.csv: {len(building_rows)} rows; library-rooms.csv: {len(room_rows)} rows; "
        f"pois.csv: {len(poi_rows_read)} rows; events.csv: {len(event_rows)} rows",
    ]
    checker.summary.append(f"total rooms: {total_rooms}, {with_capacity} with a capacity")
    for line in checker.summary:
        print(line)
    return checker.errors


def _count(values: Iterable[str]) -> Dict[str, int]:
    counts: Dict[str, int] = {}
    for v in values:
        counts[v] = counts.get(v, 0) + 1
    return counts


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only check the files on disk")
    args = parser.parse_args(argv)
    if not args.check:
        generate()
    errors = check()
    for error in errors:
        print(f"FAIL: {error}", file=sys.stderr)
    if errors:
        print(f"{len(errors)} problem(s) found", file=sys.stderr)
        return 1
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
