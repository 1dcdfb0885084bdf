"""Tests of the Python bundle reader, on a format 1.x demo bundle built by navforge.

`make test` builds the bundle and names it in NAVBUNDLE_TEST_BUNDLE (a path relative to the
repository's root, or absolute); without it the tests that need a bundle skip, saying so. When
NAVBUNDLE_TEST_ANSWERS names a file of answers to readers/vectors/demo-campus.queries (from
another reader), the Python answers must equal it byte for byte. NAVBUNDLE_TEST_STATION names the
bundle of readers/vectors/station (format 1.2: endpoints, aliases, attachments, main pieces).

Every expectation is computed independently of the module where it can be: routes by a plain
Dijkstra over ARCS and PROF, searches by scanning every key, snaps by measuring every node.
"""

import decimal
import hashlib
import heapq
import math
import os
import random
import shutil
import struct
import subprocess
import sys
import tempfile
import unittest

import answer
import navbundle
from navbundle import Bundle, BundleError

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
QUERIES = os.path.join(ROOT, "readers", "vectors", "demo-campus.queries")


def from_environment(name):
    """The path in environment variable ``name``: relative paths are the repository root's,
    as the Makefile gives them, unless they name a file from the current directory."""
    value = os.environ.get(name)
    if not value or os.path.isabs(value) or os.path.exists(value):
        return os.path.abspath(value) if value else None
    return os.path.join(ROOT, value)


BUNDLE = from_environment("NAVBUNDLE_TEST_BUNDLE")
ANSWERS = from_environment("NAVBUNDLE_TEST_ANSWERS")


def needs_bundle(test):
    if BUNDLE is None:
        return unittest.skip("NAVBUNDLE_TEST_BUNDLE is not set: name a format 1.x bundle "
                             "(`make test` builds one and sets it)")(test)
    return test


# Independent readings of the file, so that the module is not checked against itself.

def table(image):
    """{tag: (table index, offset, length)} of a bundle image."""
    count = struct.unpack_from("<I", image, 16)[0]
    entries = {}
    for index in range(count):
        tag, _, _, offset, length, _ = struct.unpack_from("<4sHHQQQ", image, 64 + 32 * index)
        entries[tag.decode("ascii")] = (index, offset, length)
    return entries


def section_of(image, tag):
    _, offset, length = table(image)[tag]
    return image[offset:offset + length]


def fix_section_checksum(image, tag):
    index, offset, length = table(image)[tag]
    digest = hashlib.sha256(image[offset:offset + length]).digest()
    struct.pack_into("<Q", image, 64 + 32 * index + 24, int.from_bytes(digest[:8], "little"))


def fix_file_hash(image):
    image[32:64] = bytes(32)
    image[32:64] = hashlib.sha256(image).digest()


def fix_checksums(image, tag):
    """What a hostile writer would do: make damage invisible to checksum verification."""
    fix_section_checksum(image, tag)
    fix_file_hash(image)


def nodes_of(image):
    """[(latitude, longitude, level)] of NODE, in 1e-7 degree."""
    view = section_of(image, "NODE")
    count = struct.unpack_from("<I", view, 0)[0]
    return [struct.unpack_from("<iiH", view, 8 + 16 * index) for index in range(count)]


def keys_of(image):
    """[(key bytes, field, place)] of SRCH, in index order."""
    view = section_of(image, "SRCH")
    folds, keys, fold_bytes, _ = struct.unpack_from("<IIII", view, 0)
    key_at = 16 + 12 * folds
    text_at = key_at + 12 * keys + fold_bytes
    found = []
    for index in range(keys):
        offset, length, field, _, place = struct.unpack_from("<IHBBI", view, key_at + 12 * index)
        found.append((bytes(view[text_at + offset:text_at + offset + length]), field, place))
    return found


def brute_search(keys, folded, limit):
    """Prefix search by scanning every key: the format's definition, without bisection."""
    if not folded:
        return []
    prefix = folded.encode("utf-8")
    best = {}
    for position, (key, field, place) in enumerate(keys):
        if key.startswith(prefix) and (place not in best or (field, position) < best[place]):
            best[place] = (field, position)
    ranked = sorted(best.items(), key=lambda item: item[1])
    return [(place, field) for place, (field, _) in ranked[:limit]]


def rounded(value):
    """``value`` to an integer, halves away from zero, by exact decimal arithmetic on the double."""
    return int(decimal.Decimal(value).quantize(decimal.Decimal(1), rounding=decimal.ROUND_HALF_UP))


def to_units(degrees):
    """Degrees to 1e-7 degree as the format says: the double product, then rounded."""
    return rounded(degrees * 1e7)


def brute_snap(nodes, scale, latitude, longitude, level):
    """The nearest node of ``level`` by measuring every node: the format's definition."""
    query_lat, query_lon = to_units(latitude), to_units(longitude)
    best = None
    for index, (node_lat, node_lon, node_level) in enumerate(nodes):
        if node_level != level:
            continue
        dy = float(query_lat - node_lat)
        dx = float(query_lon - node_lon) * scale
        squared = dx * dx + dy * dy
        if best is None or squared < best[0]:
            best = (squared, index)
    return None if best is None else (best[1], math.sqrt(best[0]) * 0.011131949079327357)


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
            if total < best.get(heads[arc], math.inf):
                best[heads[arc]] = total
                heapq.heappush(queue, (total, heads[arc]))
    return best


