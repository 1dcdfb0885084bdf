#!/usr/bin/env python3
"""Answer reader test-vector queries: ``answer.py BUNDLE QUERIES``.

Prints one canonical answer line per query (``readers/vectors/README.md``), so that the Python
reader's output can be compared byte for byte with the Swift and C readers'. A bundle that
cannot be used or a query line that does not parse ends the run with a message on stderr and
a non-zero status: a partial comparison would hide the very disagreements it exists to find.

``answer.py --check BUNDLE...`` opens each bundle with every checksum verified and prints a line
``ok``, or ``refused CLASS`` with the class of the refusal in the readers' shared vocabulary
(``readers/vectors/README.md``, "Damaged bundles"), the reader's message on stderr.
"""

import math
import re
import sys

from navbundle import LISTED_CANDIDATES, Bundle, BundleError, ConditionsError, EndpointError

# The vectors format names numbers in plain decimal; Python's int() and float() would also take
# "+5", "1_000", "1e3", "nan" or non-ASCII digits, which the other readers need not accept.
INTEGER = re.compile(r"[0-9]+\Z")
DECIMAL = re.compile(r"-?[0-9]+(\.[0-9]+)?\Z")


def _round_half_away(value):
    """``value`` rounded to an integer, halves away from zero as the answers are written (Python's
    ``round`` goes to even). ``magnitude - whole`` is exact for doubles, so the test is too."""
    magnitude = abs(value)
    whole = math.floor(magnitude)
    if magnitude - whole >= 0.5:
        whole += 1
    return whole if value >= 0 else -whole


class QueryError(Exception):
    """A query line that does not follow the vectors format."""


def _integer(word, what):
    if not INTEGER.match(word):
        raise QueryError(f"{what} {word!r} is not a decimal integer")
    return int(word)


def _decimal(word, what):
    if not DECIMAL.match(word):
        raise QueryError(f"{what} {word!r} is not a decimal number")
    return float(word)


def _words(line, verb, count, usage):
    words = line.split(" ")
    if len(words) != count:
        raise QueryError(f"{verb} takes {usage}")
    return words[1:]


def _words_answer(answer):
    """``answer()`` of an ``instructions`` or ``spoken`` query; ``unknown-language`` when the bundle lacks it."""
    try:
        return answer()
    except BundleError as error:
        if error.code == "unknown-language":
            return "unknown-language"
        raise


def _instructions(maneuvers):
    """Per maneuver its words and, but for the last, `` (SPOKEN DISTANCE)``, joined by `` | ``."""
    if maneuvers is None:
        return "none"
    return " | ".join(m.instruction if i + 1 == len(maneuvers) else f"{m.instruction} ({m.spoken_distance})"
                      for i, m in enumerate(maneuvers)) or "empty"


