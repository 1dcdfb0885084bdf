"""Fuzzing the Python bundle reader (readers/python/navbundle.py).

Every input is opened with ``Bundle.from_bytes`` and checksums off, so that damage reaches the
section checks and the queries instead of stopping at a checksum, and whatever opens is asked
everything the reader answers. Only the documented errors may escape: ``BundleError`` from any
call, ``EndpointError`` from ``resolve_endpoint`` and ``ConditionsError`` from the conditions
calls. Anything else (an ``IndexError``, a ``struct.error``, a ``RecursionError``), a broken
promise of the README (a route that does not start at its source, a search result that is no
place) or an input running past its time is a crash.

An input is a bundle, optionally followed by a tail: when the header's file size is at least a
header and less than the input, the rest is the tail, used as conditions JSON, endpoint and search
text and Wi-Fi ids (as the C harness reads its inputs, so that one input replays in both).

Modes:

  fuzz_python_reader.py atheris [LIBFUZZER OPTIONS] [CORPUS...]
      coverage-guided, with atheris from PyPI (Tests/Fuzz/readers/run.sh installs it).
  fuzz_python_reader.py mutate --seed N --count N [--seconds S] [--crashes DIR] SEED_FILE...
      seeded random mutations of the seed files (byte and bit flips, integer fields set to 0,
      1, the maximum or -1, truncations, sections spliced over others, table entries changed,
      tails of mutated conditions), without atheris: for make test and long runs. Mutant I of
      seed N is the same on every run (--start I --count 1 reproduces it).
  fuzz_python_reader.py replay FILE_OR_FOLDER...
      runs saved inputs (Tests/Fuzz/regressions/python-reader) once each.
"""

import argparse
import hashlib
import os
import random
import signal
import struct
import sys
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
sys.path.insert(0, os.path.join(ROOT, "readers", "python"))

if len(sys.argv) > 1 and sys.argv[1] == "atheris":
    import atheris  # noqa: E402  (only this mode needs it)

    with atheris.instrument_imports(include=["navbundle"]):
        import navbundle
else:
    import navbundle

from navbundle import Bundle, BundleError, ConditionsError, EndpointError  # noqa: E402

HEADER_SIZE = 64
ENTRY_SIZE = 32
# An input taking longer than this is a hang (the bound for inputs up to 64 KB).
HANG_SECONDS = 5.0
# What damaged counts are cut to, so that one input stays quick.
MAX_LEVELS = 16
MAX_PLACES = 24
MAX_PROFILES = 6

TEXTS = ("A.2.04", "B.1.G5", "Lift A", "lecture h", "Café", "Gleis 1", "node/1", "48.1495,11.5805@0", "1@0",
         "x@y@z", "Rossmann@-1", "  ", "c.1")
CONDITIONS = (
    '{"closed": ["Lift A"]}',
    '{"closed": [{"level": "1"}], "slow": [{"ref": "A.2.04", "factor": 3}]}',
    '{"closed": [{"polygon": [[48.1495, 11.58], [48.1505, 11.58], [48.15, 11.581]], "level": "0"}]}',
    '{"slow": [{"level": "EG", "factor": 1000}], "closed": ["Toilets"]}',
    "{}",
)
SCANS = (
    [("00:0b:86:01:09:01", -50), ("00-0B-86-01-09-02", -70), ("000b86010801", -68), ("WAP001", -60)],
    [("00:0b:86:01:09:01", -50), ("00:0b:86:01:09:01", -40), ("zz", float("nan")), ("", -200)],
)


class BrokenPromise(Exception):
    """An answer the reader's README rules out."""


def expect(condition, what):
    if not condition:
        raise BrokenPromise(what)


def split(data):
    """(bundle bytes, tail bytes) of an input, as the C harness splits it."""
    if len(data) >= 32:
        said = struct.unpack_from("<Q", data, 24)[0]
        if HEADER_SIZE <= said < len(data):
            return data[:said], data[said:]
    return data, b""


