"""Tests of the Python bundle reader, on a demo bundle built by navforge.

`make test` builds the bundle and names it in NAVBUNDLE_TEST_BUNDLE. Run alone, the tests use
build/demo-campus/demo-campus-1.0.0.navbundle (from `make demo`) and skip, saying so, when it
is absent.
"""

import hashlib
import heapq
import os
import random
import shutil
import struct
import tempfile
import unittest

import navbundle
from navbundle import Bundle, BundleError

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
# Relative to the repository's root, as the Makefile gives it.
NAMED = os.environ.get("NAVBUNDLE_TEST_BUNDLE")
BUNDLE = os.path.join(ROOT, NAMED) if NAMED and not os.path.isabs(NAMED) else NAMED
if BUNDLE is None:
    BUNDLE = os.path.join(ROOT, "build", "demo-campus", "demo-campus-1.0.0.navbundle")


def needs_bundle(test):
    if NAMED is None and not os.path.exists(BUNDLE):
        return unittest.skip(f"{BUNDLE} is absent: run `make demo` or `make test` first")(test)
    return test


def dijkstra(bundle, profile, source):
    """Plain Dijkstra over ARCS and PROF, independent of the hierarchy: {node: milliseconds}."""
    nodes, _, first, heads = bundle._arcs()
    costs = bundle.costs(profile)
    best = {source: 0}
    queue = [(0, source)]
    while queue:
        distance, node = heapq.heappop(queue)
        if distance > best[node]:
            continue
        for arc in range(first[node], first[node + 1]):
            if costs[arc] == navbundle.NONE:
                continue
            total = distance + costs[arc]
            if total < navbundle.NONE and total < best.get(heads[arc], navbundle.NONE):
                best[heads[arc]] = total
                heapq.heappush(queue, (total, heads[arc]))
    return best


def arc_between(bundle, profile, tail, head):
    """The cheapest usable arc from ``tail`` to ``head``, as its cost, or None."""
    _, _, first, heads = bundle._arcs()
    costs = bundle.costs(profile)
    usable = [costs[a] for a in range(first[tail], first[tail + 1]) if heads[a] == head and costs[a] != navbundle.NONE]
    return min(usable) if usable else None