def answer(bundle, line):
    """The answer to one query line (the part after ``=>``)."""
    verb = line.split(" ", 1)[0]
    if verb == "route":
        profile, source, target = _words(line, verb, 4, "PROFILE FROM TO")
        return _route(bundle.route(profile, _integer(source, "FROM"), _integer(target, "TO")))
    if verb == "route-via":
        words = line.split(" ")
        if len(words) < 4:
            raise QueryError("route-via takes PROFILE STOP STOP...")
        found = bundle.route_through(words[1], [_integer(stop, "STOP") for stop in words[2:]])
        if found is None:
            return "none"
        duration, nodes, legs = found
        return " ".join([_route((duration, nodes)), "|"] + [f"{first}:{milliseconds}" for first, _, milliseconds in legs])
    if verb in ("crowd", "crowd-conditions", "route-crowd"):
        words = line.split(" ")
        if len(words) != (5 if verb == "route-crowd" else 2):
            raise QueryError(f"{verb} takes {'PROFILE FROM TO ' if verb == 'route-crowd' else ''}COUNTS")
        counts = _counts(words[-1])
        if verb == "crowd":
            return " ".join(f"{a.outline}:{a.people}:{a.density:.4f}:{'-' if a.factor is None else a.factor}"
                            for a in bundle.crowd(counts))
        text = bundle.crowd_conditions(counts)
        if verb == "crowd-conditions":
            return text
        try:
            metric = bundle.apply_conditions(words[1], text)
        except ConditionsError as error:
            return _conditions_error(error)
        return _route(bundle.route_on(metric, _integer(words[2], "FROM"), _integer(words[3], "TO")))
    if verb == "tour":
        (index,) = _words(line, verb, 2, "INDEX")
        tours = bundle.tours()
        index = _integer(index, "INDEX")
        if not 0 <= index < len(tours):
            raise QueryError(f"no tour {index}")
        tour = tours[index]
        durations = ",".join("-" if tour.durations[name] is None else str(tour.durations[name]) for name in bundle.profiles)
        return " ".join([tour.kind, str(tour.start), str(tour.end), str(tour.length), durations,
                         ",".join(map(str, tour.arcs)), tour.source, tour.name])
    if verb == "tour-search":
        found = bundle.find_tours(line[len("tour-search "):])
        return " ".join(map(str, found)) if found else "none"
    if verb == "route-tour":
        profile, source, tour, join = _words(line, verb, 5, "PROFILE FROM TOUR start|nearest")
        if join not in ("start", "nearest"):
            raise QueryError(f"not a join: {join!r}")
        found = bundle.follow_tour(profile, _integer(source, "FROM"), _integer(tour, "TOUR"), join)
        if found is None:
            return "none"
        duration, nodes, legs = found
        return " ".join([_route((duration, nodes)), "|"] + [f"{first}:{milliseconds}" for first, _, milliseconds in legs])
    if verb == "nearest":
        words = line.split(" ")
        if len(words) < 4:
            raise QueryError("nearest takes PROFILE FROM LIMIT [FILTER...]")
        filters = {}
        for word in words[4:]:
            name, equals, value = word.partition("=")
            if not equals or name not in ("category", "keyword", "on", "capacity", "among"):
                raise QueryError(f"not a filter: {word!r}")
            filters[name] = value
        among = filters.get("among")
        try:
            found = bundle.nearest(words[1], _integer(words[2], "FROM"), _integer(words[3], "LIMIT"),
                                   category=filters.get("category"), keyword=filters.get("keyword"),
                                   levels=filters.get("on"),
                                   min_capacity=_integer(filters["capacity"], "capacity") if "capacity" in filters else None,
                                   among=None if among is None else [_integer(p, "PLACE") for p in among.split(",") if among])
        except BundleError as error:
            if error.code != "argument":
                raise
            return "invalid"
        if not found:
            return "none"
        return " | ".join(" ".join(map(str, [n.place, n.milliseconds, n.centimetres] + n.nodes)) for n in found)
    if verb == "steps":
        profile, source, target = _words(line, verb, 4, "PROFILE FROM TO")
        return _steps(bundle.route_steps(profile, _integer(source, "FROM"), _integer(target, "TO")))
    if verb == "maneuvers":
        profile, source, target = _words(line, verb, 4, "PROFILE FROM TO")
        return _maneuvers(bundle.route_maneuvers(profile, _integer(source, "FROM"), _integer(target, "TO")))
    if verb == "instructions":
        parts = line.split(" ", 5)
        if len(parts) < 5:
            raise QueryError("instructions takes LANGUAGE PROFILE FROM TO [DESTINATION]")
        language, profile, source, target = parts[1:5]
        return _words_answer(lambda: _instructions(bundle.route_maneuvers(
            profile, _integer(source, "FROM"), _integer(target, "TO"), language=language,
            destination=parts[5] if len(parts) > 5 else None)))
    if verb == "spoken":
        language, centimetres = _words(line, verb, 3, "LANGUAGE CENTIMETRES")
        return _words_answer(lambda: bundle.spoken_distance(_integer(centimetres, "CENTIMETRES"), language))
    if verb == "exit":
        profile, node = _words(line, verb, 3, "PROFILE NODE")
        found = bundle.nearest_exit(profile, _integer(node, "NODE"))
        return "none" if found is None else f"{found[0]} {found[1]}"
    if verb == "search":
        # TEXT is everything after the space that follows LIMIT, spaces included.
        parts = line.split(" ", 2)
        if len(parts) != 3:
            raise QueryError("search takes LIMIT TEXT")
        found = bundle.search_prefix(parts[2], _integer(parts[1], "LIMIT"))
        return " ".join(f"{place}:{field}" for place, field in found) or "none"
    if verb == "snap":
        level, latitude, longitude = _words(line, verb, 4, "LEVEL LATITUDE LONGITUDE")
        found = bundle.snap(_decimal(latitude, "LATITUDE"), _decimal(longitude, "LONGITUDE"),
                            _integer(level, "LEVEL"))
        return "none" if found is None else f"{found[0]} {found[1]:.3f}"
    if verb == "geofence":
        level, latitude, longitude = _words(line, verb, 4, "LEVEL LATITUDE LONGITUDE")
        hits = bundle.geofences(_decimal(latitude, "LATITUDE"), _decimal(longitude, "LONGITUDE"), [_integer(level, "LEVEL")])
        return " ".join(f"{hit.place}:{'in' if hit.inside else 'near'}:{'-' if hit.metres is None else f'{hit.metres:.3f}'}"
                        for hit in hits) or "none"
    if verb == "geofence-track":
        track = []
        for word in line.split(" ")[1:]:
            parts = word.split(",")
            if len(parts) != 3:
                raise QueryError(f"not a LEVEL,LATITUDE,LONGITUDE position: {word!r}")
            track.append((_decimal(parts[1], "LATITUDE"), _decimal(parts[2], "LONGITUDE"), [_integer(parts[0], "LEVEL")]))
        events = bundle.geofence_events(track)
        return " ".join(f"{event.position}:{event.kind}:{event.place}" for event in events) or "none"
    if verb == "snap-profile":
        profile, level, latitude, longitude = _words(line, verb, 5, "PROFILE LEVEL LATITUDE LONGITUDE")
        found = bundle.snap_profile(_decimal(latitude, "LATITUDE"), _decimal(longitude, "LONGITUDE"),
                                    _integer(level, "LEVEL"), profile)
        if found is None:
            return "none"
        return f"{found[0]} {found[1]:.3f}" + (" fallback" if found[2] else "")
    if verb == "endpoint":
        parts = line.split(" ", 1)
        if len(parts) != 2:
            raise QueryError("endpoint takes TEXT")
        return _endpoint(bundle, parts[1])
    if verb == "route-conditions":
        # JSON is everything after the space that follows TO, spaces included.
        parts = line.split(" ", 4)
        if len(parts) != 5:
            raise QueryError("route-conditions takes PROFILE FROM TO JSON")
        _, profile, source, target, text = parts
        source, target = _integer(source, "FROM"), _integer(target, "TO")
        try:
            metric = bundle.apply_conditions(profile, text)
        except ConditionsError as error:
            return _conditions_error(error)
        return _route(bundle.route_on(metric, source, target))
    if verb == "exit-conditions":
        # JSON is everything after the space that follows NODE, spaces included.
        parts = line.split(" ", 3)
        if len(parts) != 4:
            raise QueryError("exit-conditions takes PROFILE NODE JSON")
        _, profile, node, text = parts
        try:
            found = bundle.exit_under_conditions(profile, _integer(node, "NODE"), text)
        except ConditionsError as error:
            return _conditions_error(error)
        return "none" if found is None else f"{found[0]} {found[1]}"
    if verb == "locate":
        # SCAN is everything after the space that follows the verb, spaces included.
        parts = line.split(" ", 1)
        if len(parts) != 2:
            raise QueryError("locate takes SCAN")
        return _locate(bundle, parts[1])
    raise QueryError(f"unknown query {verb!r}; queries are route, exit, search, snap, snap-profile, endpoint, "
                     f"route-conditions, exit-conditions, locate, steps and maneuvers")