def attempt(call, *allowed):
    """``call()``, or None when it raises a BundleError or one of ``allowed``; anything else escapes."""
    try:
        return call()
    except (BundleError,) + allowed:
        return None


def refused(call):
    """Whether ``call()`` raises a BundleError (anything else but an answer escapes)."""
    try:
        call()
    except BundleError:
        return True
    return False


def check_route(found, source, target, nodes):
    if found is None:
        return
    duration, path = found
    expect(isinstance(duration, int) and duration >= 0, f"route duration {duration!r}")
    expect(path and path[0] == source and path[-1] == target, f"route {source} -> {target} is {path[:3]}...")
    expect(all(0 <= node < nodes for node in path), "a route node out of range")


def position(node):
    """A node's position where snap accepts one (a damaged node may lie past the poles)."""
    if node is None:
        return 48.1495, 11.5805
    return min(max(node.latitude, -90.0), 90.0), min(max(node.longitude, -180.0), 180.0)


def exercise(data):
    """Opens ``data`` as a fuzzing input and calls everything; returns whether the bundle opened."""
    bundle_bytes, tail = split(bytes(data))
    try:
        bundle = Bundle.from_bytes(bundle_bytes, verify_checksums=False, name="fuzz")
    except BundleError:
        return False
    text = tail.split(b"\0", 1)[0][:256].decode("utf-8", errors="replace")
    with bundle:
        exercise_bundle(bundle, tail, text)
    return True