def arc_between(bundle, profile, tail, head):
    """The cheapest usable arc from ``tail`` to ``head``, as its cost, or None."""
    _, _, first, heads = bundle._arcs()
    costs = bundle.costs(profile)
    usable = [costs[a] for a in range(first[tail], first[tail + 1]) if heads[a] == head and costs[a] != navbundle.NONE]
    return min(usable) if usable else None


class HelperTests(unittest.TestCase):
    """Parts that need no bundle."""

    def test_rounding_is_half_away_from_zero(self):
        cases = {0.5: 1, -0.5: -1, 1.5: 2, 2.5: 3, -2.5: -3, 0.49999999999999994: 0, -0.49999999999999994: 0,
                 4503599627370495.5: 4503599627370496, 481510953.00000006: 481510953, -3.7: -4, 7.0: 7, 0.0: 0}
        for value, expected in cases.items():
            self.assertEqual(navbundle._round_half_away(value), expected, repr(value))
        random.seed(3)
        for _ in range(2000):
            value = random.uniform(-1.8e9, 1.8e9) if random.random() < 0.5 else random.randrange(-10 ** 6, 10 ** 6) + 0.5
            self.assertEqual(navbundle._round_half_away(value), rounded(value), repr(value))

    def test_query_lines_skip_comments_and_blank_lines(self):
        data = b"# comment\n\nroute foot 1 2\r\n  \nsearch 10   Hall   1 \nsnap 0 1 2"
        self.assertEqual(list(answer.query_lines(data)),
                         [(3, "route foot 1 2"), (5, "search 10   Hall   1 "), (6, "snap 0 1 2")])
        with self.assertRaises(answer.QueryError):
            list(answer.query_lines(b"search 10 \xff\n"))


def hierarchy(n, up, down, input_arcs=100):
    """A CHv2 section built by hand, ranks equal to nodes. ``up[r]`` lists (head, weight, via)
    and ``down[r]`` lists (tail, weight, via) stored at ``r``, in stored order; ``via`` is an
    input arc number, or ("via", middle) for a shortcut, whose halves are looked up here."""
    up_first, down_first = [0], [0]
    for r in range(n):
        up_first.append(up_first[-1] + len(up[r]))
        down_first.append(down_first[-1] + len(down[r]))
    u, d = up_first[-1], down_first[-1]
    halves = [0] * (2 * (u + d))

    def via_word(via, tail, head):
        if isinstance(via, int):
            return navbundle.ORIGINAL_ARC + via, (navbundle.ORIGINAL_ARC + via,) * 2
        middle = via[1]
        first = next(up_first[middle] + down_first[middle] + i
                     for i, (t, _, _) in enumerate(down[middle]) if t == tail)
        second = next(down_first[middle + 1] + up_first[middle] + i
                      for i, (h, _, _) in enumerate(up[middle]) if h == head)
        return middle, (first, second)

    up_words, down_words = ([], [], []), ([], [], [])
    for r in range(n):
        for a, (tail, weight, via) in enumerate(down[r]):
            word, pair = via_word(via, tail, r)
            slot = up_first[r] + down_first[r] + a
            halves[2 * slot:2 * slot + 2] = pair
            for column, value in zip(down_words, (tail, weight, word)):
                column.append(value)
        for a, (head, weight, via) in enumerate(up[r]):
            word, pair = via_word(via, r, head)
            slot = up_first[r] + down_first[r + 1] + a
            halves[2 * slot:2 * slot + 2] = pair
            for column, value in zip(up_words, (head, weight, word)):
                column.append(value)
    words = ([navbundle.HIERARCHY_MAGIC, n, u, d] + list(range(n)) + list(range(n)) + up_first
             + up_words[0] + up_words[1] + up_words[2] + down_first + down_words[0] + down_words[1]
             + down_words[2] + halves)
    return navbundle._Hierarchy(memoryview(struct.pack(f"<{len(words)}I", *words)), n, input_arcs, "test")


class ReferenceQueryTests(unittest.TestCase):
    """Where several paths cost the same, the format's rules decide which one a route takes."""

    def test_equal_distances_settle_the_lower_rank_first(self):
        # Two paths of cost 2 from 0 to 3, over 1 or over 2: rank 1 is taken out first, reaches
        # 3 first, and 2 cannot strictly improve on it.
        up = [[(1, 1, 10), (2, 1, 11)], [(3, 1, 12)], [(3, 1, 13)], []]
        down = [[(1, 1, 20), (2, 1, 21)], [(3, 1, 22)], [(3, 1, 23)], []]
        self.assertEqual(hierarchy(4, up, down).shortest(0, 3), (2, [10, 12]))
        self.assertEqual(hierarchy(4, up, down).shortest(3, 0), (2, [22, 20]))

    def test_only_a_strictly_better_meeting_replaces_the_first(self):
        # 0 and 1 meet at 2 and at 3 at the same cost: the first meeting (at rank 2) stays.
        up = [[(2, 1, 10), (3, 1, 11)], [(2, 1, 12), (3, 1, 13)], [], []]
        down = [[(2, 1, 20), (3, 1, 21)], [(2, 1, 22), (3, 1, 23)], [], []]
        self.assertEqual(hierarchy(4, up, down).shortest(0, 1), (2, [10, 22]))

    def test_shortcuts_unpack_through_their_halves(self):
        # 0 lies between 1 (cost 1) and 2 (cost 2); contracting it leaves shortcuts 1->2 and 2->1.
        up = [[(1, 1, 30), (2, 2, 31)], [(2, 3, ("via", 0))], []]
        down = [[(1, 1, 40), (2, 2, 41)], [(2, 3, ("via", 0))], []]
        built = hierarchy(3, up, down)
        self.assertEqual(built.shortest(1, 2), (3, [40, 31]))
        self.assertEqual(built.shortest(2, 1), (3, [41, 30]))
        self.assertEqual(built.shortest(0, 2), (2, [31]))

    def test_a_route_past_a_stalled_rank(self):
        # Edges 0-1 (5), 0-2 (1), 2-1 (1), 1-3 (100); contracting 1 adds shortcuts 2<->3 (101).
        # The forward search takes 1 out at 5 and stalls it (0 -> 2 -> 1 costs 2); the route
        # goes up to 2 and over the shortcut, which unpacks to 2 -> 1 -> 3.
        up = [[(1, 5, 50), (2, 1, 51)], [(2, 1, 52), (3, 100, 53)], [(3, 101, ("via", 1))], []]
        down = [[(1, 5, 60), (2, 1, 61)], [(2, 1, 62), (3, 100, 63)], [(3, 101, ("via", 1))], []]
        built = hierarchy(4, up, down)
        self.assertEqual(built.shortest(0, 3), (102, [51, 62, 53]))
        self.assertEqual(built.shortest(3, 0), (102, [63, 52, 61]))