def _counts(text):
    """``ID:PEOPLE`` pairs joined by commas, the count after the last colon (digits only)."""
    counts = {}
    for pair in text.split(","):
        key, colon, digits = pair.rpartition(":")
        if not colon or not digits or len(digits) > 10 or not all("0" <= c <= "9" for c in digits):
            raise QueryError(f"not a count: {pair!r}")
        counts[key] = int(digits)
    return counts


def _scan(text):
    """The readings of ``ID:RSSI`` pairs joined by commas, the RSSI after the pair's last ``:``
    written as an optional ``-``, digits and an optional ``.`` and digits; None when ``text`` is
    no such list."""
    readings = []
    for pair in text.split(","):
        identifier, colon, number = pair.rpartition(":")
        if not colon or not identifier or not DECIMAL.match(number):
            return None
        readings.append((identifier, float(number)))
    return readings


def _locate(bundle, text):
    """``unknown``, ``invalid``, or ``B F LEVEL LAT_E7 LON_E7 CONFIDENCE_PPM NEIGHBOURS`` (``-``
    for no venue level)."""
    scan = _scan(text)
    if scan is None:
        return "invalid"
    fix = bundle.locate(scan)
    if fix is None:
        return "unknown"
    level = "-" if fix.venue_level is None else str(fix.venue_level)
    return (f"{fix.building} {fix.floor} {level} {fix.latitude_e7} {fix.longitude_e7} "
            f"{_round_half_away(fix.confidence * 1e6)} {fix.neighbours}")


def _conditions_error(error):
    """Conditions that cannot be applied: ``invalid``, ``ambiguous: ENTRY`` or ``unmatched:
    ENTRY ...``."""
    if error.code == "invalid":
        return "invalid"
    if error.code == "ambiguous":
        return f"ambiguous: {error.entries[0]}"
    return "unmatched:" + "".join(f" {entry}" for entry in error.entries)


def _route(found):
    """The duration and the node path, or ``none``."""
    if found is None:
        return "none"
    distance, path = found
    return " ".join(str(value) for value in [distance] + path)