@needs_bundle
class ReadingTests(unittest.TestCase):
    def setUp(self):
        self.bundle = Bundle(BUNDLE)

    def tearDown(self):
        self.bundle.close()

    def test_opens_verifies_and_lists_sections(self):
        tags = [section.tag for section in self.bundle.sections]
        for tag in ("META", "STRS", "NODE", "ARCS", "PROF", "EGRS", "CH00"):
            self.assertIn(tag, tags)
        self.assertEqual(self.bundle.major, 0)
        self.assertEqual(self.bundle.profiles[0], "foot")
        offsets = [section.offset for section in self.bundle.sections]
        self.assertTrue(all(offset % 8 == 0 for offset in offsets))

    def test_routes_match_dijkstra_for_every_profile(self):
        random.seed(7)
        nodes = self.bundle.node_count
        for profile in self.bundle.profiles:
            sources = [random.randrange(nodes) for _ in range(15)]
            unreachable = 0
            for source in sources:
                reference = dijkstra(self.bundle, profile, source)
                for target in [random.randrange(nodes) for _ in range(20)]:
                    found = self.bundle.route(profile, source, target)
                    if target not in reference:
                        unreachable += 1
                        self.assertIsNone(found, f"{profile} {source}->{target} should be unreachable")
                        continue
                    self.assertIsNotNone(found, f"{profile} {source}->{target}")
                    distance, path = found
                    self.assertEqual(distance, reference[target], f"{profile} {source}->{target}")
                    self.assertEqual((path[0], path[-1]), (source, target))
                    # The path is a chain of arcs whose costs add up to the distance.
                    total = 0
                    for tail, head in zip(path, path[1:]):
                        cost = arc_between(self.bundle, profile, tail, head)
                        self.assertIsNotNone(cost, f"{profile}: no arc {tail}->{head}")
                        total += cost
                    self.assertEqual(total, distance)
            self.assertLess(unreachable, 300, f"{profile}: every pair unreachable proves nothing")

    def test_nearest_exit_follows_the_egress_table(self):
        nodes = self.bundle.node_count
        for profile in self.bundle.profiles:
            found = 0
            for node in range(nodes):
                way = self.bundle.nearest_exit(profile, node)
                if way is None:
                    continue
                found += 1
                exit_node, cost, path = way
                self.assertEqual((path[0], path[-1]), (node, exit_node))
                _, _, first, heads = self.bundle._arcs()
                for tail, head in zip(path, path[1:]):
                    self.assertIn(head, [heads[a] for a in range(first[tail], first[tail + 1])])
                if node == exit_node:
                    self.assertEqual(cost, 0)
            self.assertGreater(found, nodes // 2, profile)

    def test_refuses_a_hierarchy_of_another_graph(self):
        nodes, arcs = self.bundle._arcs()[:2]
        with self.assertRaises(BundleError) as caught:
            navbundle._Hierarchy(self.bundle.section("CH00"), nodes + 1, arcs, "CH00")
        self.assertIn("ARCS has", str(caught.exception))

    def test_refuses_unknown_profiles_and_nodes(self):
        with self.assertRaises(BundleError):
            self.bundle.route("hovercraft", 0, 1)
        with self.assertRaises(BundleError):
            self.bundle.route("foot", 0, self.bundle.node_count)


@needs_bundle
class DamagedFileTests(unittest.TestCase):
    """Every damaged file gives a BundleError: never another exception, never a crash."""

    def setUp(self):
        self.folder = tempfile.mkdtemp()
        with open(BUNDLE, "rb") as file:
            self.image = bytearray(file.read())
        with Bundle(BUNDLE) as bundle:
            self.sections = bundle.sections

    def tearDown(self):
        shutil.rmtree(self.folder)

    def write(self, image, name="damaged.navbundle"):
        path = os.path.join(self.folder, name)
        with open(path, "wb") as file:
            file.write(image)
        return path

    def refused(self, image, verify=True):
        with self.assertRaises(BundleError) as caught:
            with Bundle(self.write(image), verify_checksums=verify):
                pass
        return str(caught.exception)

    def entry(self, index):
        return 64 + 32 * index

    def test_truncated_empty_and_foreign_files(self):
        self.assertIn("truncated", self.refused(self.image[:-1]))
        self.refused(b"")
        self.refused(b"<?xml version='1.0'?><osm/>" + bytes(100))
        self.assertIn("magic", self.refused(b"X" + self.image[1:]))
        with self.assertRaises(BundleError) as caught:
            Bundle(os.path.join(self.folder, "absent.navbundle"))
        self.assertIn("absent.navbundle", str(caught.exception))

    def test_unknown_major_version(self):
        image = bytearray(self.image)
        struct.pack_into("<H", image, 8, 9)
        self.assertIn("not supported", self.refused(image))

    def test_a_bit_flip_in_any_section_fails_its_checksum(self):
        for section in self.sections:
            if section.length == 0:
                continue
            image = bytearray(self.image)
            image[section.offset + section.length // 2] ^= 0x10
            self.assertIn(section.tag, self.refused(image))

    def test_sections_outside_the_file_overlapping_or_misaligned(self):
        image = bytearray(self.image)
        struct.pack_into("<Q", image, self.entry(0) + 8, len(image) + 8)
        self.assertIn("outside", self.refused(image, verify=False))
        image = bytearray(self.image)
        struct.pack_into("<Q", image, self.entry(0) + 16, 2 ** 62)
        self.assertIn("outside", self.refused(image, verify=False))
        image = bytearray(self.image)
        struct.pack_into("<Q", image, self.entry(1) + 8, self.sections[0].offset)
        self.assertIn("overlap", self.refused(image, verify=False))
        image = bytearray(self.image)
        struct.pack_into("<Q", image, self.entry(0) + 8, self.sections[0].offset + 4)
        self.assertIn("outside", self.refused(image, verify=False))
        image = bytearray(self.image)
        struct.pack_into("<I", image, 16, 10 ** 6)
        self.assertIn("does not fit", self.refused(image, verify=False))

    def test_damaged_hierarchies_with_fixed_checksums_are_refused_or_safe(self):
        """A hostile file can carry valid checksums: the hierarchy checks must stand alone."""
        index = next(i for i, s in enumerate(self.sections) if s.tag == "CH00")
        section = self.sections[index]
        table_index = [e for e in range(len(self.sections))
                       if struct.unpack_from("<Q", self.image, self.entry(e) + 8)[0] == section.offset][0]
        random.seed(11)
        refused = 0
        for attempt in range(60):
            image = bytearray(self.image)
            word = 4 + random.randrange(section.length // 4 - 4)
            image[section.offset + 4 * word + random.randrange(4)] ^= 1 << random.randrange(8)
            digest = hashlib.sha256(image[section.offset:section.offset + section.length]).digest()
            struct.pack_into("<Q", image, self.entry(table_index) + 24, int.from_bytes(digest[:8], "little"))
            with Bundle(self.write(image, f"hostile{attempt}.navbundle")) as bundle:
                try:
                    for source, target in ((0, 1), (5, 50), (30, 7)):
                        found = bundle.route("foot", source, target)
                        if found is not None:
                            self.assertEqual(found[1][0], source)
                except BundleError:
                    refused += 1
        self.assertGreater(refused, 30, "most single-bit changes to a hierarchy must be caught")


if __name__ == "__main__":
    unittest.main()