@needs_bundle
class ReadingTests(unittest.TestCase):
    def setUp(self):
        self.bundle = Bundle(BUNDLE)

    def tearDown(self):
        self.bundle.close()

    def test_opens_verifies_and_lists_sections(self):
        tags = [section.tag for section in self.bundle.sections]
        for tag in ("META", "STRS", "LEVL", "NODE", "ARCS", "PROF", "PLAC", "EVNT", "SRCH", "SNAP", "OUTL", "CH00"):
            self.assertIn(tag, tags)
        self.assertEqual(self.bundle.major, 1)
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
                for target in [source] + [random.randrange(nodes) for _ in range(20)]:
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

    def test_a_route_to_its_start_is_empty(self):
        for profile in self.bundle.profiles:
            self.assertEqual(self.bundle.route(profile, 5, 5), (0, [5]))

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

    def test_refuses_unknown_profiles_nodes_and_levels(self):
        with self.assertRaises(BundleError):
            self.bundle.route("hovercraft", 0, 1)
        with self.assertRaises(BundleError):
            self.bundle.route("foot", 0, self.bundle.node_count)
        with self.assertRaises(BundleError):
            self.bundle.snap(48.15, 11.58, self.bundle.level_count)
        with self.assertRaises(ValueError):
            self.bundle.snap(math.nan, 11.58, 0)
        with self.assertRaises(ValueError):
            self.bundle.search_prefix("a", -1)

    def test_folding_follows_the_bundle_table(self):
        fold = self.bundle.fold
        for text in ("CAFE", "café", "Cafe\u0301", "CAFÉ", "  cAfE\t"):
            self.assertEqual(fold(text), "cafe", repr(text))
        self.assertEqual(fold(" \t Hall \n\r 1 \x0b\x0c"), "hall 1")
        self.assertEqual(fold("Straße"), "strasse")
        self.assertEqual(fold("Й"), "и")
        self.assertEqual(fold("\u00a0Lecture\u2003Hall\u00a0"), "lecture hall")
        self.assertEqual(fold("A.1-X_y"), "a.1-x_y")
        self.assertEqual(fold("\u0301\u00a0 "), "")
        self.assertEqual(fold("caf\u00e9".encode("utf-8")), "cafe")
        with self.assertRaises(ValueError):
            fold(b"caf\xe9")

    def test_accents_and_case_do_not_change_results(self):
        expected = self.bundle.search_prefix("cafe")
        self.assertTrue(expected)
        for text in ("CAFE", "café", "Cafe\u0301", "CAFÉ", " Café "):
            self.assertEqual(self.bundle.search_prefix(text), expected, repr(text))
        self.assertEqual(self.bundle.search_prefix("   \t "), [])
        self.assertEqual(self.bundle.search_prefix("a", 0), [])

    def test_keys_are_the_folded_fields_of_their_places(self):
        fold = self.bundle.fold
        with open(BUNDLE, "rb") as file:
            keys = keys_of(file.read())
        for key, field, place_index in keys:
            place = self.bundle.place(place_index)
            text = key.decode("utf-8")
            if field == 0:
                self.assertEqual(text, fold(place.ref))
            elif field == 1:
                self.assertEqual(text, fold(place.name))
            elif field == 2:
                name = fold(place.name)
                self.assertTrue(name.endswith(" " + text), (name, text))
            else:
                self.assertEqual(text, fold(place.category))

    def test_search_matches_a_scan_of_every_key(self):
        with open(BUNDLE, "rb") as file:
            keys = keys_of(file.read())
        queries = set()
        for key, _, _ in keys:
            text = key.decode("utf-8")
            for end in range(1, len(text) + 1):
                queries.add(text[:end])
                queries.add(text[:end].upper())
                queries.add(" " + text[:end].title() + "  ")
        random.seed(5)
        alphabet = "abcdeilmorst .-_()1234éÉßÜ\u0301\t"
        for _ in range(500):
            queries.add("".join(random.choice(alphabet) for _ in range(random.randrange(1, 6))))
        queries.update(("zzz", "Ünï", "Straße", "Ауд", "a" * 40, "\uffff", "\U0001F600"))
        self.assertGreater(len(queries), 1000)
        for query in sorted(queries):
            folded = self.bundle.fold(query)
            for limit in (1, 5, 10000):
                self.assertEqual(self.bundle.search_prefix(query, limit), brute_search(keys, folded, limit),
                                 f"{query!r} limit {limit}")

    def test_snap_matches_measuring_every_node(self):
        with open(BUNDLE, "rb") as file:
            image = file.read()
        nodes = nodes_of(image)
        scale = struct.unpack_from("<d", section_of(image, "SNAP"), 16)[0]
        south, north = min(n[0] for n in nodes) / 1e7, max(n[0] for n in nodes) / 1e7
        west, east = min(n[1] for n in nodes) / 1e7, max(n[1] for n in nodes) / 1e7
        random.seed(9)
        positions = []
        for _ in range(3000):
            # Mostly over the venue, some well outside it on every side.
            margin = 0.0005 if random.random() < 0.8 else 0.02
            positions.append((random.uniform(south - margin, north + margin), random.uniform(west - margin, east + margin)))
        positions += [(lat / 1e7, lon / 1e7) for lat, lon, _ in nodes]
        positions += [(-89.9, -179.9), (89.9, 179.9), (0.0, 0.0), (south, east), (north, west)]
        levels = self.bundle.level_count
        for latitude, longitude in positions:
            for level in range(levels):
                self.assertEqual(self.bundle.snap(latitude, longitude, level),
                                 brute_snap(nodes, scale, latitude, longitude, level),
                                 f"{latitude!r} {longitude!r} on level {level}")

    def test_outlines_cover_every_level(self):
        with open(BUNDLE, "rb") as file:
            outline_count = struct.unpack_from("<I", section_of(file.read(), "OUTL"), 4)[0]
        total = 0
        places = self.bundle._place_count()
        for level in range(self.bundle.level_count):
            for outline in self.bundle.outlines(level):
                total += 1
                self.assertTrue(outline.rings)
                self.assertTrue(all(len(ring) >= 3 for ring in outline.rings))
                self.assertTrue(outline.place is None or 0 <= outline.place < places)
        self.assertEqual(total, outline_count)

    def test_places_levels_and_nodes_resolve(self):
        for index in range(self.bundle._place_count()):
            place = self.bundle.place(index)
            self.assertTrue(place.level is None or place.level < self.bundle.level_count)
        self.assertEqual(len(self.bundle.levels), self.bundle.level_count)
        node = self.bundle.node(0)
        self.assertLess(node.level, self.bundle.level_count)


