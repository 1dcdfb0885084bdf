#!/usr/bin/env python3
"""Checks compare-guidance.py's judge on drawn polylines, without Valhalla or a bundle:

    python3 scripts/test_compare_guidance.py

(needs the Python reader's C core, `make python-reader`, which the script imports)."""
import importlib.util
import math
import os
import unittest

_spec = importlib.util.spec_from_file_location(
    "compare_guidance", os.path.join(os.path.dirname(os.path.abspath(__file__)), "compare-guidance.py"))
cg = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cg)

METRE = 1 / (math.radians(1) * cg.EARTH)  # degrees of latitude in a metre


def walk(*legs, start=(49.4, 8.7)):
    """Points along legs of (metres, bearing in degrees clockwise from north), one every metre."""
    lat, lon = start
    points = [(lat, lon)]
    for metres, bearing in legs:
        for _ in range(metres):
            lat += math.cos(math.radians(bearing)) * METRE
            lon += math.sin(math.radians(bearing)) * METRE / math.cos(math.radians(start[0]))
            points.append((lat, lon))
    return points


def encode6(points):
    """Polyline6, the inverse of decode_polyline6, written from the format's definition."""
    out, previous = [], (0, 0)
    for lat, lon in points:
        now = (round(lat * 1e6), round(lon * 1e6))
        for value in (now[0] - previous[0], now[1] - previous[1]):
            value = ~(value << 1) if value < 0 else value << 1
            while value >= 0x20:
                out.append(chr((0x20 | (value & 0x1F)) + 63))
                value >>= 5
            out.append(chr(value + 63))
        previous = now
    return "".join(out)


class JudgeTests(unittest.TestCase):
    def score(self, points, instructions):
        return cg.judge(cg.Polyline(points), instructions)

    def test_a_right_turn_announced_right_is_correct(self):
        score = self.score(walk((20, 0), (20, 90)), [(20, 1, "right")])
        self.assertEqual((score["bends"], score["correct"], score["wrong"], score["missed"]), (1, 1, 0, 0))

    def test_a_right_turn_announced_left_is_a_wrong_side(self):
        score = self.score(walk((20, 0), (20, 90)), [(21, -1, "left")])
        self.assertEqual((score["correct"], score["wrong"], score["missed"]), (0, 1, 0))

    def test_an_instruction_more_than_3_m_away_misses_the_bend(self):
        # The look-around sees the corner at 20 m from the vertices a metre either side of it too.
        score = self.score(walk((20, 0), (20, 270)), [(26, -1, "left")])
        self.assertEqual(score["straight_labels"], ["left"])
        self.assertEqual((score["correct"], score["missed"]), (0, 1))
        self.assertEqual(score["off_straight"], 1)

    def test_a_slight_bend_makes_no_bend_but_judges_a_fork(self):
        points = walk((20, 0), (20, 25))
        self.assertEqual(self.score(points, [])["bends"], 0)
        self.assertEqual(self.score(points, [(20, 1, "right")])["off_correct"], 1)
        self.assertEqual(self.score(points, [(20, -1, "fork")])["off_wrong"], 1)

    def test_a_hairpin_over_two_vertices_takes_a_uturn(self):
        score = self.score(walk((20, 0), (2, 120), (20, 240)), [(20, 0, "uturn")])
        self.assertEqual((score["bends"], score["correct"]), (1, 1))

    def test_bends_near_the_ends_are_not_judged(self):
        self.assertEqual(self.score(walk((2, 0), (20, 90)), [])["bends"], 0)

    def test_polyline6_decodes_what_was_encoded(self):
        points = [(49.4123456, 8.6712345), (49.4100001, 8.6800002), (49.0, 8.0)]
        decoded = cg.decode_polyline6(encode6(points))
        for (a, b), (c, d) in zip(points, decoded):
            self.assertAlmostEqual(a, c, delta=1e-6)
            self.assertAlmostEqual(b, d, delta=1e-6)


if __name__ == "__main__":
    unittest.main()