def exercise_bundle(bundle, tail, text):
    sections = bundle.sections
    for entry in sections:
        attempt(lambda: bundle.section(entry.tag))
        bundle.has(entry.tag)
    attempt(bundle.verify)
    levels = attempt(lambda: bundle.levels) or []
    level_count = attempt(lambda: bundle.level_count) or 0
    nodes = attempt(lambda: bundle.node_count) or 0
    # The C reader checks NODE against ARCS on opening, so NODE's own count is node_count.
    stored_nodes = nodes
    profiles = (attempt(lambda: bundle.profiles) or [])[:MAX_PROFILES]
    places = attempt(lambda: bundle._place_count()) or 0
    expect(len(levels) == level_count or not levels, "levels and level_count disagree")
    chosen = (len(tail) * 2654435761) % (nodes or 1)
    picks = sorted({0, 1, 2, nodes // 2, max(nodes - 1, 0), nodes, 0xFFFFFFFF, -1})
    for index in picks:
        attempt(lambda: bundle.node(index))
        attempt(lambda: bundle.string(index))
    # Indexes below 0 or past a table are refused, never answered (counted from the end, say).
    for index in (-1, -2, 0xFFFFFFFE):
        expect(refused(lambda: bundle.string(index)), f"string {index} answered")
        expect(refused(lambda: bundle.node(index)), f"node {index} answered")
        expect(refused(lambda: bundle.place(index)), f"place {index} answered")
    expect(refused(lambda: bundle.place(places)), f"place {places} answered")
    for index in list(range(min(places, MAX_PLACES))) + [places - 1, places]:
        place = attempt(lambda: bundle.place(index))
        if place is not None:
            expect(place.node is None or 0 <= place.node < stored_nodes, f"place {index} at node {place.node}")
        attempt(lambda: bundle.place_source(index))
        attempt(lambda: bundle.place_aliases(index))
        for profile in profiles:
            node = attempt(lambda: bundle.attached_node(index, profile))
            expect(node is None or 0 <= node < stored_nodes, f"place {index} attached to node {node}")
    # A few of the fixed texts per input, turning with its size (unknown texts make suggestions,
    # which compare with every key and cost most): each is reached often over a run.
    turn = len(tail) + len(sections) + nodes
    for query in tuple(TEXTS[(turn + k) % len(TEXTS)] for k in range(0, len(TEXTS), 4)) + ((text,) if text else ()):
        results = attempt(lambda: bundle.search_prefix(query, 16)) or []
        expect(len(results) <= 16, "more results than the limit")
        for place, field in results:
            expect(0 <= place < places and 0 <= field <= 4, f"search result {place}:{field}")
        attempt(lambda: bundle.fold(query))
        endpoint = attempt(lambda: bundle.resolve_endpoint(query), EndpointError)
        if endpoint is not None:
            expect(endpoint.kind in ("place", "position"), f"endpoint kind {endpoint.kind!r}")
            for profile in profiles:
                node = attempt(lambda: bundle.endpoint_node(endpoint, profile))
                expect(node is None or 0 <= node < stored_nodes, f"endpoint node {node}")
                if node is not None:
                    chosen = node
    for level in range(min(level_count, MAX_LEVELS) + 1):
        attempt(lambda: bundle.outlines(level))
        node = next((n for n in (attempt(lambda: bundle.node(v)) for v in range(min(stored_nodes, 64)))
                     if n is not None and n.level == level), None)
        latitude, longitude = position(node)
        found = attempt(lambda: bundle.snap(latitude, longitude, level))
        expect(found is None or 0 <= found[0] < stored_nodes, f"snapped to {found}")
        for profile in profiles:
            found = attempt(lambda: bundle.snap_profile(latitude, longitude, level, profile))
            expect(found is None or 0 <= found[0] < stored_nodes, f"snapped to {found}")
    exercise_routes(bundle, profiles, nodes, chosen)
    for conditions in ((tail,) if tail else (CONDITIONS[turn % len(CONDITIONS)], CONDITIONS[(turn + 2) % len(CONDITIONS)])):
        exercise_conditions(bundle, profiles, nodes, chosen, conditions)
    radio_map = attempt(lambda: bundle.radio_map)
    if radio_map is not None or bundle.has("WIFI"):
        for scan in SCANS + ([(text, -55), ("00:0b:86:01:08:02", -61)],):
            fix = attempt(lambda: bundle.locate(scan))
            if fix is not None:
                expect(0 <= fix.confidence <= 1, f"confidence {fix.confidence}")
                expect(fix.venue_level is None or 0 <= fix.venue_level < max(level_count, 1), "venue level")


def exercise_routes(bundle, profiles, nodes, chosen):
    if nodes == 0:
        return
    pairs = ((0, nodes - 1), (nodes // 2, 0), (chosen, nodes // 3), (nodes - 1, nodes - 1))
    for profile in profiles:
        for source, target in pairs:
            check_route(attempt(lambda: bundle.route(profile, source, target)), source, target, nodes)
            # The route's maneuvers in words, in the bundle's languages and one it lacks: GTXT's templates are read here.
            for language in (attempt(lambda: bundle.languages) or [])[:2] + ["zz"]:
                attempt(lambda: bundle.route_maneuvers(profile, source, target, language, "Ziel"))
        found = attempt(lambda: bundle.nearest_exit(profile, chosen))
        if found is not None:
            exit_node, _, path = found
            expect(path[0] == chosen and path[-1] == exit_node, "a way out from elsewhere")
        attempt(lambda: bundle.in_main_piece(chosen, profile))
        attempt(lambda: bundle.leaving_costs(profile))
        # Onto every tour (TOUR, checked on first use) and along it.
        for index in range(len(attempt(lambda: bundle.tours()) or [])):
            for join in ("start", "nearest"):
                followed = attempt(lambda: bundle.follow_tour(profile, chosen, index, join))
                if followed is not None:
                    _, path, legs = followed
                    expect(path[0] == chosen and legs[1][1] == len(path) - 1, "a tour followed from elsewhere")
    attempt(lambda: bundle.find_tours("a"))
    for area in attempt(lambda: bundle.crowd({"00:0b:86:01:08:01": 2000, "x": chosen})) or []:
        expect(area.factor is None or area.factor >= 1000, f"factor {area.factor}")
    attempt(lambda: bundle.crowd_conditions({"00:0b:86:01:08:01": 2000}))
    if not attempt(lambda: bundle.customisable):
        return
    for profile in profiles[:2]:
        costs = attempt(lambda: list(bundle.costs(profile)))
        if costs is None:
            continue
        for variant in range(3):
            if variant == 1 and costs:
                costs[chosen % len(costs)] = navbundle.INFINITE
                costs[(chosen // 2) % len(costs)] = 7
            if variant == 2:
                for arc in range(0, len(costs), 3):
                    costs[arc] = 1 if costs[arc] == navbundle.INFINITE else navbundle.INFINITE
            metric = attempt(lambda: bundle.customise(profile, None if variant == 0 else costs))
            if metric is not None:
                target = (chosen * 7 + 3) % nodes
                check_route(attempt(lambda: bundle.route_on(metric, chosen, target)), chosen, target, nodes)


def exercise_conditions(bundle, profiles, nodes, chosen, conditions):
    attempt(lambda: navbundle.parse_conditions(conditions), ConditionsError)
    resolved = attempt(lambda: bundle.resolve_conditions(conditions), ConditionsError)
    if resolved is not None:
        closed, factors = resolved
        arcs = attempt(lambda: struct.unpack_from("<I", bundle.section("ARCS"), 4)[0]) or 0
        expect(list(closed) == sorted(set(closed)) and all(0 <= arc < arcs for arc in closed), "closed arcs")
        expect(all(0 <= arc < arcs and 1 <= factor <= 1000 for arc, factor in factors.items()), "slowed arcs")
    if nodes == 0:
        return
    for profile in profiles[:2]:
        metric = attempt(lambda: bundle.apply_conditions(profile, conditions), ConditionsError)
        if metric is not None:
            target = (chosen + nodes // 2) % nodes
            check_route(attempt(lambda: bundle.route_on(metric, chosen, target)), chosen, target, nodes)
        found = attempt(lambda: bundle.exit_under_conditions(profile, chosen, conditions), ConditionsError)
        if found is not None:
            exit_node, _, path = found
            expect(path[0] == chosen and path[-1] == exit_node, "a way out from elsewhere")


# -- Mutations -------------------------------------------------------------------------------

INTEGERS = (0, 1, 2, 0x7F, 0x80, 0xFF, 0xFFFF, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFE, 0xFFFFFFFF)


def sections_of(image):
    """[(table index, offset, length)] of an intact seed's table, read here, not by the reader."""
    if len(image) < HEADER_SIZE:
        return []
    count, header_size = struct.unpack_from("<II", image, 16)
    found = []
    for index in range(min(count, 4096)):
        at = header_size + ENTRY_SIZE * index
        if at + ENTRY_SIZE > len(image):
            break
        offset, length = struct.unpack_from("<QQ", image, at + 8)
        if offset + length <= len(image):
            found.append((index, offset, length))
    return found


def mutate_conditions(rng, text):
    data = bytearray(text)
    for _ in range(1 + rng.randrange(3)):
        kind = rng.randrange(6)
        at = rng.randrange(len(data) + 1)
        if kind == 0 and data:
            data[min(at, len(data) - 1)] = rng.choice(b'{}[]:,"\\0123456789.-eE tfn\x00\x80\xff')
        elif kind == 1:
            data[at:at] = rng.choice((b"[", b"{", b'"', b"\\ud800", b"\\u0000", b"1e999", b"-0", b"[" * 70,
                                      b'{"level": "1"}', b', "slow": []', b'"factor": 0'))
        elif kind == 2 and data:
            del data[at:at + rng.randrange(1, 8)]
        elif kind == 3:
            data[at:at] = data[rng.randrange(len(data) + 1):][:rng.randrange(1, 32)]
        elif kind == 4:
            data = bytearray(rng.choice(CONDITIONS).encode())
        else:
            data[at:at] = rng.choice((b"Lift A", b"A.2.04", b"Toilets", b"Ground floor", b"A@1", b"Rossmann"))
    return bytes(data)


def mutate(rng, seed, donors):
    """One mutant of ``seed`` (bundle bytes and tail): 1 to 4 changes of the kinds the module
    docstring lists, the header's file size set to the new length half of the time."""
    bundle, tail = split(seed)
    image = bytearray(bundle)
    table = sections_of(bundle)
    for _ in range(1 + rng.randrange(4)):
        kind = rng.randrange(9)
        section = rng.choice(table) if table else (0, 0, len(image))
        _, offset, length = section
        # Headers and offset tables first: most checks sit at a section's start.
        span = length if rng.randrange(2) else min(length, 256)
        at = offset + rng.randrange(span) if span else rng.randrange(max(len(image), 1))
        if kind == 0 and image:
            image[at % len(image)] ^= 1 << rng.randrange(8)
        elif kind == 1 and image:
            image[at % len(image)] = rng.choice((0, 0xFF, 0x7F, 0x80, 1))
        elif kind == 2 and len(image) >= 4:
            width = rng.choice((2, 4, 4, 8))
            at = min(at - at % width, len(image) - width)
            value = rng.choice(INTEGERS) if rng.randrange(3) else int.from_bytes(image[at:at + width], "little") + rng.choice((-1, 1))
            image[at:at + width] = (value % (1 << (8 * width))).to_bytes(width, "little")
        elif kind == 3 and table:
            # A table entry's offset, length, version or tag changed.
            index = rng.randrange(len(table))
            entry = table[index][0]
            header_size = struct.unpack_from("<I", image, 20)[0] if len(image) >= 24 else HEADER_SIZE
            field = rng.choice((4, 8, 16, 0))
            where = header_size + ENTRY_SIZE * entry + field
            if where + 8 <= len(image):
                if field == 0:
                    image[where:where + 4] = rng.choice((b"XXXX", b"SRCH", b"CCHT", b"CH00", b"WIFI", b"\xc3ARC"))
                elif field == 4:
                    image[where:where + 2] = rng.choice((0, 2, 0xFFFF)).to_bytes(2, "little")
                else:
                    other = rng.choice(table)
                    value = rng.choice((other[1], other[1] + other[2], other[2], len(image), 0, 1 << 62, other[1] + 8))
                    image[where:where + 8] = (value % (1 << 64)).to_bytes(8, "little")
        elif kind == 4 and table:
            # Another section's bytes (of this seed or of a donor) spliced over this one's start.
            donor = rng.choice(donors)
            donor_table = sections_of(donor) or [(0, 0, len(donor))]
            _, from_offset, from_length = rng.choice(donor_table)
            take = min(from_length, length, rng.choice((16, 64, 256, 4096, from_length)))
            image[offset:offset + take] = donor[from_offset:from_offset + take]
        elif kind == 5:
            # Truncated anywhere.
            image = image[:rng.randrange(len(image) + 1)]
        elif kind == 6 and image:
            # Bytes removed or inserted inside a section, shifting what follows.
            if rng.randrange(2):
                del image[at:at + rng.choice((1, 4, 8, 64))]
            else:
                image[at:at] = bytes(rng.choice((1, 4, 8, 64)))
        elif kind == 7 and length >= 8:
            # A section's count (its first u32) set to a hostile value.
            image[offset:offset + 4] = rng.choice(INTEGERS).to_bytes(4, "little")
        elif kind == 8 and length >= 16:
            # A range of a section repeated over the next bytes.
            size = rng.choice((4, 8, 12, 16))
            start = offset + rng.randrange(length - size)
            image[start + size:start + 2 * size] = image[start:start + size]
    if len(image) >= 32 and rng.randrange(2):
        image[24:32] = len(image).to_bytes(8, "little")
    if tail or rng.randrange(4) == 0:
        tail = mutate_conditions(rng, tail or rng.choice(CONDITIONS).encode())
        # The tail is only read as one when the header's size ends the bundle.
        if len(image) >= 32:
            image[24:32] = len(image).to_bytes(8, "little")
    return bytes(image) + tail


# -- Modes -----------------------------------------------------------------------------------

class Hang(Exception):
    pass


def on_alarm(signal_number, frame):
    raise Hang(f"an input ran past {HANG_SECONDS} s")


def run_guarded(data):
    """exercise(data) under the hang alarm: (opened, None) or (None, traceback text)."""
    signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, HANG_SECONDS)
    try:
        return exercise(data), None
    except Exception:  # Everything but the documented errors, which exercise absorbs.
        return None, traceback.format_exc()
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)


def save(folder, data):
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "crash-" + hashlib.sha1(data).hexdigest())
    with open(path, "wb") as file:
        file.write(data)
    return path


def inputs_of(paths):
    for path in paths:
        if os.path.isdir(path):
            for name in sorted(os.listdir(path)):
                full = os.path.join(path, name)
                if os.path.isfile(full) and not name.startswith("."):
                    yield full
        else:
            yield path


def mutate_mode(arguments):
    seeds = []
    for path in inputs_of(arguments.seeds):
        with open(path, "rb") as file:
            seeds.append(file.read())
    if not seeds:
        sys.exit("fuzz_python_reader: no seed files")
    donors = [split(seed)[0] for seed in seeds]
    started = time.monotonic()
    executed = opened = crashes = 0
    for index in range(arguments.start, arguments.start + arguments.count):
        if arguments.seconds and time.monotonic() - started > arguments.seconds:
            break
        rng = random.Random(arguments.seed * 1_000_003 + index)
        data = mutate(rng, rng.choice(seeds), donors)
        result, failure = run_guarded(data)
        executed += 1
        opened += bool(result)
        if failure is not None:
            crashes += 1
            where = save(arguments.crashes, data) if arguments.crashes else "(not saved: no --crashes)"
            print(f"CRASH mutant {index} of seed {arguments.seed}: {where}\n{failure}", file=sys.stderr, flush=True)
            if arguments.stop:
                break
    elapsed = time.monotonic() - started
    print(f"python-reader mutate: {executed} mutants ({opened} opened) from {len(seeds)} seeds, "
          f"seed {arguments.seed}, {elapsed:.1f} s, crashes {crashes}", flush=True)
    return 1 if crashes else 0


def replay_mode(arguments):
    failures = 0
    count = 0
    for path in inputs_of(arguments.paths):
        with open(path, "rb") as file:
            data = file.read()
        result, failure = run_guarded(data)
        count += 1
        if failure is not None:
            failures += 1
            print(f"FAIL {path}\n{failure}", file=sys.stderr, flush=True)
    print(f"python-reader replay: {count} inputs, {failures} failed", flush=True)
    return 1 if failures or count == 0 else 0


def atheris_mode():
    def one_input(data):
        exercise(data)

    atheris.Setup([sys.argv[0]] + sys.argv[2:], one_input)
    atheris.Fuzz()


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "atheris":
        return atheris_mode()
    parser = argparse.ArgumentParser(description="Fuzz the Python bundle reader.")
    modes = parser.add_subparsers(dest="mode", required=True)
    mutate_parser = modes.add_parser("mutate", help="seeded random mutations, no atheris needed")
    mutate_parser.add_argument("--seed", type=int, default=1)
    mutate_parser.add_argument("--start", type=int, default=0, help="the first mutant's index")
    mutate_parser.add_argument("--count", type=int, default=1000)
    mutate_parser.add_argument("--seconds", type=float, default=0, help="stop after this long (0: no limit)")
    mutate_parser.add_argument("--crashes", help="folder to save crashing inputs in")
    mutate_parser.add_argument("--stop", action="store_true", help="stop at the first crash")
    mutate_parser.add_argument("seeds", nargs="+", help="seed files or folders")
    replay_parser = modes.add_parser("replay", help="run saved inputs")
    replay_parser.add_argument("paths", nargs="+")
    arguments = parser.parse_args()
    return mutate_mode(arguments) if arguments.mode == "mutate" else replay_mode(arguments)


if __name__ == "__main__":
    sys.exit(main())