@needs_bundle
class AnswerTests(unittest.TestCase):
    def test_answers_equal_the_named_answers_file(self):
        if ANSWERS is None:
            self.skipTest("NAVBUNDLE_TEST_ANSWERS is not set: name another reader's answers to compare with")
        with open(QUERIES, "rb") as file:
            data = file.read()
        with open(ANSWERS, "rb") as file:
            expected = file.read()
        with Bundle(BUNDLE) as bundle:
            produced = "".join(line + "\n" for line in answer.answer_lines(bundle, data)).encode("utf-8")
        self.assertEqual(produced.splitlines(), expected.splitlines())
        self.assertEqual(produced, expected)

    def test_every_query_of_the_vectors_is_answered(self):
        with open(QUERIES, "rb") as file:
            data = file.read()
        with Bundle(BUNDLE) as bundle:
            lines = list(answer.answer_lines(bundle, data))
        self.assertEqual(len(lines), len(list(answer.query_lines(data))))
        self.assertTrue(all(" => " in line for line in lines))

    def run_answer(self, bundle, queries):
        folder = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, folder)
        path = os.path.join(folder, "queries")
        with open(path, "wb") as file:
            file.write(queries)
        return subprocess.run([sys.executable, os.path.join(HERE, "answer.py"), bundle, path],
                              capture_output=True, timeout=120)

    def test_command_answers_and_refuses_bad_lines(self):
        done = self.run_answer(BUNDLE, b"# c\nroute foot 0 0\nsearch 2 a\n")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(done.stdout, b"route foot 0 0 => 0 0\nsearch 2 a => 0:0 1:0\n")
        for bad in (b"route foot 0\n", b"route foot 0 x\n", b"route foot +1 2\n", b"fly 1 2\n",
                    b"snap 0 nan 11.5\n", b"snap 0 48.1 1e3\n", b"search 10\n", b"route walk 0 1\n",
                    b"exit foot 100000\n", b"snap 99 48.1 11.5\n", b"search -1 a\n"):
            done = self.run_answer(BUNDLE, b"route foot 0 0\n" + bad)
            self.assertNotEqual(done.returncode, 0, bad)
            self.assertIn(b":2:", done.stderr, bad)

    def test_command_refuses_a_bad_bundle(self):
        folder = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, folder)
        path = os.path.join(folder, "short.navbundle")
        with open(BUNDLE, "rb") as file:
            image = file.read()
        with open(path, "wb") as file:
            file.write(image[:-8])
        done = self.run_answer(path, b"route foot 0 0\n")
        self.assertNotEqual(done.returncode, 0)
        self.assertIn(b"short.navbundle", done.stderr)
        self.assertEqual(done.stdout, b"")