def _steps(steps):
    """``none``, ``empty``, or per step ``START-END CENTIMETRES MILLISECONDS INSTRUCTION`` joined by ``|``."""
    if steps is None:
        return "none"
    return " | ".join(f"{step.start}-{step.end} {_round_half_away(step.length * 100)} {_round_half_away(step.duration * 1000)} "
                      f"{step.instruction}" for step in steps) or "empty"


def _maneuvers(maneuvers):
    """``none``, ``empty``, or per maneuver ``AT KIND MODIFIER BEFORE AFTER CENTIMETRES MILLISECONDS LEVEL
    CHANGE LANDMARK WAY`` joined by ``|``."""
    if maneuvers is None:
        return "none"

    def dash(value):
        return "-" if value is None else str(value)

    def change(c):
        return None if c is None else f"{c.from_level}>{c.to_level}/{c.direction}/{'?' if c.steps is None else c.steps}/{c.rise}"

    def landmark(l):
        return None if l is None else f"{l.index}/{l.placement}/{dash(l.side)}"

    return " | ".join(" ".join([f"{m.route_index}" + ("" if m.corner is None else f"+{m.corner}"), m.kind,
                                dash(m.modifier and m.modifier.replace(" ", "-")), dash(m.bearing_before),
                                dash(m.bearing_after), str(m.distance), str(m.duration), str(m.level),
                                dash(change(m.level_change)), dash(landmark(m.landmark)), dash(m.way)])
                       for m in maneuvers) or "empty"


def _endpoint(bundle, text):
    """``place P: NODES`` or ``position: NODES`` (a node per profile, ``-`` for none), or the
    error class with its candidates."""
    try:
        endpoint = bundle.resolve_endpoint(text)
    except EndpointError as error:
        if error.code in ("ambiguous", "elsewhere"):
            shown = error.candidates[:LISTED_CANDIDATES]
            return f"{error.code} {len(error.candidates)}:" + "".join(f" {place}" for place in shown)
        if error.code == "unknown":
            return "unknown:" + "".join(f" {place}" for place in error.candidates)
        return error.code
    nodes = [bundle.endpoint_node(endpoint, profile) for profile in bundle.profiles]
    head = f"place {endpoint.place}:" if endpoint.kind == "place" else "position:"
    return head + "".join(" -" if node is None else f" {node}" for node in nodes)


def query_lines(data, name="queries"):
    """(line number, line) of every query in ``data`` (bytes), skipping blank lines and
    comments. A line break is LF, or CR LF from an editor that writes them."""
    if data.endswith(b"\n"):
        data = data[:-1]
    lines = data.split(b"\n") if data else []
    for number, raw in enumerate(lines, 1):
        if raw.endswith(b"\r"):
            raw = raw[:-1]
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise QueryError(f"{name}:{number}: not valid UTF-8") from None
        if not line.strip(" \t") or line.startswith("#"):
            continue
        yield number, line


def answer_lines(bundle, data, name="queries"):
    """The canonical answer lines (without line breaks) to the queries in ``data`` (bytes).
    Errors name the query line, since the file is edited by hand."""
    for number, line in query_lines(data, name):
        try:
            yield f"{line} => {answer(bundle, line)}"
        except (QueryError, BundleError, ValueError) as error:
            raise QueryError(f"{name}:{number}: {line!r}: {error}") from None


# The shared class of each code a bundle can be refused with when it is opened.
REFUSAL_CLASSES = {"format": "format", "checksum": "checksum", "io": "io"}


def check(path):
    """``ok``, or ``refused CLASS`` for a bundle this reader refuses to open with every checksum
    verified; the refusal itself, or None."""
    try:
        Bundle(path).close()
    except BundleError as error:
        return f"refused {REFUSAL_CLASSES[error.code]}", error
    return "ok", None


def main(arguments):
    if len(arguments) >= 2 and arguments[0] == "--check":
        for path in arguments[1:]:
            line, error = check(path)
            print(line, flush=True)
            if error is not None:
                print(f"answer.py: {error}", file=sys.stderr)
        return 0
    if len(arguments) != 2:
        print("usage: answer.py BUNDLE QUERIES | answer.py --check BUNDLE...", file=sys.stderr)
        return 2
    bundle_path, queries_path = arguments
    try:
        with open(queries_path, "rb") as file:
            data = file.read()
    except OSError as error:
        print(f"answer.py: {queries_path}: {error.strerror}", file=sys.stderr)
        return 1
    output = sys.stdout.buffer
    try:
        with Bundle(bundle_path) as bundle:
            for line in answer_lines(bundle, data, queries_path):
                output.write(line.encode("utf-8") + b"\n")
    except (QueryError, BundleError) as error:
        output.flush()
        print(f"answer.py: {error}", file=sys.stderr)
        return 1
    output.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