@needs_bundle
class DamagedFileTests(unittest.TestCase):
    """Every damaged file gives a BundleError: never another exception, never a crash."""

    def setUp(self):
        self.folder = tempfile.mkdtemp()
        with open(BUNDLE, "rb") as file:
            self.image = bytearray(file.read())
        with Bundle(BUNDLE) as bundle:
            self.sections = bundle.sections
        self.count = 0

    def tearDown(self):
        shutil.rmtree(self.folder)

    def write(self, image, name=None):
        if name is None:
            self.count += 1
            name = f"damaged{self.count}.navbundle"
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
        message = self.refused(image, verify=False)
        self.assertIn("not supported", message)
        self.assertIn("update the reader", message)

    def test_a_development_format_is_refused(self):
        image = bytearray(self.image)
        struct.pack_into("<HH", image, 8, 0, 4)
        fix_file_hash(image)
        path = self.write(image, "old.navbundle")
        with self.assertRaises(BundleError) as caught:
            Bundle(path, verify_checksums=False)
        self.assertEqual(str(caught.exception),
                         f"{path}: format 0.4 is not supported; this reader reads 1.x; rebuild the bundle")

    def test_a_later_minor_opens(self):
        image = bytearray(self.image)
        struct.pack_into("<H", image, 10, 3)
        fix_file_hash(image)
        with Bundle(self.write(image)) as bundle:
            self.assertEqual((bundle.major, bundle.minor), (1, 3))

    def test_a_bit_flip_in_any_section_fails_its_checksum(self):
        for section in self.sections:
            if section.length == 0:
                continue
            image = bytearray(self.image)
            image[section.offset + section.length // 2] ^= 0x10
            self.assertIn(section.tag, self.refused(image))

    def test_the_whole_file_hash_catches_what_section_checksums_miss(self):
        section = next(s for s in self.sections if s.tag == "PLAC")
        image = bytearray(self.image)
        image[section.offset + 9] ^= 0x01
        fix_section_checksum(image, "PLAC")
        self.assertIn("whole-file SHA-256", self.refused(image))
        Bundle(self.write(image), verify_checksums=False).close()
        # Bytes no section covers: the (ignored) flags and the file's hash itself.
        for offset in (12, 40):
            image = bytearray(self.image)
            image[offset] ^= 0x04
            self.assertIn("whole-file SHA-256", self.refused(image))

    def test_required_sections_and_unknown_versions(self):
        table_index = table(self.image)["PLAC"][0]
        image = bytearray(self.image)
        image[self.entry(table_index):self.entry(table_index) + 4] = b"XPLA"
        self.assertIn("required section PLAC", self.refused(image, verify=False))
        image = bytearray(self.image)
        struct.pack_into("<H", image, self.entry(table_index) + 4, 2)
        self.assertIn("required section PLAC", self.refused(image, verify=False))
        # An optional section at an unknown version is absent, and the rest still works.
        srch = table(self.image)["SRCH"][0]
        image = bytearray(self.image)
        struct.pack_into("<H", image, self.entry(srch) + 4, 2)
        fix_file_hash(image)
        with Bundle(self.write(image)) as bundle:
            self.assertFalse(bundle.has("SRCH"))
            with self.assertRaises(BundleError) as caught:
                bundle.search_prefix("a")
            self.assertIn("not available", str(caught.exception))
            self.assertIsNotNone(bundle.route("foot", 0, 1))

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
        image = bytearray(self.image)
        struct.pack_into("<I", image, 20, 68)
        self.assertIn("header size", self.refused(image, verify=False))

    def damaged(self, tag, patch):
        """The bundle with ``patch(image, offset of tag)`` applied and every checksum fixed."""
        image = bytearray(self.image)
        patch(image, table(image)[tag][1])
        fix_checksums(image, tag)
        return self.write(image)

    def assert_refused(self, tag, path, use):
        """Opening (checksums and all) succeeds; ``use`` raises a BundleError naming file and section."""
        with Bundle(path) as bundle:
            with self.assertRaises(BundleError) as caught:
                use(bundle)
        self.assertIn(path, str(caught.exception))
        self.assertIn(f"section {tag}", str(caught.exception))

    def test_damaged_search_index_headers(self):
        view = section_of(self.image, "SRCH")
        folds, keys, fold_bytes, key_bytes = struct.unpack_from("<IIII", view, 0)
        key_at = 16 + 12 * folds
        places = struct.unpack_from("<I", section_of(self.image, "PLAC"), 0)[0]
        patches = [
            lambda image, at: struct.pack_into("<I", image, at, 0xFFFFFFFF),        # fold count
            lambda image, at: struct.pack_into("<I", image, at + 4, keys + 1),      # key count
            lambda image, at: struct.pack_into("<I", image, at + 8, 10 ** 9),       # fold bytes
            lambda image, at: struct.pack_into("<I", image, at + 12, key_bytes + 1),
            lambda image, at: struct.pack_into("<I", image, at + 16, 0x41),         # an ASCII fold entry
            lambda image, at: struct.pack_into("<I", image, at + 16 + 12, 0x80),    # out of order
            lambda image, at: struct.pack_into("<I", image, at + 16, 0xD800),       # a surrogate
            lambda image, at: struct.pack_into("<I", image, at + 16 + 4, fold_bytes),  # text outside
            lambda image, at: struct.pack_into("<I", image, at + 16 + 8, 10 ** 6),
            lambda image, at: struct.pack_into("<I", image, at + key_at + 8, places),  # no such place
            lambda image, at: struct.pack_into("<B", image, at + key_at + 6, 4),    # no such field
            lambda image, at: struct.pack_into("<H", image, at + key_at + 4, 0),    # empty key
            lambda image, at: struct.pack_into("<I", image, at + key_at, key_bytes),  # key text outside
            lambda image, at: struct.pack_into("<I", image, at + key_at + 12 * 5, 0),  # keys out of order
        ]
        for patch in patches:
            self.assert_refused("SRCH", self.damaged("SRCH", patch), lambda bundle: bundle.search_prefix("a"))

    def test_a_fold_that_is_not_folded_is_refused(self):
        view = section_of(self.image, "SRCH")
        folds = struct.unpack_from("<I", view, 0)[0]
        # Point a fold at text holding an ASCII capital: the table is then not folded already.
        fold_text_at = 16 + 12 * folds + 12 * struct.unpack_from("<I", view, 4)[0]
        text = bytes(view[fold_text_at:fold_text_at + struct.unpack_from("<I", view, 8)[0]])
        target = text.index(b"a")

        def patch(image, at):
            image[at + fold_text_at + target] = ord("A")
        self.assert_refused("SRCH", self.damaged("SRCH", patch), lambda bundle: bundle.search_prefix("a"))

    def test_damaged_snap_index_headers(self):
        view = section_of(self.image, "SNAP")
        levels, nodes, cells, entries = struct.unpack_from("<IIII", view, 0)
        cells_at = 24 + 32 * levels
        entries_at = cells_at + 4 * (cells + 1)
        grid = 24 + 32 * next(l for l in range(levels) if struct.unpack_from("<I", view, 24 + 32 * l + 16)[0] > 0)
        patches = [
            lambda image, at: struct.pack_into("<I", image, at, levels + 1),
            lambda image, at: struct.pack_into("<I", image, at + 4, nodes - 1),
            lambda image, at: struct.pack_into("<I", image, at + 8, 0xFFFFFFF0),
            lambda image, at: struct.pack_into("<I", image, at + 12, entries + 1),
            lambda image, at: struct.pack_into("<d", image, at + 16, math.nan),
            lambda image, at: struct.pack_into("<d", image, at + 16, 0.0),
            lambda image, at: struct.pack_into("<I", image, at + grid + 16, 10 ** 6),   # rows
            lambda image, at: struct.pack_into("<I", image, at + grid + 24, cells),     # first cell
            lambda image, at: struct.pack_into("<I", image, at + grid + 8, 0),          # cell size
            lambda image, at: struct.pack_into("<i", image, at + grid, 2 ** 31 - 1),    # nodes outside the grid
            lambda image, at: struct.pack_into("<I", image, at + cells_at + 4, entries + 1),  # offsets pass the end
            lambda image, at: struct.pack_into("<I", image, at + cells_at + 4 * cells, 0),    # offsets fall
            lambda image, at: struct.pack_into("<I", image, at + entries_at, nodes),    # no such node
            lambda image, at: struct.pack_into("<I", image, at + entries_at, 1 + struct.unpack_from("<I", image, at + entries_at)[0]),
        ]
        for patch in patches:
            self.assert_refused("SNAP", self.damaged("SNAP", patch), lambda bundle: bundle.snap(48.15, 11.58, 1))

    def test_damaged_outline_headers(self):
        view = section_of(self.image, "OUTL")
        levels, outlines, rings, points = struct.unpack_from("<IIII", view, 0)
        ring_first_at = 16 + 4 * (levels + 1)
        point_first_at = ring_first_at + 4 * (outlines + 1)
        records_at = (point_first_at + 4 * (rings + 1) + 7) // 8 * 8
        places = struct.unpack_from("<I", section_of(self.image, "PLAC"), 0)[0]
        patches = [
            lambda image, at: struct.pack_into("<I", image, at, levels - 1),
            lambda image, at: struct.pack_into("<I", image, at + 4, 0xFFFFFFFF),
            lambda image, at: struct.pack_into("<I", image, at + 8, rings + 1),
            lambda image, at: struct.pack_into("<I", image, at + 12, points * 100),
            lambda image, at: struct.pack_into("<I", image, at + 16 + 4, outlines + 5),       # level offsets
            lambda image, at: struct.pack_into("<I", image, at + ring_first_at + 4, 0),       # an outline without rings
            lambda image, at: struct.pack_into("<I", image, at + point_first_at + 4, 2),      # a ring of 2 corners
            lambda image, at: struct.pack_into("<I", image, at + records_at + 4, places),     # no such place
        ]
        for patch in patches:
            self.assert_refused("OUTL", self.damaged("OUTL", patch), lambda bundle: bundle.outlines(0))

    def test_random_damage_to_search_and_snap_is_refused_or_harmless(self):
        """Whatever a single bit does, a query either raises BundleError or answers exactly
        what scanning the damaged file would."""
        random.seed(13)
        nodes = nodes_of(self.image)
        for tag in ("SRCH", "SNAP", "OUTL"):
            _, offset, length = table(self.image)[tag]
            for attempt in range(40):
                image = bytearray(self.image)
                image[offset + random.randrange(length)] ^= 1 << random.randrange(8)
                fix_checksums(image, tag)
                with Bundle(self.write(image)) as bundle:
                    try:
                        if tag == "SRCH":
                            keys = keys_of(image)
                            for query in ("a", "c.1", "Café", "lecture h", "room"):
                                self.assertEqual(bundle.search_prefix(query, 50),
                                                 brute_search(keys, bundle.fold(query), 50))
                        elif tag == "SNAP":
                            scale = struct.unpack_from("<d", section_of(image, "SNAP"), 16)[0]
                            for latitude, longitude, level in ((48.1495, 11.5805, 1), (48.149, 11.581, 8),
                                                               (48.2, 11.5, 4), (48.1501, 11.5801, 0)):
                                self.assertEqual(bundle.snap(latitude, longitude, level),
                                                 brute_snap(nodes, scale, latitude, longitude, level))
                        else:
                            for level in range(bundle.level_count):
                                bundle.outlines(level)
                    except BundleError as error:
                        self.assertIn(tag, str(error))

    def test_damaged_hierarchies_with_fixed_checksums_are_refused_or_safe(self):
        """A hostile file can carry valid checksums: the hierarchy checks must stand alone."""
        _, offset, length = table(self.image)["CH00"]
        random.seed(11)
        refused = 0
        for attempt in range(60):
            image = bytearray(self.image)
            word = 4 + random.randrange(length // 4 - 4)
            image[offset + 4 * word + random.randrange(4)] ^= 1 << random.randrange(8)
            fix_checksums(image, "CH00")
            with Bundle(self.write(image, f"hostile{attempt}.navbundle")) as bundle:
                try:
                    for source, target in ((0, 1), (5, 50), (30, 7)):
                        found = bundle.route("foot", source, target)
                        if found is not None:
                            self.assertEqual((found[1][0], found[1][-1]), (source, target))
                except BundleError:
                    refused += 1
        self.assertGreater(refused, 30, "most single-bit changes to a hierarchy must be caught")


if __name__ == "__main__":
    unittest.main()


STATION = from_environment("NAVBUNDLE_TEST_STATION")


def needs_station(test):
    if STATION is None:
        return unittest.skip("NAVBUNDLE_TEST_STATION is not set: name the bundle of readers/vectors/station "
                             "(`make test` builds one and sets it)")(test)
    return test


def pieces_of(image, profile):
    """The PIEC bits of ``profile`` (an index) as a set of nodes, read independently."""
    view = section_of(image, "PIEC")
    profiles, nodes = struct.unpack_from("<II", view, 0)
    words = (nodes + 31) // 32
    at = 8 + 16 * profiles + 4 * words * profile
    bits = struct.unpack_from(f"<{words}I", view, at)
    return {node for node in range(nodes) if bits[node // 32] >> (node % 32) & 1}


@needs_station
class StationTests(unittest.TestCase):
    """Format 1.2 on the station of readers/vectors/station: endpoints, aliases, attachments,
    main pieces and profile snaps, and damage to their sections."""

    @classmethod
    def setUpClass(cls):
        with open(STATION, "rb") as file:
            cls.image = bytearray(file.read())
        cls.bundle = Bundle(STATION)

    @classmethod
    def tearDownClass(cls):
        cls.bundle.close()

    def place_named(self, text):
        endpoint = self.bundle.resolve_endpoint(text)
        self.assertEqual(endpoint.kind, "place", text)
        return endpoint.place

    def test_platform_synonyms_and_ref_find_the_platform(self):
        platform = self.place_named("Gleis 1")
        self.assertEqual(self.bundle.place(platform).name, "Platform 1")
        for text in ("platform 1", "TRACK 1", "1", " gleis  1 ", "binario 1", "andén 1", "ANDEN 1", "spor 1"):
            self.assertEqual(self.place_named(text), platform, text)
        aliases = self.bundle.place_aliases(platform)
        self.assertIn(navbundle.Alias("Gleis 1", "de", 3), aliases)
        self.assertEqual(len({alias.text for alias in aliases}), len(aliases))
        self.assertIn((platform, 4), self.bundle.search_prefix("gleis 1", 20))

    def test_the_platform_attaches_in_a_main_piece_not_at_the_lift(self):
        platform = self.place_named("platform 1")
        nodes = self.bundle.node_count
        for index, profile in enumerate(self.bundle.profiles):
            node = self.bundle.attached_node(platform, profile)
            self.assertIn(node, pieces_of(self.image, index))
            self.assertTrue(self.bundle.in_main_piece(node, profile))
            self.assertNotEqual(self.bundle.node(node).kind, 4, "a connector landing")
            self.assertLess(node, nodes)

    def test_names_with_levels_buildings_and_source_ids(self):
        with self.assertRaises(navbundle.EndpointError) as caught:
            self.bundle.resolve_endpoint("Rossmann")
        self.assertEqual(caught.exception.code, "ambiguous")
        self.assertEqual(len(caught.exception.candidates), 3)
        below = self.place_named("Rossmann@-1")
        self.assertEqual(self.bundle.levels[self.bundle.place(below).level].ordinal, -1)
        self.assertEqual(self.place_named("rossmann@UG"), below)
        self.assertEqual(self.place_named("Rossmann@S@-1"), below)
        kiosk = self.place_named("Rossmann@Kiosk")
        self.assertEqual(self.bundle.levels[self.bundle.place(kiosk).level].building, "Kiosk")
        cash = self.place_named("NODE/4090296503")
        self.assertEqual(self.bundle.place_source(cash), "node/4090296503")
        for text, code, count in (("Geldautomat@0", "ambiguous", 2), ("Reisezentrum@Kiosk", "elsewhere", 1),
                                  ("Rosmann", "unknown", 3), ("", "empty", 0), ("49.4036,8.6756", "needs-level", 0),
                                  ("91,8@0", "bad-coordinate", 0), ("49.4,8.6@nowhere", "unknown-level", 0)):
            with self.assertRaises(navbundle.EndpointError, msg=text) as caught:
                self.bundle.resolve_endpoint(text)
            self.assertEqual((caught.exception.code, len(caught.exception.candidates)), (code, count), text)

    def test_positions_snap_within_main_pieces(self):
        position = self.bundle.resolve_endpoint("49.40368,8.67601@UG")
        self.assertEqual(position.kind, "position")
        for index, profile in enumerate(self.bundle.profiles):
            node = self.bundle.endpoint_node(position, profile)
            self.assertIn(node, pieces_of(self.image, index))

    def test_profile_snap_matches_measuring_every_node(self):
        rng = random.Random(5)
        nodes = nodes_of(self.image)
        scale = struct.unpack_from("<d", section_of(self.image, "SNAP"), 16)[0]
        fallbacks = 0
        for _ in range(300):
            level = rng.randrange(self.bundle.level_count)
            profile = rng.randrange(len(self.bundle.profiles))
            anchor = nodes[rng.randrange(len(nodes))]
            latitude = anchor[0] / 1e7 + rng.uniform(-0.0004, 0.0004)
            longitude = anchor[1] / 1e7 + rng.uniform(-0.0004, 0.0004)
            main = pieces_of(self.image, profile)
            found = self.bundle.snap_profile(latitude, longitude, level, self.bundle.profiles[profile])
            inside = brute_snap([n if i in main else (n[0], n[1], -1) for i, n in enumerate(nodes)], scale,
                                latitude, longitude, level)
            anywhere = brute_snap(nodes, scale, latitude, longitude, level)
            expected = (inside[0], False) if inside else ((anywhere[0], True) if anywhere else None)
            self.assertEqual(None if found is None else (found[0], found[2]), expected)
            fallbacks += bool(found and found[2])
        self.assertGreater(fallbacks, 0, "the depot's level should fall back")

    def damaged(self, tag, change):
        image = bytearray(self.image)
        _, offset, _ = table(image)[tag]
        change(image, offset)
        fix_checksums(image, tag)
        folder = tempfile.mkdtemp()
        try:
            path = os.path.join(folder, "damaged.navbundle")
            with open(path, "wb") as file:
                file.write(image)
            with Bundle(path) as bundle:
                with self.assertRaises(BundleError) as caught:
                    use_places(bundle)
                return str(caught.exception)
        finally:
            shutil.rmtree(folder)

    def test_damaged_place_sections_are_refused(self):
        places = self.bundle._place_count()
        nodes = self.bundle.node_count
        profiles = len(self.bundle.profiles)
        aliases = struct.unpack_from("<I", section_of(self.image, "ALIA"), 4)[0]
        keys_at = 16 + 4 * (places + 1) + 12 * aliases
        words = (nodes + 31) // 32
        cases = [
            ("ALIA", lambda image, at: struct.pack_into("<I", image, at, places + 1), "places"),
            ("ALIA", lambda image, at: struct.pack_into("<I", image, at + 4, 0x0FFFFFFF), "do not fit"),
            ("ALIA", lambda image, at: struct.pack_into("<I", image, at + 20, 0xFFFF), "offsets"),
            ("ALIA", lambda image, at: struct.pack_into("<B", image, at + keys_at + 6, 3), "field"),
            ("ALIA", lambda image, at: struct.pack_into("<I", image, at + keys_at + 8, places), "names place"),
            ("ALIA", lambda image, at: image.__setitem__(slice(at + keys_at + 12, at + keys_at + 24),
                                                         image[at + keys_at:at + keys_at + 12]), "is not after"),
            ("ATCH", lambda image, at: struct.pack_into("<I", image, at, profiles + 1), "profiles"),
            ("ATCH", lambda image, at: struct.pack_into("<I", image, at + 8, nodes + 3), "node past"),
            ("PIEC", lambda image, at: struct.pack_into("<I", image, at + 4, 1), "nodes"),
            ("PIEC", lambda image, at: struct.pack_into("<I", image, at + 8, 0), "main of"),
            ("PIEC", lambda image, at: struct.pack_into("<I", image, at + 16, 0), "bits differ"),
            ("PIEC", lambda image, at: struct.pack_into("<I", image, at + 8 + 16 * profiles + 4 * (words - 1), 0xFFFFFFFF),
             "past"),
            ("PSRC", lambda image, at: struct.pack_into("<I", image, at, places - 1), "sources"),
            ("PSRC", lambda image, at: struct.pack_into("<I", image, at + 8, 0xFFFFFFF0), "string"),
        ]
        for tag, change, expected in cases:
            message = self.damaged(tag, change)
            self.assertIn(expected, message, tag)

    def test_random_damage_to_place_sections_is_refused_or_harmless(self):
        rng = random.Random(11)
        for tag in ("ALIA", "ATCH", "PIEC", "PSRC"):
            _, offset, length = table(self.image)[tag]
            for _ in range(60):
                image = bytearray(self.image)
                for _ in range(3):
                    image[offset + rng.randrange(length)] = rng.randrange(256)
                fix_checksums(image, tag)
                folder = tempfile.mkdtemp()
                try:
                    path = os.path.join(folder, "random.navbundle")
                    with open(path, "wb") as file:
                        file.write(image)
                    with Bundle(path) as bundle:
                        try:
                            use_places(bundle)
                        except BundleError:
                            pass
                finally:
                    shutil.rmtree(folder)


def use_places(bundle):
    """Everything a runtime reads of the 1.2 place sections."""
    bundle.search_prefix("gleis", 50)
    for place in range(bundle._place_count()):
        bundle.place_source(place)
        bundle.place_aliases(place)
        for profile in bundle.profiles:
            node = bundle.attached_node(place, profile)
            assert node is None or 0 <= node < bundle.node_count
            bundle.snap_profile(49.4036, 8.6757, place % bundle.level_count, profile)
    for text in ("Gleis 1", "Rossmann@-1", "node/4090296503", "Rosmann", "49.4036,8.6756@0"):
        try:
            endpoint = bundle.resolve_endpoint(text)
        except navbundle.EndpointError:
            continue
        bundle.endpoint_node(endpoint, bundle.profiles[0])
