"""Read navforge bundles (formats 1.x and 2.0) with the Python standard library alone.

A bundle is mapped, not read: sections are ``memoryview`` slices of the mapping, and arrays are
cast in place. Everything a query relies on is checked first, so a damaged or hostile file gives
a ``BundleError``, never a wrong answer or an exception of another kind. The layout is
``docs/bundle-format.md``; this module follows that text, not the Swift code, so that the three
readers agreeing on ``readers/vectors`` means something.

Routes use each profile's contraction hierarchy (``CHxx``) or, in format 2.0, the customisable
hierarchy (``CCHT``) that every profile shares: ``Bundle.customise`` makes a ``Metric`` from a
profile's costs or from weights the caller changed (closed or slowed arcs), and
``Bundle.route_on`` routes on it. ``Bundle.locate`` locates a Wi-Fi scan on the bundle's radio
map (``WIFI``).
"""

import array
import bisect
import collections
import re
import hashlib
import heapq
import itertools
import json
import math
import mmap
import struct
import sys

MAGIC = b"NAVFBNDL"
# Major 1, and major 2 (1.2 plus the customisable hierarchy CCHT). Another major may lay the
# file out differently, so it is refused before anything else is read.
SUPPORTED_MAJORS = (1, 2)
HEADER = struct.Struct("<8sHHIIIQ32s")
ENTRY = struct.Struct("<4sHHQQQ")
MAX_SECTIONS = 4096
# Every section of formats 1.0 to 2.0 is at version 1; another version is a layout this reader
# does not know, which the format says to treat as absent.
SECTION_VERSION = 1
REQUIRED = ("META", "STRS", "LEVL", "NODE", "ARCS", "PROF", "PLAC", "EVNT")
NONE = 0xFFFFFFFF
NO_LEVEL = 0xFFFF
ORIGINAL_ARC = 0x80000000
HIERARCHY_MAGIC = 0x32764843  # "CHv2"
CUSTOMISABLE_MAGIC = 0x31544343  # "CCT1"
# A CCHT weight no path may take, and the distance of a rank a query has not reached.
INFINITE = 0xFFFFFFFF
UNREACHED = 1 << 64
# Metres per 1e-7 degree of latitude: the format's conversion of snapping distances.
METRES_PER_UNIT = 0.011131949079327357
# Search key fields, in the order ``search_prefix`` ranks them: SRCH holds the first four,
# ALIA (format 1.2) the last.
FIELDS = ("ref", "name", "word", "category", "alias")
SRCH_FIELDS = 4
ALIAS_FIELD = 4
# How many candidates an endpoint error lists (docs/endpoints.md).
LISTED_CANDIDATES = 5
ALIAS = struct.Struct("<IIB3x")
DECIMAL_TEXT = None  # compiled below, after ``re`` is imported

LEVEL = struct.Struct("<IIIId")
NODE = struct.Struct("<iiHBBI")
PLACE = struct.Struct("<BBHI9IiiiII")
EVENT = struct.Struct("<IIIIqq")
FOLD = struct.Struct("<III")
KEY = struct.Struct("<IHBBI")
SNAP_LEVEL = struct.Struct("<iiIIIIII")
OUTLINE = struct.Struct("<IIB3x")

# WIFI (docs/bundle-format.md, "WIFI"): the header's eight counts and the locator's parameters.
RADIO_MAP_HEADER = struct.Struct("<8I3d4H")
RADIO_MAP_POINT = struct.Struct("<iiIHH")
RADIO_MAP_FLOOR = struct.Struct("<IHHiI")
RADIO_MAP_READING = struct.Struct("<HHBB2x")
# A reading names its access point in a u16, so a map can index at most this many.
MAX_ACCESS_POINTS = 65534
WEIGHT_SCALE = 16777216.0  # Signal weights are whole multiples of 2**-24.
VOTE_OFFSET = 1e-6  # Keeps the vote of an exact match finite.
HEX_DIGITS = frozenset(b"0123456789abcdefABCDEF")

Level = collections.namedtuple("Level", "id name building_id building ordinal")
Node = collections.namedtuple("Node", "latitude longitude level kind label")
Place = collections.namedtuple(
    "Place", "kind ref name category description building opening_hours phone email website "
             "level node capacity latitude longitude geofence_radius")
Outline = collections.namedtuple("Outline", "kind label place rings")
Alias = collections.namedtuple("Alias", "text language kind")
# The radio map's counts and the locator's parameters, which every ``locate`` uses.
RadioMap = collections.namedtuple(
    "RadioMap", "access_points buildings floors reference_points readings postings floor_exponent "
                "position_exponent weakest_rssi building_neighbours floor_neighbours neighbours "
                "candidate_access_points")
# Where a scan places the device (``Bundle.locate``): building and floor as indexes into the radio
# map and by name, the floor's ordinal and venue level (index into ``levels``, None when the
# survey joined none), the position in 1e-7 degree and in degrees, the confidence in [0, 1] and
# how many reference points the position averages.
Fix = collections.namedtuple(
    "Fix", "building building_name floor floor_name ordinal venue_level latitude_e7 longitude_e7 latitude "
           "longitude confidence neighbours")
# A resolved endpoint: ("place", place index) or ("position", latitude, longitude, levels).
Endpoint = collections.namedtuple("Endpoint", "kind place latitude longitude levels")

DECIMAL_TEXT = re.compile(r"-?[0-9]+(\.[0-9]+)?")
POSITION_TEXT = re.compile(r"(-?[0-9]+(?:\.[0-9]+)?) *, *(-?[0-9]+(?:\.[0-9]+)?) *(?:@(.*))?", re.S)


class BundleError(Exception):
    """The file is not a bundle this reader can use, or a query names something the bundle
    does not have: the message says which file, which section and why. ``code`` classes it as
    the C reader's statuses do: ``io`` (the file cannot be read), ``format`` (not a bundle, an
    unsupported version, or a damaged structure), ``checksum`` (bytes that do not match their
    checksum), ``argument`` (an unknown profile, a node, level or place out of range) or
    ``unavailable`` (the bundle lacks the optional section the call needs)."""

    def __init__(self, message, code="format"):
        super().__init__(message)
        self.code = code


class EndpointError(Exception):
    """An endpoint text that names no single place or position (docs/endpoints.md): ``code`` is
    ``empty``, ``unknown``, ``ambiguous``, ``elsewhere``, ``needs-level``, ``unknown-level`` or
    ``bad-coordinate``; ``candidates`` the places it could mean (all of them for ``ambiguous``
    and ``elsewhere``, up to three suggestions for ``unknown``), in the order the format gives."""

    def __init__(self, code, text, candidates=()):
        self.code, self.text, self.candidates = code, text, list(candidates)
        super().__init__(f"{code}: {text!r}" + (f" ({len(self.candidates)} places)" if self.candidates else ""))


class ConditionsError(Exception):
    """Conditions (docs/conditions.md) that cannot be applied. ``code`` says why: ``invalid``
    (the text breaks the format; ``entries`` holds the entry at fault, ``closed[0]`` or
    ``slow[2]``, when there is one), ``ambiguous`` (``entries`` holds the first target that names
    several places and nothing else; ``candidates`` those places) or ``unmatched`` (``entries``
    holds every target that covers no arc, in file order). The message says it in words."""

    def __init__(self, code, message, entries=(), candidates=()):
        self.code, self.entries, self.candidates = code, list(entries), list(candidates)
        super().__init__(message)


# A target of conditions: ``kind`` "name" (``text`` as written), "level" (``text`` names the
# levels) or "polygon" (``polygon`` a tuple of (latitude, longitude) corners in degrees on the
# levels ``text`` names).
Target = collections.namedtuple("Target", "kind text polygon")
# One target of the conditions in file order: ``position`` as errors name it (``closed[0]``,
# ``slow[1]``), ``factor`` None for a closure.
ConditionEntry = collections.namedtuple("ConditionEntry", "position target factor")
# Conditions resolved to ARCS arcs: ``closed`` ascending, ``factors`` {arc: largest factor}.
ArcConditions = collections.namedtuple("ArcConditions", "closed factors")

# What docs/conditions.md allows and how it changes costs.
CONNECTOR_ARC_KINDS = frozenset((3, 4, 5, 6, 7))  # ARCS kinds stairs, lift, escalator, ramp, steps
DOOR_NODE_KINDS = frozenset((1, 2))  # NODE kinds door, entrance
EXIT_NODE_KIND = 2  # NODE kind entrance: where the way out ends, emergency exits included
MAX_FACTOR = 1000.0
SLOWEST = INFINITE - 1  # A slowed arc stays passable.
# More changed arcs than one in this many of ARCS take a full customisation instead of updating
# the profile's metric arc by arc: a change that wide reaches most of the hierarchy anyway.
INCREMENTAL_LIMIT = 16
# Arrays and objects inside each other that conditions may nest (they need five: object, list,
# target, polygon, corner); deeper text is refused by every reader alike.
MAX_JSON_DEPTH = 64
# The whitespace endpoints and targets are trimmed of: ASCII 0x09-0x0D and 0x20, not Unicode's.
ASCII_WHITESPACE = " \t\n\v\f\r"


class Conditions:
    """Closures and slow-downs as ``parse_conditions`` read them: ``entries``, every target in
    file order (``closed``, then ``slow``)."""

    __slots__ = ("entries",)

    def __init__(self, entries):
        self.entries = list(entries)

    def __repr__(self):
        return f"Conditions({self.entries!r})"


def parse_conditions(conditions):
    """Conditions from their JSON text (``str``, or UTF-8 ``bytes``) or from the JSON value a
    parser made of it (``dict``, ``list``, ``str``, ``int``, ``float``, ``bool``, None), checked
    against docs/conditions.md; a ``Conditions`` is returned as it is.

    The text must be one JSON value (RFC 8259) as docs/conditions.md "Errors" says every reader
    reads it: a byte order mark, comments, ``NaN`` and ``Infinity``, control characters in a
    string, lone surrogates (escaped or not), a name twice in one object, more than
    ``MAX_JSON_DEPTH`` arrays and objects inside each other and trailing text are refused, and
    ``true`` and ``false`` are never numbers. A parsed value is held to the same rules where
    they still show (depth, lone surrogates). Anything that breaks the format raises
    ``ConditionsError`` with code ``invalid``, naming the entry at fault when there is one."""
    if isinstance(conditions, Conditions):
        return conditions
    if isinstance(conditions, (bytes, bytearray, memoryview)):
        try:
            conditions = bytes(conditions).decode("utf-8")
        except UnicodeDecodeError:
            raise ConditionsError("invalid", "the conditions are not UTF-8 text") from None
    if isinstance(conditions, str):
        try:
            conditions = json.loads(conditions, parse_constant=_refuse_constant, object_pairs_hook=_object_once,
                                    parse_int=_ascii_number(int), parse_float=_ascii_number(float))
        except (ValueError, RecursionError) as error:  # JSONDecodeError is a ValueError.
            raise ConditionsError("invalid", f"the conditions are not JSON: {error}") from None
    _check_json(conditions)
    return Conditions(_entries_of(conditions))


def slowed_cost(cost, factor):
    """An arc's ``cost`` (u32 milliseconds) slowed by ``factor``: the double product rounded half
    away from zero (not to even, as Python's ``round`` does), at most ``INFINITE - 1`` so that
    the arc stays passable; an impassable arc stays impassable."""
    if cost == INFINITE:
        return INFINITE
    return min(_round_half_away(cost * factor), SLOWEST)


def _refuse_constant(name):
    raise ValueError(f"{name} is not a JSON number")


def _ascii_number(read):
    """``read`` (``int`` or ``float``) for number literals of ASCII digits only: ``json``'s
    pure-Python scanner, used where the C one is missing, takes any Unicode digit after the
    first (``\\d``), which JSON does not."""
    def number(literal):
        if not literal.isascii():
            raise ValueError(f"{literal!r} is not a JSON number")
        return read(literal)
    return number


def _object_once(pairs):
    """An object's members as a ``dict``, refusing a name written twice: Python's ``json`` would
    keep the last, another reader the first, so no reader may take such a text."""
    members = {}
    for name, value in pairs:
        if name in members:
            raise ValueError(f"the name {name!r} is written twice in one object")
        members[name] = value
    return members


def _has_surrogate(text):
    """Whether ``text`` holds a lone surrogate (from a ``\\ud800`` escape, say): no UTF-8 text does."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _check_json(value):
    """Refuses what the JSON parser lets through and every reader refuses: arrays and objects
    more than ``MAX_JSON_DEPTH`` deep (also a list that holds itself), and a string, member
    names included, with a lone surrogate. Walks without recursion."""
    pending = [(value, 1)]
    while pending:
        value, depth = pending.pop()
        if type(value) is str:
            if _has_surrogate(value):
                raise ConditionsError("invalid", "the conditions are not UTF-8 text (a lone surrogate)")
        elif type(value) in (list, dict):
            if depth > MAX_JSON_DEPTH:
                raise ConditionsError("invalid", f"the conditions nest more than {MAX_JSON_DEPTH} arrays and "
                                                 f"objects deep")
            if type(value) is dict:
                pending.extend((name, depth) for name in value)
                value = value.values()
            pending.extend((item, depth + 1) for item in value)


def _json_number(value):
    """``value`` as a finite double when it is a JSON number, else None: ``bool`` is a kind of
    ``int`` in Python but never a number in JSON, and an integer too large for a double is no
    finite number."""
    if type(value) not in (int, float):
        return None
    try:
        number = float(value)
    except OverflowError:
        return None
    return number if math.isfinite(number) else None


def _entries_of(value):
    """The ``ConditionEntry`` list of a JSON value, checked."""
    if type(value) is not dict:
        raise ConditionsError("invalid", "the conditions must be a JSON object")
    for key in value:
        if key not in ("closed", "slow"):
            raise ConditionsError("invalid", f"unknown key {key!r}; the keys are \"closed\" and \"slow\"")
    entries = []
    for name in ("closed", "slow"):
        if name not in value:
            continue
        listed = value[name]
        if type(listed) is not list:
            raise ConditionsError("invalid", f"\"{name}\" must be a list")
        for index, entry in enumerate(listed):
            position = f"{name}[{index}]"
            factor = None
            if name == "slow":
                if type(entry) is not dict:
                    raise ConditionsError("invalid", f"{position} must be an object with \"factor\" and a target",
                                          [position])
                factor = _json_number(entry.get("factor"))
                if factor is None or not 1.0 <= factor <= MAX_FACTOR:
                    raise ConditionsError("invalid", f"{position} needs a \"factor\" from 1 to 1000", [position])
            entries.append(ConditionEntry(position, _target_of(entry, position, name == "slow"), factor))
    return entries


def _target_of(entry, position, slowed):
    """The ``Target`` of one entry: a string, or an object with exactly ``ref``, ``level``, or
    ``polygon`` and ``level`` (plus ``factor`` in a slow-down)."""
    def invalid(message):
        return ConditionsError("invalid", f"{position} {message}", [position])

    if type(entry) is str:
        if not entry.strip(ASCII_WHITESPACE):
            raise invalid("is empty")
        return Target("name", entry, None)
    if type(entry) is not dict:
        raise invalid("must be a string or an object with \"ref\", \"level\" or \"polygon\"")
    keys = set(entry) - ({"factor"} if slowed else set())

    def text(key):
        value = entry[key]
        if type(value) is not str or not value.strip(ASCII_WHITESPACE):
            raise ConditionsError("invalid", f"{position}.{key} must be a non-empty string", [position])
        return value

    if keys == {"ref"}:
        return Target("name", text("ref"), None)
    if keys == {"level"}:
        return Target("level", text("level"), None)
    if keys == {"polygon", "level"}:
        points = entry["polygon"]
        if type(points) is not list or len(points) < 3:
            raise ConditionsError("invalid", f"{position}.polygon must list at least three [latitude, longitude] "
                                             f"pairs", [position])
        corners = []
        for index, point in enumerate(points):
            pair = [_json_number(value) for value in point] if type(point) is list and len(point) == 2 else None
            if pair is None or None in pair or not (-90.0 <= pair[0] <= 90.0 and -180.0 <= pair[1] <= 180.0):
                raise ConditionsError("invalid", f"{position}.polygon[{index}] must be [latitude, longitude] "
                                                 f"in degrees", [position])
            corners.append((pair[0], pair[1]))
        return Target("polygon", text("level"), tuple(corners))
    besides = " besides \"factor\"" if slowed else ""
    raise invalid(f"must have \"ref\", \"level\", or \"polygon\" with \"level\"{besides}, "
                  f"not {sorted(map(str, keys))}")


def _edit_distance(left, right):
    """Levenshtein distance between two strings, in code points."""
    if not left:
        return len(right)
    if not right:
        return len(left)
    previous = list(range(len(right) + 1))
    for i, a in enumerate(left, 1):
        current = [i] + [0] * len(right)
        for j, b in enumerate(right, 1):
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a != b))
        previous = current
    return previous[-1]


class Section:
    """One entry of the section table."""

    __slots__ = ("tag", "version", "offset", "length", "checksum")

    def __init__(self, tag, version, offset, length, checksum):
        self.tag, self.version, self.offset, self.length, self.checksum = tag, version, offset, length, checksum

    def __repr__(self):
        return (f"Section({self.tag!r}, version={self.version}, offset={self.offset}, "
                f"length={self.length})")


def _words(view, what):
    """``view`` as little-endian u32 values, in place where the machine is little-endian, so
    that a large array costs no copy."""
    if len(view) % 4:
        raise BundleError(f"{what}: {len(view)} bytes is not a whole number of u32")
    if sys.byteorder == "little":
        return view.cast("I") if view.itemsize == 1 else view
    import array
    words = array.array("I", bytes(view))
    words.byteswap()
    return words


def _rises(offsets, end):
    """Whether CSR ``offsets`` start at 0, never fall and end exactly at ``end``: what makes
    every ``offsets[i] ..< offsets[i+1]`` range safe and the ranges a partition."""
    if not offsets or offsets[0] != 0 or offsets[-1] != end:
        return False
    previous = 0
    for value in offsets:
        if value < previous:
            return False
        previous = value
    return True


def _round_half_away(value):
    """``value`` rounded to an integer, halves away from zero as the format requires (Python's
    ``round`` goes to even, which would move some queries to the neighbouring 1e-7 degree).
    ``magnitude - whole`` is exact for doubles, so the comparison with 0.5 is too."""
    magnitude = abs(value)
    whole = math.floor(magnitude)
    if magnitude - whole >= 0.5:
        whole += 1
    return whole if value >= 0 else -whole


def normalised_id(identifier):
    """An access point id as a radio map stores it, in UTF-8 bytes: a BSSID written as twelve hex
    digits, or as six groups of one or two hex digits all joined by ``:`` or all by ``-``, becomes
    six lower-case pairs joined by ``:`` (``0:B:86:1A:2B:3C`` gives ``00:0b:86:1a:2b:3c``); any
    other id (``WAP012``) is kept as it is. ``identifier`` is text or bytes."""
    data = identifier.encode("utf-8", "surrogatepass") if isinstance(identifier, str) else bytes(identifier)
    if len(data) == 12 and all(byte in HEX_DIGITS for byte in data):
        groups = [data[at:at + 2] for at in range(0, 12, 2)]
    else:
        groups = data.split(b":")
        if len(groups) != 6:
            groups = data.split(b"-")
    if len(groups) != 6 or not all(1 <= len(group) <= 2 and all(byte in HEX_DIGITS for byte in group)
                                   for group in groups):
        return data
    return b":".join(group.lower().rjust(2, b"0") for group in groups)


def signal_weight(rssi, weakest, exponent):
    """The weight of a reading of ``rssi`` dBm (step 1 of locating): 0 at or below ``weakest``, 1 at
    0 dBm, ``((rssi - weakest) / -weakest) ** exponent`` rounded to a multiple of 2**-24 so that
    readers whose ``pow`` differs in the last bit still agree. ``math.pow`` is the C library's."""
    if not rssi > weakest:
        return 0.0
    ratio = min(1.0, (rssi - weakest) / -weakest)
    return _round_half_away(math.pow(ratio, exponent) * WEIGHT_SCALE) / WEIGHT_SCALE


def _sorensen(difference, mass):
    """The Sørensen distance from a scan's sums (step 4); 1 when there is no weight at all."""
    return max(0.0, difference) / mass if mass > 0 else 1.0


def _winner(votes):
    """The key with the most votes, a tie to the lower key."""
    return max(votes.items(), key=lambda item: (item[1], -item[0]))[0]


def _fold_ascii(code):
    """Step 1 of folding for an ASCII code point (the part no table is needed for)."""
    if 0x41 <= code <= 0x5A:
        return chr(code + 0x20)
    if 0x09 <= code <= 0x0D:
        return " "
    return chr(code)


class Bundle:
    """An opened bundle. Use as a context manager, or call ``close``."""

    def __init__(self, path, verify_checksums=True):
        self._start(str(path))
        try:
            self._file = open(self.path, "rb")
        except OSError as error:
            raise BundleError(f"{self.path}: {error.strerror}", code="io") from None
        try:
            size = self._file.seek(0, 2)
            if size < HEADER.size:
                raise BundleError(f"{self.path}: {size} bytes is too short for a bundle header")
            self._map = mmap.mmap(self._file.fileno(), 0, access=mmap.ACCESS_READ)
            self._view = memoryview(self._map)
            self._check(size, verify_checksums)
        except BaseException:
            self.close()
            raise

    @classmethod
    def from_bytes(cls, data, verify_checksums=True, name="(bytes)"):
        """Opens a bundle already in memory: ``data`` is any bytes-like object (``bytes``,
        ``bytearray``, a ``memoryview``, an ``mmap``), read in place, never copied. The checks are
        those of ``Bundle(path)``, ``verify_checksums`` likewise; messages start with ``name``
        where a file's start with its path. Keep the bytes unchanged while the bundle is open.
        Anything that is not bytes-like raises ``TypeError``, as ``memoryview`` does."""
        bundle = cls.__new__(cls)
        bundle._start(str(name))
        view = memoryview(data)
        try:
            bundle._view = view.cast("B") if view.format != "B" or view.ndim != 1 else view
            if len(bundle._view) < HEADER.size:
                raise BundleError(f"{bundle.path}: {len(bundle._view)} bytes is too short for a bundle header")
            bundle._check(len(bundle._view), verify_checksums)
        except BaseException:
            bundle.close()
            raise
        return bundle

    def _start(self, path):
        self.path = path
        self._cache = {}
        self._hierarchies = {}
        self._topology = None
        self._metrics = {}
        self._view = self._map = self._file = None

    def _check(self, size, verify_checksums):
        self._read_table(size)
        if verify_checksums:
            self.verify()

    def close(self):
        """Unmaps the file. Views a caller still holds keep the mapping alive until they go.
        Metrics stay usable as objects, but only the bundle that made one routes on it."""
        self._hierarchies = {}
        self._topology = None
        self._metrics = {}
        self._cache = {}
        self._sections = {}
        view, mapping, file = getattr(self, "_view", None), getattr(self, "_map", None), getattr(self, "_file", None)
        self._view = self._map = self._file = None
        if view is not None:
            view.release()
        if mapping is not None:
            try:
                mapping.close()
            except BufferError:
                pass  # A view derived from the mapping is still alive; the mapping closes with it.
        if file is not None:
            file.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _error(self, tag, message):
        return BundleError(f"{self.path}: section {tag}: {message}")

    # Header and section table

    def _read_table(self, size):
        magic, major, minor, _flags, count, header_size, file_size, _ = HEADER.unpack_from(self._view, 0)
        if magic != MAGIC:
            raise BundleError(f"{self.path}: not a navforge bundle (magic {magic!r})")
        # The major is checked before anything else: another major may lay out the rest differently.
        if major not in SUPPORTED_MAJORS:
            advice = "rebuild the bundle" if major < min(SUPPORTED_MAJORS) else "update the reader"
            known = " and ".join(f"{known}.x" for known in SUPPORTED_MAJORS)
            raise BundleError(f"{self.path}: format {major}.{minor} is not supported; "
                              f"this reader reads {known}; {advice}")
        if file_size != size:
            raise BundleError(f"{self.path}: header says {file_size} bytes, the file has {size}: truncated or extended")
        if header_size < HEADER.size or header_size % 8:
            raise BundleError(f"{self.path}: header size {header_size} is not a multiple of 8 from {HEADER.size}")
        table_end = header_size + count * ENTRY.size
        if count > MAX_SECTIONS or table_end > size:
            raise BundleError(f"{self.path}: a section table of {count} entries does not fit the file")
        self.major, self.minor = major, minor
        sections = []
        for index in range(count):
            raw_tag, version, _reserved, offset, length, checksum = ENTRY.unpack_from(self._view, header_size + index * ENTRY.size)
            try:
                tag = raw_tag.decode("ascii")
            except UnicodeDecodeError:
                raise BundleError(f"{self.path}: section {index} has tag {raw_tag!r}, not ASCII") from None
            if offset % 8 or offset < table_end or offset + length > size:
                raise BundleError(f"{self.path}: section {tag} at {offset}+{length} lies outside the file's sections")
            sections.append(Section(tag, version, offset, length, checksum))
        previous = None
        for section in sorted(sections, key=lambda s: s.offset):
            if previous is not None and section.offset < previous.offset + previous.length:
                raise BundleError(f"{self.path}: sections {previous.tag} and {section.tag} overlap")
            previous = section
        self._sections = {}
        for section in sections:
            if section.tag in self._sections:
                raise BundleError(f"{self.path}: section {section.tag} appears twice")
            self._sections[section.tag] = section
        # Required sections keep version 1 for the life of a major, so a missing one (or one
        # at a version this reader cannot read) means the file is not a usable 1.x bundle.
        missing = [tag for tag in REQUIRED if not self.has(tag)]
        if missing:
            raise BundleError(f"{self.path}: required section {', '.join(missing)} is missing")

    @property
    def sections(self):
        """The section table, in file order (unknown tags and versions included)."""
        return sorted(self._sections.values(), key=lambda s: s.offset)

    def has(self, tag):
        """Whether section ``tag`` is present at a version this reader can read."""
        entry = self._sections.get(tag)
        return entry is not None and entry.version == SECTION_VERSION

    def section(self, tag):
        """The bytes of section ``tag``; a ``BundleError`` when it is missing, or present at a
        section version this reader does not know (which the format treats as missing)."""
        entry = self._sections.get(tag)
        if entry is None:
            raise BundleError(f"{self.path}: no section {tag}: not available in this bundle", code="unavailable")
        if entry.version != SECTION_VERSION:
            raise BundleError(f"{self.path}: section {tag} has version {entry.version}, "
                              f"which this reader does not know: not available", code="unavailable")
        return self._view[entry.offset:entry.offset + entry.length]

    def verify(self):
        """Recomputes every section's checksum and the whole-file SHA-256; raises at the first
        mismatch. Sections come first so that damage inside one is reported by its tag; the
        file hash then covers what no section does (header, table, padding)."""
        for entry in self.sections:
            digest = hashlib.sha256(self._view[entry.offset:entry.offset + entry.length]).digest()
            if int.from_bytes(digest[:8], "little") != entry.checksum:
                raise BundleError(f"{self.path}: checksum mismatch in section {entry.tag}: the file is corrupt",
                                  code="checksum")
        whole = hashlib.sha256()
        whole.update(self._view[:32])
        whole.update(bytes(32))
        whole.update(self._view[64:])
        if whole.digest() != bytes(self._view[32:64]):
            raise BundleError(f"{self.path}: the whole-file SHA-256 does not match the header: the file is corrupt",
                              code="checksum")

    # Records

    def _counted(self, tag, header_bytes, entry_size=0, what="entries"):
        """Section ``tag`` and the count in its first u32, checked so that the header and
        ``count`` entries of ``entry_size`` bytes fit before any is read."""
        view = self.section(tag)
        if len(view) < header_bytes:
            raise self._error(tag, f"{len(view)} bytes is too short for its header")
        count = struct.unpack_from("<I", view, 0)[0]
        if header_bytes + count * entry_size > len(view):
            raise self._error(tag, f"{count} {what} of {entry_size} bytes do not fit its {len(view)} bytes")
        return view, count

    def _strings(self):
        if "STRS" not in self._cache:
            view, count = self._counted("STRS", 8, 4, "string offsets")
            table = 8 + 4 * (count + 1)
            if table > len(view):
                raise self._error("STRS", f"the offset table of {count} strings does not fit")
            self._cache["STRS"] = (view, count, table, _words(view[8:table], f"{self.path}: STRS"))
        return self._cache["STRS"]

    def string(self, index, referrer=None):
        """String ``index`` of ``STRS``, or None for 0xFFFFFFFF. ``referrer`` is the section
        holding the index: an index past the table is that section's damage, not ``STRS``'s."""
        if index == NONE:
            return None
        view, count, table, offsets = self._strings()
        # Negative indexes are refused as others past the table are: Python would count them
        # from the end and answer another string.
        if not isinstance(index, int) or not 0 <= index < count:
            if referrer is not None:
                raise self._error(referrer, f"names string {index}, but STRS has {count}")
            raise BundleError(f"{self.path}: string {index} is not one of the {count} in STRS", code="argument")
        start, end = offsets[index], offsets[index + 1]
        if start > end or table + end > len(view):
            raise self._error("STRS", f"string {index} lies outside the section")
        try:
            return bytes(view[table + start:table + end]).decode("utf-8")
        except UnicodeDecodeError:
            raise self._error("STRS", f"string {index} is not UTF-8") from None

    @property
    def levels(self):
        """The levels in ``LEVL`` order: ``snap`` and ``outlines`` take an index into this list."""
        if "LEVL" not in self._cache:
            view, count = self._counted("LEVL", 8, LEVEL.size, "levels")
            levels = []
            for ident, name, building_id, building, ordinal in LEVEL.iter_unpack(view[8:8 + LEVEL.size * count]):
                levels.append(Level(*(self.string(value, "LEVL") for value in (ident, name, building_id, building)),
                                    ordinal))
            self._cache["LEVL"] = levels
        return list(self._cache["LEVL"])

    @property
    def level_count(self):
        if "LEVL count" not in self._cache:
            self._cache["LEVL count"] = self._counted("LEVL", 8, LEVEL.size, "levels")[1]
        return self._cache["LEVL count"]

    def _nodes(self):
        """(latitudes, longitudes, levels, kinds, labels) of ``NODE``, with every level checked
        against ``LEVL`` once, since snapping selects nodes by it."""
        if "NODE" not in self._cache:
            view, count = self._counted("NODE", 8, NODE.size, "nodes")
            columns = ([], [], [], [], [])
            levels = self.level_count
            for index, (latitude, longitude, level, kind, _, label) in enumerate(NODE.iter_unpack(view[8:8 + NODE.size * count])):
                if level >= levels:
                    raise self._error("NODE", f"node {index} is on level {level}, but LEVL has {levels}")
                for column, value in zip(columns, (latitude, longitude, level, kind, label)):
                    column.append(value)
            self._cache["NODE"] = columns
        return self._cache["NODE"]

    @property
    def node_count(self):
        return self._arcs()[0]

    def node(self, index):
        """Node ``index``: position in degrees, level index, kind and label (a string or None)."""
        latitudes, longitudes, levels, kinds, labels = self._nodes()
        self._check_node(index)
        return Node(latitudes[index] / 1e7, longitudes[index] / 1e7, levels[index], kinds[index],
                    self.string(labels[index], "NODE"))

    def _check_node(self, node):
        nodes = self.node_count
        if not isinstance(node, int) or not 0 <= node < nodes:
            raise BundleError(f"{self.path}: node {node} is not one of the {nodes} nodes", code="argument")

    def _arcs(self):
        """(node count, arc count, first_out, heads) of ``ARCS``, checked."""
        if "ARCS" not in self._cache:
            view = self.section("ARCS")
            if len(view) < 8:
                raise self._error("ARCS", "too short for its header")
            nodes, arcs = struct.unpack_from("<II", view, 0)
            table = 8 + 4 * (nodes + 1)
            entries = (table + 7) // 8 * 8
            if entries + 16 * arcs != len(view):
                raise self._error("ARCS", f"does not hold {nodes} nodes and {arcs} arcs")
            if nodes != len(self._nodes()[0]):
                raise self._error("ARCS", f"{nodes} nodes, but NODE has {len(self._nodes()[0])}")
            first = _words(view[8:table], f"{self.path}: ARCS")
            if not _rises(first, arcs):
                raise self._error("ARCS", f"offsets do not rise to {arcs}")
            heads = _words(view[entries:entries + 16 * arcs], f"{self.path}: ARCS")[0::4]
            if any(head >= nodes for head in heads):
                raise self._error("ARCS", f"an arc ends outside its {nodes} nodes")
            self._cache["ARCS"] = (nodes, arcs, first, heads)
        return self._cache["ARCS"]

    def _arc_tails(self):
        """The tail of every arc: the hierarchy check compares input arcs' ends with it."""
        if "tails" not in self._cache:
            nodes, arcs, first, _ = self._arcs()
            tails = [0] * arcs
            for node in range(nodes):
                for arc in range(first[node], first[node + 1]):
                    tails[arc] = node
            self._cache["tails"] = tails
        return self._cache["tails"]

    @property
    def profiles(self):
        """Profile names, in ``PROF`` order (read once; every route looks its profile up)."""
        if "PROF" not in self._cache:
            view, count = self._counted("PROF", 8, 8, "profiles")
            names = [self.string(struct.unpack_from("<I", view, 8 + 8 * index)[0], "PROF") for index in range(count)]
            if None in names:
                raise self._error("PROF", "a profile has no name")
            self._cache["PROF"] = names
        return list(self._cache["PROF"])

    def costs(self, profile):
        """The ``PROF`` costs of ``profile`` (a name), one u32 per arc in ``ARCS`` order."""
        index = self._profile_index(profile)
        view = self.section("PROF")
        count, arcs = struct.unpack_from("<II", view, 0)
        if arcs != self._arcs()[1] or 8 + 8 * count + 4 * count * arcs != len(view):
            raise self._error("PROF", f"does not hold {count} profiles of {self._arcs()[1]} arcs")
        start = 8 + 8 * count + 4 * arcs * index
        return _words(view[start:start + 4 * arcs], f"{self.path}: PROF")

    def _profile_index(self, profile):
        names = self.profiles
        if profile not in names:
            raise BundleError(f"{self.path}: no profile {profile!r}; the bundle has {', '.join(names)}",
                              code="argument")
        return names.index(profile)

    def _place_count(self):
        if "PLAC count" not in self._cache:
            self._cache["PLAC count"] = self._counted("PLAC", 8, PLACE.size, "places")[1]
        return self._cache["PLAC count"]

    def place(self, index):
        """Place ``index`` of ``PLAC`` (what ``search_prefix`` reports), strings resolved;
        level, node and position are None where the place has none."""
        view, count = self._counted("PLAC", 8, PLACE.size, "places")
        if not isinstance(index, int) or not 0 <= index < count:
            raise BundleError(f"{self.path}: place {index} is not one of the {count} places", code="argument")
        fields = PLACE.unpack_from(view, 8 + PLACE.size * index)
        kind, positioned, level, node = fields[:4]
        strings = [self.string(value, "PLAC") for value in fields[4:13]]
        capacity, latitude, longitude, radius = fields[13:17]
        if level != NO_LEVEL and level >= self.level_count:
            raise self._error("PLAC", f"place {index} is on level {level}, but LEVL has {self.level_count}")
        if node != NONE and node >= self.node_count:
            raise self._error("PLAC", f"place {index} ends at node {node}, but NODE has {self.node_count}")
        return Place(kind, *strings,
                     None if level == NO_LEVEL else level,
                     None if node == NONE else node,
                     None if capacity < 0 else capacity,
                     latitude / 1e7 if positioned else None,
                     longitude / 1e7 if positioned else None,
                     radius)

    # Routing

    def route(self, profile, source, target):
        """The fastest route from node ``source`` to node ``target`` for ``profile``:
        ``(milliseconds, [node, ...])``, or None when the target cannot be reached.

        With a customisable hierarchy (``CCHT``, format 2.0) the route is found on the profile's
        metric (``customise(profile)``, made on the first route of the profile and kept), else on
        the profile's contraction hierarchy (``CHxx``); either way by the format's reference
        query, so that where several routes cost the same every reader returns the same one."""
        for node in (source, target):
            self._check_node(node)
        if self.customisable:
            return self.route_on(self.customise(profile), source, target)
        found = self._hierarchy(profile).shortest(source, target)
        if found is None:
            return None
        distance, arcs = found
        heads = self._arcs()[3]
        return distance, [source] + [heads[arc] for arc in arcs]

    def _hierarchy(self, profile):
        index = self._profile_index(profile)
        if index not in self._hierarchies:
            tag = "CH%02X" % index
            if not self.has(tag):
                raise BundleError(f"{self.path}: no contraction hierarchy for {profile!r} (section {tag}): "
                                  f"routing is not available", code="unavailable")
            nodes, arcs, _, heads = self._arcs()
            self._hierarchies[index] = _Hierarchy(self.section(tag), nodes, arcs, f"{self.path}: section {tag}",
                                                  tails=self._arc_tails(), heads=heads, costs=self.costs(profile))
        return self._hierarchies[index]

    # Customisable hierarchy (CCHT, format 2.0)

    @property
    def customisable(self):
        """Whether the bundle has a customisable hierarchy (``CCHT`` at section version 1), which
        ``route`` then uses for every profile and ``customise`` and ``route_on`` need."""
        return self.has("CCHT")

    def customise(self, profile, weights=None):
        """``profile``'s weights customised on the bundle's ``CCHT``: a ``Metric`` to pass to
        ``route_on``.

        Without ``weights`` the metric is made from the profile's ``PROF`` costs on first use
        and kept (``route`` uses it). ``weights`` replaces them: a sequence of integers, one per
        ``ARCS`` arc in ``ARCS`` order, in milliseconds, ``0xFFFFFFFF`` (``navbundle.INFINITE``)
        where the arc is closed; start from ``costs(profile)`` and change the arcs that a closure
        or a slow-down concerns. Such a metric is made on every call and not kept. An arc no
        profile of the bundle may use has no place in the hierarchy, so a weight given for it is
        ignored: conditions can close and slow arcs, not open new ones.

        The first call of any kind checks the whole ``CCHT`` section once (``BundleError`` naming
        it when it is damaged). A ``weights`` of the wrong length or holding something that is
        not an integer from 0 to ``0xFFFFFFFF`` raises ``ValueError``."""
        index = self._profile_index(profile)
        if weights is None:
            metric = self._metrics.get(index)
            if metric is None:
                metric = Metric(self, profile, self._customisable_topology(), self.costs(profile).tolist())
                self._metrics[index] = metric
            return metric
        arcs = self._arcs()[1]
        if isinstance(weights, (bytes, bytearray, str)):
            raise ValueError("weights must be a sequence of integers, one per arc, not text or bytes")
        try:
            checked = array.array(_U32, weights)
        except (TypeError, OverflowError) as error:
            raise ValueError(f"weights must be integers from 0 to {INFINITE}: {error}") from None
        if len(checked) != arcs:
            raise ValueError(f"{len(checked)} weights for the {arcs} arcs of ARCS")
        if checked and max(checked) > INFINITE:
            raise ValueError(f"weights must be integers from 0 to {INFINITE}")
        return Metric(self, profile, self._customisable_topology(), checked)

    def route_on(self, metric, source, target):
        """The lightest route from node ``source`` to node ``target`` under ``metric`` (from this
        bundle's ``customise``), by the format's reference query on the customisable hierarchy:
        ``(weight, [node, ...])``, the weight being the sum of the metric's input weights along
        the route (milliseconds for a profile's costs), or None when no route is open."""
        if not isinstance(metric, Metric) or metric._bundle is not self or metric._topology is not self._topology:
            raise ValueError("the metric was not customised by this bundle")
        for node in (source, target):
            self._check_node(node)
        found = metric._topology.shortest(metric, source, target)
        if found is None:
            return None
        distance, arcs = found
        heads = self._arcs()[3]
        return distance, [source] + [heads[arc] for arc in arcs]

    def _customisable_topology(self):
        """``CCHT``, checked in full on first use (once per bundle): every later customisation
        and query trusts it."""
        if self._topology is None:
            tag = "CCHT"
            if not self.has(tag):
                raise BundleError(f"{self.path}: no customisable hierarchy (section {tag}): "
                                  f"customised routing is not available", code="unavailable")
            nodes, arcs, _, heads = self._arcs()
            views = [self.costs(name) for name in self.profiles]
            # An arc belongs to the topology when some profile may use it.
            usable = [cost != INFINITE for cost in map(min, *views, itertools.repeat(INFINITE))] if views else []
            self._topology = _Topology(self.section(tag), nodes, self._arc_tails(), heads,
                                       usable + [False] * (arcs - len(usable)), f"{self.path}: section {tag}")
        return self._topology

    def nearest_exit(self, profile, node):
        """The way out from ``node`` for ``profile`` by the egress table:
        ``(exit node, milliseconds, [node, ...])``, or None when no exit is reachable."""
        nodes, arcs, first, heads = self._arcs()
        self._check_node(node)
        view = self.section("EGRS")
        if len(view) < 8:
            raise self._error("EGRS", "too short for its header")
        tables, table_nodes = struct.unpack_from("<II", view, 0)
        index = self._profile_index(profile)
        if table_nodes != nodes or index >= tables or 8 + 12 * tables * nodes != len(view):
            raise self._error("EGRS", f"has no table of {nodes} nodes for {profile!r}")
        base = 8 + 12 * nodes * index
        exit_node, cost, _ = struct.unpack_from("<III", view, base + 12 * node)
        if exit_node == NONE:
            return None
        if exit_node >= nodes:
            raise self._error("EGRS", f"node {node} exits at node {exit_node}, which does not exist")
        path, current = [node], node
        for _ in range(nodes + 1):
            if current == exit_node:
                return exit_node, cost, path
            arc = struct.unpack_from("<I", view, base + 12 * current + 8)[0]
            if arc >= arcs or not first[current] <= arc < first[current + 1]:
                raise self._error("EGRS", f"sends node {current} along arc {arc}, which does not leave it")
            current = heads[arc]
            path.append(current)
        raise self._error("EGRS", f"loops from node {node}")

    # Search

    def _search_index(self):
        """``SRCH``, checked in full on first use: bisection is only right over keys that are
        really sorted, and a fold table that is not is no fold table."""
        if "SRCH" in self._cache:
            return self._cache["SRCH"]
        tag = "SRCH"
        view = self.section(tag)
        if len(view) < 16:
            raise self._error(tag, "too short for its header")
        fold_count, key_count, fold_bytes, key_bytes = struct.unpack_from("<IIII", view, 0)
        fold_at = 16
        key_at = fold_at + FOLD.size * fold_count
        fold_text_at = key_at + KEY.size * key_count
        key_text_at = fold_text_at + fold_bytes
        if key_text_at + key_bytes > len(view):
            raise self._error(tag, f"{fold_count} fold entries, {key_count} keys and {fold_bytes} + {key_bytes} "
                                   f"bytes of text do not fit its {len(view)} bytes")
        fold_text = bytes(view[fold_text_at:key_text_at])
        key_text = bytes(view[key_text_at:key_text_at + key_bytes])
        folds, previous = {}, 0x7F
        for code, offset, length in FOLD.iter_unpack(view[fold_at:key_at]):
            if code > 0x10FFFF or 0xD800 <= code <= 0xDFFF or code < 0x80:
                raise self._error(tag, f"fold entry U+{code:04X} is not a non-ASCII Unicode scalar value")
            if code <= previous:
                raise self._error(tag, f"fold entry U+{code:04X} follows U+{previous:04X}: not in ascending order")
            previous = code
            if offset + length > fold_bytes:
                raise self._error(tag, f"the fold of U+{code:04X} lies outside the fold text")
            try:
                folds[code] = fold_text[offset:offset + length].decode("utf-8")
            except UnicodeDecodeError:
                raise self._error(tag, f"the fold of U+{code:04X} is not UTF-8") from None
        # Replacements are folded already (so folding is one pass); a table where they are not
        # would make readers that fold once and readers that fold twice disagree.
        for code, replacement in folds.items():
            for character in replacement:
                point = ord(character)
                folded = _fold_ascii(point) if point < 0x80 else folds.get(point, character)
                if folded != character:
                    raise self._error(tag, f"the fold of U+{code:04X} is not folded itself")
        places = self._place_count()
        keys, fields, owners = [], [], []
        last = None
        for position, (offset, length, field, _, place) in enumerate(KEY.iter_unpack(view[key_at:fold_text_at])):
            if length == 0 or offset + length > key_bytes:
                raise self._error(tag, f"key {position} is empty or lies outside the key text")
            if field >= SRCH_FIELDS:
                raise self._error(tag, f"key {position} has field {field}; fields are 0 to {SRCH_FIELDS - 1}")
            if place >= places:
                raise self._error(tag, f"key {position} names place {place}, but PLAC has {places}")
            key = key_text[offset:offset + length]
            if last is not None and (key, field, place) <= last:
                raise self._error(tag, f"key {position} is not after key {position - 1} (text, field, place)")
            last = (key, field, place)
            keys.append(key)
            fields.append(field)
            owners.append(place)
        self._cache[tag] = (folds, keys, fields, owners)
        return self._cache[tag]

    def fold(self, text):
        """``text`` folded by the bundle's own table, the way its keys were: readers need no
        Unicode library, and all of them fold identically whatever their platform's Unicode
        version (which is why this is not ``str.casefold``)."""
        folds = self._search_index()[0]
        if isinstance(text, (bytes, bytearray, memoryview)):
            try:
                text = bytes(text).decode("utf-8")
            except UnicodeDecodeError:
                raise ValueError("the query is not valid UTF-8") from None
        pieces = []
        for character in text:
            point = ord(character)
            if point < 0x80:
                pieces.append(_fold_ascii(point))
            elif 0xD800 <= point <= 0xDFFF:
                raise ValueError(f"the query holds a lone surrogate U+{point:04X}, not text")
            else:
                pieces.append(folds.get(point, character))
        return " ".join(word for word in "".join(pieces).split(" ") if word)

    def search_prefix(self, query, limit=10):
        """The places with a key starting with ``query`` folded: ``[(place, field), ...]``, each
        place once with its best key, ranked by field (0 ref, 1 name, 2 a later word of the
        name, 3 category, 4 alias) and then by that key's position (``SRCH``'s keys, then
        ``ALIA``'s), at most ``limit``."""
        if not isinstance(limit, int) or limit < 0:
            raise ValueError(f"limit {limit!r} is not a non-negative integer")
        _, keys, fields, owners = self._search_index()
        prefix = self.fold(query).encode("utf-8")
        if not prefix:
            return []
        best = {}
        tables = [(keys, fields, owners, 0)]
        if self.has("ALIA"):
            alias_keys, alias_owners = self._alias_index()[2:4]
            # ALIA's keys rank after SRCH's: key i of ALIA is at position len(keys) + i.
            tables.append((alias_keys, [ALIAS_FIELD] * len(alias_keys), alias_owners, len(keys)))
        for table, table_fields, table_owners, offset in tables:
            # Keys extending the prefix sort right after it and before anything else not below it.
            for position in range(bisect.bisect_left(table, prefix), len(table)):
                if not table[position].startswith(prefix):
                    break
                place, field = table_owners[position], table_fields[position]
                known = best.get(place)
                if known is None or field < known[0]:
                    best[place] = (field, offset + position)
        ranked = sorted(best.items(), key=lambda item: item[1])
        return [(place, field) for place, (field, _) in ranked[:limit]]

    # Snapping

    def _snap_index(self):
        """``SNAP``, checked in full on first use: the ring walk is only exact if every node of
        a level sits in the one cell its position names, so that is checked, not assumed."""
        if "SNAP" in self._cache:
            return self._cache["SNAP"]
        tag = "SNAP"
        view = self.section(tag)
        if len(view) < 24:
            raise self._error(tag, "too short for its header")
        level_count, node_count, cell_count, entry_count = struct.unpack_from("<IIII", view, 0)
        scale = struct.unpack_from("<d", view, 16)[0]
        latitudes, longitudes, node_levels = self._nodes()[:3]
        if level_count != self.level_count or node_count != len(latitudes):
            raise self._error(tag, f"indexes {level_count} levels and {node_count} nodes, "
                                   f"but LEVL has {self.level_count} and NODE {len(latitudes)}")
        cells_at = 24 + SNAP_LEVEL.size * level_count
        entries_at = cells_at + 4 * (cell_count + 1)
        if entries_at + 4 * entry_count > len(view):
            raise self._error(tag, f"{level_count} levels, {cell_count} cells and {entry_count} entries "
                                   f"do not fit its {len(view)} bytes")
        if not 0.0 < scale <= 1.0:
            raise self._error(tag, f"longitude scale {scale!r} is not a cosine of a latitude")
        cell_first = _words(view[cells_at:entries_at], f"{self.path}: {tag}")
        entries = _words(view[entries_at:entries_at + 4 * entry_count], f"{self.path}: {tag}")
        previous = 0
        for value in cell_first:
            if value < previous or value > entry_count:
                raise self._error(tag, f"cell offsets do not rise within {entry_count} entries")
            previous = value
        levels = [SNAP_LEVEL.unpack_from(view, 24 + SNAP_LEVEL.size * level) for level in range(level_count)]
        on_level = [0] * level_count
        for level in node_levels:
            on_level[level] += 1
        seen = bytearray(node_count)
        for level, (min_lat, min_lon, cell_lat, cell_lon, rows, columns, first_cell, _) in enumerate(levels):
            cells = rows * columns
            if cells == 0:
                if on_level[level]:
                    raise self._error(tag, f"level {level} has {on_level[level]} nodes but no cells")
                continue
            if cell_lat == 0 or cell_lon == 0:
                raise self._error(tag, f"level {level} has cells of size zero")
            if first_cell + cells > cell_count:
                raise self._error(tag, f"level {level}'s {rows} x {columns} cells from {first_cell} "
                                       f"pass the {cell_count} cells")
            found = 0
            for row in range(rows):
                for column in range(columns):
                    cell = first_cell + row * columns + column
                    last = -1
                    for entry in range(cell_first[cell], cell_first[cell + 1]):
                        node = entries[entry]
                        if node >= node_count or node <= last:
                            raise self._error(tag, f"cell {cell} lists node {node}: not a node, or not in ascending order")
                        last = node
                        lat_offset, lon_offset = latitudes[node] - min_lat, longitudes[node] - min_lon
                        if (node_levels[node] != level or seen[node] or lat_offset < 0 or lon_offset < 0
                                or lat_offset // cell_lat != row or lon_offset // cell_lon != column):
                            raise self._error(tag, f"cell {cell} of level {level} lists node {node}, "
                                                   f"which is not in that cell or listed twice")
                        seen[node] = 1
                        found += 1
            if found != on_level[level]:
                raise self._error(tag, f"level {level}'s grid holds {found} of its {on_level[level]} nodes")
        self._cache[tag] = (scale, levels, cell_first, entries)
        return self._cache[tag]

    def snap(self, latitude, longitude, level):
        """The node on ``level`` nearest to the position (degrees) by the format's metric, ties
        to the lower node: ``(node, metres)``, or None when the level has no nodes.

        Nodes are found with the ``SNAP`` grid, walking rings of cells outwards until no
        unvisited cell can hold anything nearer; the answer is the same as comparing every
        node of the level, which is what makes it reproducible across readers."""
        return self._nearest(latitude, longitude, level, None)

    def snap_profile(self, latitude, longitude, level, profile):
        """The node on ``level`` nearest to the position among those in the main pieces of
        ``profile``'s usable graph (``PIEC``), else the nearest of any piece:
        ``(node, metres, fallback)``, or None when the level has no nodes. Without ``PIEC``
        every node counts as in a main piece (docs/endpoints.md)."""
        index = self._profile_index(profile)
        accept = None
        if self.has("PIEC"):
            bits = self._pieces(index)
            accept = lambda node: bits[node >> 5] >> (node & 31) & 1  # noqa: E731
        found = self._nearest(latitude, longitude, level, accept)
        if found is not None:
            return found[0], found[1], False
        found = self._nearest(latitude, longitude, level, None)
        return None if found is None else (found[0], found[1], True)

    def _nearest(self, latitude, longitude, level, accept):
        levels = self.level_count
        if not isinstance(level, int) or not 0 <= level < levels:
            raise BundleError(f"{self.path}: level {level} is not one of the {levels} levels", code="argument")
        if not (math.isfinite(latitude) and math.isfinite(longitude)
                and -90.0 <= latitude <= 90.0 and -180.0 <= longitude <= 180.0):
            raise ValueError(f"({latitude}, {longitude}) is not a position in degrees")
        scale, grids, cell_first, entries = self._snap_index()
        min_lat, min_lon, cell_lat, cell_lon, rows, columns, first_cell, _ = grids[level]
        if rows * columns == 0:
            return None
        latitudes, longitudes = self._nodes()[:2]
        query_lat = _round_half_away(latitude * 1e7)
        query_lon = _round_half_away(longitude * 1e7)
        row = min(max((query_lat - min_lat) // cell_lat, 0), rows - 1)
        column = min(max((query_lon - min_lon) // cell_lon, 0), columns - 1)
        best, best_node = None, None
        ring = 0
        while True:
            top, bottom = row - ring, row + ring
            left, right = column - ring, column + ring
            for cell_row in range(max(top, 0), min(bottom, rows - 1) + 1):
                if cell_row in (top, bottom):
                    cell_columns = range(max(left, 0), min(right, columns - 1) + 1)
                else:
                    cell_columns = [c for c in (left, right) if 0 <= c < columns]
                for cell_column in cell_columns:
                    cell = first_cell + cell_row * columns + cell_column
                    for entry in range(cell_first[cell], cell_first[cell + 1]):
                        node = entries[entry]
                        dy = float(query_lat - latitudes[node])
                        dx = float(query_lon - longitudes[node]) * scale
                        squared = dx * dx + dy * dy
                        if best is None or squared < best or (squared == best and node < best_node):
                            if accept is None or accept(node):
                                best, best_node = squared, node
            # The nearest distance any unvisited cell could hold: to the nearest side of the
            # visited block that has cells beyond it.
            bound = None
            if top > 0:
                bound = float(query_lat - (min_lat + top * cell_lat))
            if bottom < rows - 1:
                side = float(min_lat + (bottom + 1) * cell_lat - query_lat)
                bound = side if bound is None else min(bound, side)
            if left > 0:
                side = float(query_lon - (min_lon + left * cell_lon)) * scale
                bound = side if bound is None else min(bound, side)
            if right < columns - 1:
                side = float(min_lon + (right + 1) * cell_lon - query_lon) * scale
                bound = side if bound is None else min(bound, side)
            if bound is None or (best is not None and best < bound * bound):
                break
            ring += 1
        if best is None:
            return None  # No node of the level, or none that ``accept`` takes.
        return best_node, math.sqrt(best) * METRES_PER_UNIT

    # Places of format 1.2: sources, aliases, attachments, pieces

    def place_source(self, index):
        """The source feature id of place ``index`` (``node/123``), or None when it has none or
        the bundle has no ``PSRC``."""
        places = self._place_count()
        if not isinstance(index, int) or not 0 <= index < places:
            raise BundleError(f"{self.path}: place {index} is not one of the {places} places", code="argument")
        if not self.has("PSRC"):
            return None
        if "PSRC" not in self._cache:
            view, count = self._counted("PSRC", 8, 4, "sources")
            if count != places:
                raise self._error("PSRC", f"has {count} sources, but PLAC has {places} places")
            self._cache["PSRC"] = _words(view[8:8 + 4 * count], f"{self.path}: PSRC")
        return self.string(self._cache["PSRC"][index], "PSRC")

    def _alias_index(self):
        """``ALIA``, checked in full on first use: (first, entries, keys, owners)."""
        if "ALIA" in self._cache:
            return self._cache["ALIA"]
        tag = "ALIA"
        view = self.section(tag)
        if len(view) < 16:
            raise self._error(tag, "too short for its header")
        place_count, alias_count, key_count, key_bytes = struct.unpack_from("<IIII", view, 0)
        places = self._place_count()
        if place_count != places:
            raise self._error(tag, f"has {place_count} places, but PLAC has {places}")
        entries_at = 16 + 4 * (place_count + 1)
        keys_at = entries_at + ALIAS.size * alias_count
        text_at = keys_at + KEY.size * key_count
        if text_at + key_bytes > len(view):
            raise self._error(tag, f"{alias_count} aliases and {key_count} keys do not fit its {len(view)} bytes")
        first = _words(view[16:entries_at], f"{self.path}: {tag}")
        if not _rises(first, alias_count):
            raise self._error(tag, f"alias offsets do not rise to {alias_count}")
        strings = self._strings()[1]
        entries = list(ALIAS.iter_unpack(view[entries_at:keys_at]))
        for position, (text, language, _kind) in enumerate(entries):
            if text == NONE or text >= strings or (language != NONE and language >= strings):
                raise self._error(tag, f"alias {position} names string {text} or {language}, but STRS has {strings}")
            if not self.string(text, tag):
                raise self._error(tag, f"alias {position} is empty")
        key_text = bytes(view[text_at:text_at + key_bytes])
        keys, owners, last = [], [], None
        for position, (offset, length, field, _, place) in enumerate(KEY.iter_unpack(view[keys_at:text_at])):
            if length == 0 or offset + length > key_bytes:
                raise self._error(tag, f"key {position} is empty or lies outside the key text")
            if field != ALIAS_FIELD:
                raise self._error(tag, f"key {position} has field {field}, not {ALIAS_FIELD}")
            if place >= places:
                raise self._error(tag, f"key {position} names place {place}, but PLAC has {places}")
            key = key_text[offset:offset + length]
            try:
                key.decode("utf-8")
            except UnicodeDecodeError:
                raise self._error(tag, f"key {position} is not UTF-8") from None
            if last is not None and (key, place) <= last:
                raise self._error(tag, f"key {position} is not after key {position - 1} (text, field, place)")
            last = (key, place)
            keys.append(key)
            owners.append(place)
        self._cache[tag] = (first, entries, keys, owners)
        return self._cache[tag]

    def place_aliases(self, index):
        """The aliases of place ``index``: ``[Alias(text, language, kind)]``, kind 0 a name in
        another language, 1 an alternative name, 2 a keyword, 3 a platform synonym (others are
        kept as they are); empty without ``ALIA``."""
        places = self._place_count()
        if not isinstance(index, int) or not 0 <= index < places:
            raise BundleError(f"{self.path}: place {index} is not one of the {places} places", code="argument")
        if not self.has("ALIA"):
            return []
        first, entries = self._alias_index()[:2]
        return [Alias(self.string(text, "ALIA"), self.string(language, "ALIA"), kind)
                for text, language, kind in entries[first[index]:first[index + 1]]]

    def _attachments(self):
        if "ATCH" not in self._cache:
            tag = "ATCH"
            view = self.section(tag)
            if len(view) < 8:
                raise self._error(tag, "too short for its header")
            profiles, places = struct.unpack_from("<II", view, 0)
            if profiles != len(self.profiles) or places != self._place_count():
                raise self._error(tag, f"holds {profiles} profiles of {places} places, "
                                       f"but PROF has {len(self.profiles)} and PLAC {self._place_count()}")
            if 8 + 4 * profiles * places > len(view):
                raise self._error(tag, f"{profiles} x {places} nodes do not fit its {len(view)} bytes")
            nodes = _words(view[8:8 + 4 * profiles * places], f"{self.path}: {tag}")
            count = self.node_count
            if any(node != NONE and node >= count for node in nodes):
                raise self._error(tag, f"a place attaches to a node past the {count} of NODE")
            self._cache["ATCH"] = (places, nodes)
        return self._cache["ATCH"]

    def attached_node(self, place, profile):
        """The node place ``place`` attaches to for ``profile`` (``ATCH``; the ``PLAC`` node
        without it), or None when it is not on the graph."""
        index = self._profile_index(profile)
        if not self.has("ATCH"):
            return self.place(place).node
        places, nodes = self._attachments()
        if not isinstance(place, int) or not 0 <= place < places:
            raise BundleError(f"{self.path}: place {place} is not one of the {places} places", code="argument")
        node = nodes[index * places + place]
        return None if node == NONE else node

    def _pieces(self, index):
        """Profile ``index``'s bits of ``PIEC``, checked: counts, clear bits past the nodes, and
        ``main_node_count`` equal to the bits set."""
        key = ("PIEC", index)
        if key not in self._cache:
            tag = "PIEC"
            view = self.section(tag)
            if len(view) < 8:
                raise self._error(tag, "too short for its header")
            profiles, nodes = struct.unpack_from("<II", view, 0)
            if profiles != len(self.profiles) or nodes != self.node_count:
                raise self._error(tag, f"holds {profiles} profiles of {nodes} nodes, "
                                       f"but PROF has {len(self.profiles)} and NODE {self.node_count}")
            words = (nodes + 31) // 32
            bits_at = 8 + 16 * profiles
            if bits_at + 4 * words * profiles > len(view):
                raise self._error(tag, f"{profiles} tables of {nodes} nodes do not fit its {len(view)} bytes")
            pieces, main, main_nodes, _ = struct.unpack_from("<IIII", view, 8 + 16 * index)
            bits = _words(view[bits_at + 4 * words * index:bits_at + 4 * words * (index + 1)], f"{self.path}: {tag}")
            if main > pieces or pieces > nodes or (nodes > 0 and main == 0):
                raise self._error(tag, f"profile {index} counts {main} main of {pieces} pieces for {nodes} nodes")
            if nodes % 32 and bits[-1] >> (nodes % 32):
                raise self._error(tag, f"profile {index} sets bits past its {nodes} nodes")
            if sum(bin(word).count("1") for word in bits) != main_nodes:
                raise self._error(tag, f"profile {index} says {main_nodes} nodes are in main pieces, its bits differ")
            self._cache[key] = bits
        return self._cache[key]

    def in_main_piece(self, node, profile):
        """Whether ``node`` lies in a main piece of ``profile``'s usable graph (always, without
        ``PIEC``)."""
        index = self._profile_index(profile)
        self._check_node(node)
        if not self.has("PIEC"):
            return True
        return bool(self._pieces(index)[node >> 5] >> (node & 31) & 1)

    # Endpoints (docs/endpoints.md)

    def resolve_endpoint(self, text):
        """What ``text`` names as a route endpoint, by the resolution order of
        ``docs/endpoints.md``: ``Endpoint("place", index, ...)`` or
        ``Endpoint("position", None, latitude, longitude, levels)``; an ``EndpointError``
        when it names no single one."""
        return self._resolve_endpoint(text, suggest=True)

    def _resolve_endpoint(self, text, suggest):
        """``resolve_endpoint``; without ``suggest`` an ``unknown`` error lists no suggestions,
        which would measure the text against every place (conditions only need the class)."""
        if isinstance(text, (bytes, bytearray, memoryview)):
            try:
                text = bytes(text).decode("utf-8")
            except UnicodeDecodeError:
                raise ValueError("the endpoint is not valid UTF-8") from None
        trimmed = text.strip(" \t\n\v\f\r")
        position = POSITION_TEXT.fullmatch(trimmed)
        if position:
            latitude, longitude = float(position.group(1)), float(position.group(2))
            if abs(latitude) > 90 or abs(longitude) > 180:
                raise EndpointError("bad-coordinate", trimmed)
            qualifier = position.group(3)
            if qualifier is None:
                if self.level_count != 1:
                    raise EndpointError("needs-level", trimmed)
                levels = [0]
            else:
                levels = self._levels_named(qualifier)
                if not levels:
                    raise EndpointError("unknown-level", qualifier)
            return Endpoint("position", None, latitude, longitude, levels)
        folded = self.fold(trimmed).encode("utf-8")
        if not folded:
            raise EndpointError("empty", trimmed)
        tier = self._tiers(folded)
        if tier:
            return self._decide(tier, trimmed)
        near = folded
        qualified = False
        for at, character in enumerate(trimmed):
            if character != "@":
                continue
            name = self.fold(trimmed[:at]).encode("utf-8")
            if not name:
                continue
            levels = self._levels_named(trimmed[at + 1:])
            if not levels:
                continue
            if not qualified:
                near, qualified = name, True
            tier = self._tiers(name)
            if not tier:
                continue
            on_levels = [place for place in tier if self.place(place).level in levels]
            if not on_levels:
                raise EndpointError("elsewhere", trimmed, tier)
            return self._decide(on_levels, trimmed)
        raise EndpointError("unknown", trimmed, self._suggestions(near.decode("utf-8")) if suggest else ())

    def endpoint_node(self, endpoint, profile):
        """The node ``endpoint`` starts or ends at for ``profile``: a place's attachment, or a
        position's profile snap on its levels, the nearest (ties to the lower node); None when
        there is none."""
        if endpoint.kind == "place":
            return self.attached_node(endpoint.place, profile)
        best = None
        for level in endpoint.levels:
            found = self.snap_profile(endpoint.latitude, endpoint.longitude, level, profile)
            if found is not None and (best is None or (found[1], found[0]) < (best[1], best[0])):
                best = found
        return None if best is None else best[0]

    def _decide(self, places, text):
        if len(places) == 1:
            return Endpoint("place", places[0], None, None, None)
        raise EndpointError("ambiguous", text, places)

    def _tiers(self, key):
        """The places of the first tier matching the folded ``key`` (bytes) exactly: refs, names,
        aliases, source ids; ascending."""
        _, keys, fields, owners = self._search_index()
        for field in (0, 1):
            found = set()
            for position in range(bisect.bisect_left(keys, key), len(keys)):
                if keys[position] != key:
                    break
                if fields[position] == field:
                    found.add(owners[position])
            if found:
                return sorted(found)
        if self.has("ALIA"):
            alias_keys, alias_owners = self._alias_index()[2:4]
            found = set()
            for position in range(bisect.bisect_left(alias_keys, key), len(alias_keys)):
                if alias_keys[position] != key:
                    break
                found.add(alias_owners[position])
            if found:
                return sorted(found)
        return list(self._source_index().get(key, ())) if self.has("PSRC") else []

    def _source_index(self):
        """The places by folded ``PSRC`` source id (UTF-8), ascending: made once, so that the
        last tier costs a look-up rather than folding every place's id per endpoint."""
        if "PSRC index" not in self._cache:
            index = {}
            for place in range(self._place_count()):
                source = self.place_source(place)
                if source is not None:
                    index.setdefault(self.fold(source).encode("utf-8"), []).append(place)
            self._cache["PSRC index"] = index
        return self._cache["PSRC index"]

    def _levels_named(self, qualifier):
        """The ``LEVL`` indexes the text after ``@`` names: by ordinal when it is a decimal
        number, or by the folded id or name of the level or of its building."""
        folded = self.fold(qualifier)
        if not folded:
            return []
        number = float(folded) if DECIMAL_TEXT.fullmatch(folded) else None
        result = []
        for index, level in enumerate(self.levels):
            if number is not None and number == level.ordinal:
                result.append(index)
                continue
            names = (level.id, level.name, level.building_id, level.building)
            if any(name and self.fold(name) == folded for name in names):
                result.append(index)
        return result

    def _suggestions(self, folded):
        """Up to three places whose folded ref or name is within max(2, n // 3) edits of the
        ``n`` code points of ``folded``, nearest first, ties to the lower place."""
        limit = max(2, len(folded) // 3)
        scored = []
        for index in range(self._place_count()):
            place = self.place(index)
            distances = [_edit_distance(folded, self.fold(text)) for text in (place.ref, place.name)
                         if text and self.fold(text)]
            if distances and min(distances) <= limit:
                scored.append((min(distances), index))
        return [index for _, index in sorted(scored)[:3]]

    # Outlines

    def _outline_index(self):
        """``OUTL``, checked in full on first use, so that drawing a level can trust every range."""
        if "OUTL" in self._cache:
            return self._cache["OUTL"]
        tag = "OUTL"
        view = self.section(tag)
        if len(view) < 16:
            raise self._error(tag, "too short for its header")
        level_count, outline_count, ring_count, point_count = struct.unpack_from("<IIII", view, 0)
        if level_count != self.level_count:
            raise self._error(tag, f"has {level_count} levels, but LEVL has {self.level_count}")
        level_at = 16
        ring_at = level_at + 4 * (level_count + 1)
        point_first_at = ring_at + 4 * (outline_count + 1)
        outlines_at = (point_first_at + 4 * (ring_count + 1) + 7) // 8 * 8
        points_at = (outlines_at + OUTLINE.size * outline_count + 7) // 8 * 8
        if points_at + 8 * point_count > len(view):
            raise self._error(tag, f"{outline_count} outlines, {ring_count} rings and {point_count} points "
                                   f"do not fit its {len(view)} bytes")
        where = f"{self.path}: {tag}"
        level_first = _words(view[level_at:ring_at], where)
        ring_first = _words(view[ring_at:point_first_at], where)
        point_first = _words(view[point_first_at:point_first_at + 4 * (ring_count + 1)], where)
        for name, offsets, end in (("level", level_first, outline_count), ("ring", ring_first, ring_count),
                                   ("point", point_first, point_count)):
            if not _rises(offsets, end):
                raise self._error(tag, f"{name} offsets do not rise to {end}")
        for outline in range(outline_count):
            if ring_first[outline] == ring_first[outline + 1]:
                raise self._error(tag, f"outline {outline} has no exterior ring")
        for ring in range(ring_count):
            if point_first[ring + 1] - point_first[ring] < 3:
                raise self._error(tag, f"ring {ring} has fewer than 3 corners")
        places = self._place_count()
        records = list(OUTLINE.iter_unpack(view[outlines_at:outlines_at + OUTLINE.size * outline_count]))
        strings = self._strings()[1]
        for outline, (label, place, _) in enumerate(records):
            if place != NONE and place >= places:
                raise self._error(tag, f"outline {outline} names place {place}, but PLAC has {places}")
            if label != NONE and label >= strings:
                raise self._error(tag, f"outline {outline} names string {label}, but STRS has {strings}")
        points = view[points_at:points_at + 8 * point_count]
        self._cache[tag] = (level_first, ring_first, point_first, records, points)
        return self._cache[tag]

    def outlines(self, level):
        """The space outlines of ``level`` (index into ``levels``), for drawing a floor plan:
        ``[Outline(kind, label, place, rings)]``, the first ring the exterior, the others
        holes, each a list of open (latitude, longitude) corners in degrees."""
        levels = self.level_count
        if not isinstance(level, int) or not 0 <= level < levels:
            raise BundleError(f"{self.path}: level {level} is not one of the {levels} levels", code="argument")
        level_first, ring_first, point_first, records, points = self._outline_index()
        tag = "OUTL"
        result = []
        for outline in range(level_first[level], level_first[level + 1]):
            label, place, kind = records[outline]
            rings = []
            for ring in range(ring_first[outline], ring_first[outline + 1]):
                corners = struct.iter_unpack("<ii", points[8 * point_first[ring]:8 * point_first[ring + 1]])
                rings.append([(latitude / 1e7, longitude / 1e7) for latitude, longitude in corners])
            result.append(Outline(kind, self.string(label, tag), None if place == NONE else place, rings))
        return result

    # Wi-Fi positioning (WIFI)

    def _radio_map_index(self):
        """``WIFI``, checked in full on first use (``_RadioMapIndex``)."""
        if "WIFI" not in self._cache:
            self._cache["WIFI"] = _RadioMapIndex(self)
        return self._cache["WIFI"]

    @property
    def radio_map(self):
        """The Wi-Fi radio map's counts and the locator's parameters (``RadioMap``), or None when
        the bundle has none."""
        if not self.has("WIFI"):
            return None
        return self._radio_map_index().info

    def locate(self, scan):
        """Where the Wi-Fi ``scan`` places the device, by the exact steps of
        docs/bundle-format.md ("Locating a scan"), so that every reader gives the same ``Fix``
        to the bit; None when the scan hears no access point of the map above its weakest signal
        (there is nothing to compare, and no guess is made).

        ``scan`` is an iterable of ``(id, rssi)``: the id a BSSID in any common spelling (it is
        normalised) or a survey's label, text or bytes; the RSSI in dBm, an int or a float.
        Readings whose RSSI is not finite are left out; an access point listed twice keeps its
        stronger reading. A bundle without ``WIFI`` or with a damaged one gives a ``BundleError``."""
        return self._radio_map_index().locate(scan)

    # Conditions (docs/conditions.md)

    def apply_conditions(self, profile, conditions):
        """``profile``'s metric with ``conditions`` applied: a ``Metric`` to pass to ``route_on``,
        whose ``weights`` are the profile's ``PROF`` costs changed by the conditions.

        ``conditions`` is the JSON text of docs/conditions.md (``str`` or UTF-8 ``bytes``), the
        JSON value parsed from it, or what ``parse_conditions`` returned. Targets resolve to
        ``ARCS`` arcs as ``resolve_conditions`` says; a closed arc then costs ``INFINITE``, a
        slowed one its cost times the largest factor covering it, rounded half away from zero
        and at most ``INFINITE - 1`` (an impassable arc stays impassable). The profile's own
        metric is brought up to date arc by arc where few arcs change, and customised in full
        where more than one in ``INCREMENTAL_LIMIT`` of the arcs change; both give exactly the
        metric ``customise(profile, weights)`` gives. Every call starts from the profile's
        costs: conditions never add up across calls.

        Raises ``ConditionsError`` (``invalid``, ``ambiguous`` or ``unmatched``) when the
        conditions cannot be applied, and ``BundleError`` for an unknown profile or a bundle
        without a customisable hierarchy."""
        self.customise(profile)  # The profile and the hierarchy first: without them nothing applies.
        return self._metric_with(profile, self.resolve_conditions(conditions))

    def _metric_with(self, profile, resolved):
        """``apply_conditions`` once the targets are resolved: costs changed, metric updated."""
        base = self.customise(profile)
        weights, changed = _conditioned(base.weights, resolved)
        if not changed:
            return base
        topology = base._topology
        if len(changed) * INCREMENTAL_LIMIT > len(weights):
            return Metric(self, profile, topology, weights)
        return Metric(self, profile, topology, weights, topology.update(base, weights, changed))

    def exit_under_conditions(self, profile, node, conditions):
        """The way out from ``node`` for ``profile`` under ``conditions`` (as ``apply_conditions``
        takes them): ``(exit node, milliseconds, [node, ...])``, or None when no exit is open.

        The egress table knows nothing of conditions, so this searches again, as docs/conditions.md
        "The way out" says: Dijkstra from ``node`` over the profile's costs of leaving
        (``leaving_costs``) with the conditions applied as for routes, until the first exit (a
        node of kind entrance) is settled. Nodes settle in (distance, node) order, so the exit
        is the nearest and, of several as near, the lowest node (where every arc costs at least
        1 ms, as navforge writes them: over a free arc a lower exit as near may be found only
        after a higher one has settled); a node reached at the same distance along two ways
        keeps the way found first. With no conditions the exit is as near as the egress
        table's (``nearest_exit``).

        Raises ``BundleError`` for an unknown profile or node and for a bundle without ``EGRC``
        (one with no egress tables, or built before format 2.0), and ``ConditionsError`` as
        ``apply_conditions`` does. Needs no customisable hierarchy."""
        self._check_node(node)
        costs, _ = _conditioned(self._leaving(profile), self.resolve_conditions(conditions))
        return self._way_out(costs, node)

    def leaving_costs(self, profile):
        """``profile``'s costs of leaving, one u32 per ``ARCS`` arc: its ``PROF`` costs with the
        arcs ``EGRC`` lists at their cost when leaving (emergency-exit doors, which a profile may
        pass on its way out only). A new list on every call. ``BundleError`` without ``EGRC``."""
        return self._leaving(profile)[:]

    def _leaving(self, profile):
        """``leaving_costs``, made once per profile and kept: callers copy before changing."""
        index = self._profile_index(profile)
        key = ("leaving", index)
        if key not in self._cache:
            arcs, costs = self._leaving_exceptions()[index]
            leaving = self.costs(profile).tolist()
            for arc, cost in zip(arcs, costs):
                leaving[arc] = cost
            self._cache[key] = leaving
        return self._cache[key]

    def _leaving_exceptions(self):
        """``EGRC``, checked in full on first use: per profile in ``PROF`` order, (arcs, costs)
        of its entries. Its layout: ``profile count``, ``entry count``, ``first[profile count +
        1]``, padding to 8 bytes, then entries of (arc, cost)."""
        tag = "EGRC"
        if tag not in self._cache:
            if not self.has(tag):
                raise BundleError(f"{self.path}: no costs of leaving (section {tag}, written with CCHT when the "
                                  f"bundle has egress tables): the way out under conditions is not available",
                                  code="unavailable")
            view = self.section(tag)
            if len(view) < 8:
                raise self._error(tag, f"{len(view)} bytes is too short for its header")
            profiles, count = struct.unpack_from("<II", view, 0)
            if profiles != len(self.profiles):
                raise self._error(tag, f"{profiles} profiles, but PROF has {len(self.profiles)}")
            table = 8 + 4 * (profiles + 1)
            entries_at = (table + 7) // 8 * 8
            if entries_at + 8 * count != len(view):
                raise self._error(tag, f"{len(view)} bytes do not hold {profiles} profiles and {count} entries")
            first = _words(view[8:table], f"{self.path}: {tag}")
            if not _rises(first, count):
                raise self._error(tag, f"the profiles' first entries do not rise from 0 to {count}")
            words = _words(view[entries_at:], f"{self.path}: {tag}")
            arc_count = self._arcs()[1]
            exceptions = []
            for profile in range(profiles):
                arcs = words[2 * first[profile]:2 * first[profile + 1]:2].tolist()
                for before, arc in zip([-1] + arcs, arcs):
                    if not before < arc < arc_count:
                        raise self._error(tag, f"arc {arc} of profile {self.profiles[profile]!r} is not an arc of "
                                               f"ARCS above the one before it")
                exceptions.append((arcs, words[2 * first[profile] + 1:2 * first[profile + 1]:2].tolist()))
            self._cache[tag] = exceptions
        return self._cache[tag]

    def _way_out(self, costs, source):
        """Dijkstra from ``source`` over ``costs`` to the first exit settled, as
        ``exit_under_conditions`` says. The heap orders (distance, node) pairs, which is the
        settling order the way out is defined by; a node is pushed only when strictly nearer,
        so each pair is pushed once and an entry whose distance is no longer the node's is
        stale."""
        _, _, first, heads = self._arcs()
        exits = self._exits()
        distance, reached_by = {source: 0}, {}
        queue = [(0, source)]
        while queue:
            reached, node = heapq.heappop(queue)
            if reached != distance[node]:
                continue
            if node in exits:
                tails, path = self._arc_tails(), [node]
                while path[-1] != source:
                    path.append(tails[reached_by[path[-1]]])
                return node, reached, path[::-1]
            for arc in range(first[node], first[node + 1]):
                cost = costs[arc]
                if cost == INFINITE:
                    continue
                total, head = reached + cost, heads[arc]
                if total < distance.get(head, UNREACHED):
                    distance[head], reached_by[head] = total, arc
                    heapq.heappush(queue, (total, head))
        return None

    def _exits(self):
        """The exit nodes (kind entrance), as a set."""
        if "exits" not in self._cache:
            self._cache["exits"] = frozenset(node for node, kind in enumerate(self._nodes()[3])
                                             if kind == EXIT_NODE_KIND)
        return self._cache["exits"]

    def resolve_conditions(self, conditions):
        """The ``ARCS`` arcs ``conditions`` (as ``apply_conditions`` takes them) cover, by
        "Resolution, exactly" of docs/conditions.md: ``ArcConditions(closed, factors)``, the
        closed arcs ascending and each slowed arc's largest factor.

        Targets resolve in file order; the first that names several places and nothing else
        raises ``ConditionsError`` ``ambiguous``; then, when any covers no arc, ``unmatched``
        lists them all."""
        parsed = parse_conditions(conditions)
        closed, factors, unmatched = set(), {}, []
        for entry in parsed.entries:
            arcs = self._covered(entry)
            if not arcs:
                unmatched.append(entry)
            elif entry.factor is None:
                closed.update(arcs)
            else:
                for arc in arcs:
                    if factors.get(arc, 0.0) < entry.factor:
                        factors[arc] = entry.factor
        if unmatched:
            listed = ", ".join(f"{entry.position} {_describe(entry.target)}" for entry in unmatched)
            raise ConditionsError("unmatched", f"nothing in the bundle matches {listed}",
                                  [entry.position for entry in unmatched])
        return ArcConditions(sorted(closed), factors)

    def _covered(self, entry):
        """The set of arcs one entry's target covers."""
        target = entry.target
        if target.kind == "name":
            return self._arcs_named(entry)
        levels = frozenset(self._levels_named(target.text))
        if target.kind == "level":
            index = self._conditions_index()
            covered = set()
            for level in levels:
                covered.update(index.from_level[level])
                covered.update(index.to_level[level])
            return covered
        return self._arcs_within([target.polygon], levels)

    def _arcs_named(self, entry):
        """Rule 1: connectors and doors by folded label, and the place the text names."""
        index = self._conditions_index()
        text = entry.target.text.strip(ASCII_WHITESPACE)
        key = self.fold(text)
        covered = set(index.connectors.get(key, ()))
        for node in index.doors.get(key, ()):
            covered.update(self._arcs_touching(node))
        try:
            endpoint = self._resolve_endpoint(text, suggest=False)
        except EndpointError as error:
            # A name several places share is only an error when no connector or door has it.
            if error.code == "ambiguous" and not covered:
                raise ConditionsError("ambiguous", f"{entry.position} {_describe(entry.target)} names "
                                                   f"{len(error.candidates)} places",
                                      [entry.position], error.candidates) from None
            return covered
        if endpoint.kind == "place":
            place = self.place(endpoint.place)
            if place.node is not None:
                covered.update(self._arcs_touching(place.node))
            if place.level is not None and self.has("OUTL"):
                rings = index.place_rings(endpoint.place, place.level)
                if rings:
                    covered.update(self._arcs_within(rings, frozenset((place.level,))))
        return covered

    def _arcs_touching(self, node):
        """The arcs out of and into ``node``."""
        first = self._arcs()[2]
        return set(range(first[node], first[node + 1])).union(self._conditions_index().incoming[node])

    def _arcs_within(self, rings, levels):
        """Rule 3: the arcs whose tail and head lie on ``levels`` and whose tail, head or middle
        is inside ``rings`` (even-odd over all rings), positions in degrees."""
        index = self._conditions_index()
        tails, heads = index.tails, index.heads
        latitudes, longitudes, node_levels = index.latitudes, index.longitudes, index.levels
        box = _box(rings)
        inside = {}  # node -> whether it is inside, each node tested once
        covered = set()
        for level in levels:
            for arc in index.near(level, box):
                head = heads[arc]
                if node_levels[head] not in levels:
                    continue
                tail = tails[arc]
                for node in (tail, head):
                    if node not in inside:
                        inside[node] = _inside(latitudes[node], longitudes[node], rings, box)
                if inside[tail] or inside[head] or _inside((latitudes[tail] + latitudes[head]) / 2,
                                                           (longitudes[tail] + longitudes[head]) / 2, rings, box):
                    covered.add(arc)
        return covered

    def _conditions_index(self):
        """What resolving targets reads, made once per bundle so that applying conditions
        scans nothing: connector arcs and door nodes by folded label, the arcs into each node,
        the arcs from and to each level, node positions in degrees, and place outlines."""
        if "conditions" not in self._cache:
            self._cache["conditions"] = _ConditionsIndex(self)
        return self._cache["conditions"]


def _conditioned(costs, resolved):
    """A copy of ``costs`` (u32 per arc, a list or array) changed by resolved conditions as
    docs/conditions.md says, and the arcs whose cost changed, ascending: a closed arc costs
    ``INFINITE``, a slowed one ``slowed_cost`` with its largest factor, closing winning."""
    changed = costs[:]
    for arc, factor in resolved.factors.items():
        changed[arc] = slowed_cost(changed[arc], factor)
    for arc in resolved.closed:
        changed[arc] = INFINITE
    return changed, sorted(arc for arc in set(resolved.closed).union(resolved.factors) if changed[arc] != costs[arc])


def _describe(target):
    """A target as messages name it: ``"Aufzug2"``, ``level "1"``, ``polygon on level "0"``."""
    if target.kind == "name":
        return json.dumps(target.text, ensure_ascii=False)
    return ("level " if target.kind == "level" else "polygon on level ") + json.dumps(target.text, ensure_ascii=False)


# Longitudes the point test may place a ring's edge beyond its corners, and an arc's middle
# beyond its ends, through rounding are far below this (about 1e-13 degree): a point this far
# outside the corners' longitudes is outside without the test, and a middle lies within its
# ends' bounding box widened by it.
_BOX_MARGIN = 1e-9
# The side of the cells (in degrees of latitude and of longitude, about 10 m) that polygons
# find their arcs by, and the most cells an arc is listed in: a longer one is always a candidate.
_CELL = 0.0001
_MOST_CELLS = 16


def _box(rings):
    """(lowest latitude, highest latitude, west, east) of the corners, west and east widened
    by ``_BOX_MARGIN``: what ``_inside`` may decide without counting edges."""
    latitudes = [corner[0] for ring in rings for corner in ring]
    longitudes = [corner[1] for ring in rings for corner in ring]
    return min(latitudes), max(latitudes), min(longitudes) - _BOX_MARGIN, max(longitudes) + _BOX_MARGIN


def _inside(latitude, longitude, rings, box):
    """Whether the point is inside ``rings`` by the even-odd rule of docs/conditions.md: an edge
    from corner p to corner c counts when it crosses the point's latitude (``(yc > y) != (yp >
    y)``) east of it. A point at or above the highest corner or below the lowest crosses no
    edge, and one west of every corner crosses an even number in each closed ring, so the box
    decides those exactly."""
    low, high, west, east = box
    if not (low <= latitude < high and west < longitude < east):
        return False
    inside = False
    for ring in rings:
        yp, xp = ring[-1]
        for yc, xc in ring:
            if (yc > latitude) != (yp > latitude) and longitude < (xp - xc) * (latitude - yc) / (yp - yc) + xc:
                inside = not inside
            yp, xp = yc, xc
    return inside


class _RadioMapIndex:
    """A bundle's ``WIFI`` section, checked in full and read into lists once: every value a
    locate could use is checked as docs/bundle-format.md lists (the C and Swift readers check the
    same values as each locate reads them), and each reading's weights ``m_a`` under both
    exponents are computed ahead, with the same operations in the same order as step 1 says."""

    def __init__(self, bundle):
        tag = "WIFI"
        view = bundle.section(tag)

        def error(message):
            return bundle._error(tag, message)

        if len(view) < RADIO_MAP_HEADER.size:
            raise error(f"{len(view)} bytes is too short for its header")
        (access_points, buildings, floors, points, readings, postings, strings, text_length, floor_exponent,
         position_exponent, weakest, building_neighbours, floor_neighbours, neighbours,
         candidate_access_points) = RADIO_MAP_HEADER.unpack_from(view, 0)
        counts = (building_neighbours, floor_neighbours, neighbours, candidate_access_points)
        if not (all(1 <= count <= 1000 for count in counts)
                and all(math.isfinite(e) and 0 < e <= 16 for e in (floor_exponent, position_exponent))
                and math.isfinite(weakest) and -150 <= weakest < -1):
            raise error(f"the locator parameters are out of range (exponents {floor_exponent!r} and "
                        f"{position_exponent!r}, weakest RSSI {weakest!r} dBm, neighbours {building_neighbours}, "
                        f"{floor_neighbours} and {neighbours}, candidate access points {candidate_access_points}): "
                        f"counts lie in 1...1000, exponents in (0, 16], the weakest RSSI in [-150, -1)")
        if access_points > MAX_ACCESS_POINTS:
            raise error(f"{access_points} access points, more than a reading can name ({MAX_ACCESS_POINTS})")

        def aligned(offset):
            return (offset + 7) // 8 * 8

        first_at = aligned(RADIO_MAP_HEADER.size + 4 * access_points)
        buildings_at = aligned(first_at + 4 * (access_points + 1))
        floors_at = aligned(buildings_at + 4 * buildings)
        points_at = floors_at + RADIO_MAP_FLOOR.size * floors
        readings_at = points_at + RADIO_MAP_POINT.size * points
        postings_at = readings_at + RADIO_MAP_READING.size * readings
        offsets_at = aligned(postings_at + 4 * postings)
        text_at = offsets_at + 4 * (strings + 1)
        size = aligned(text_at + text_length)
        if size > len(view):
            raise error(f"its tables need {size} bytes, the section has {len(view)}")
        self.info = RadioMap(access_points, buildings, floors, points, readings, postings, floor_exponent,
                             position_exponent, weakest, building_neighbours, floor_neighbours, neighbours,
                             candidate_access_points)
        where = f"{bundle.path}: {tag}"
        offsets = _words(view[offsets_at:text_at], where)
        text = bytes(view[text_at:text_at + text_length])

        def string(index):
            if index >= strings:
                raise error(f"names string {index} of {strings}")
            start, end = offsets[index], offsets[index + 1]
            if start > end or end > text_length:
                raise error(f"string {index} lies at {start}..{end}, outside its {text_length} string bytes")
            return text[start:end]

        def name(index):
            try:
                return string(index).decode("utf-8")
            except UnicodeDecodeError:
                raise error(f"string {index} is not UTF-8") from None

        # Ids are only compared, byte for byte, by a binary search over them.
        self.ids = [string(index) for index in _words(view[RADIO_MAP_HEADER.size:RADIO_MAP_HEADER.size + 4 * access_points], where)]
        self.posting_first = list(_words(view[first_at:first_at + 4 * (access_points + 1)], where))
        for access_point in range(access_points):
            first, last = self.posting_first[access_point], self.posting_first[access_point + 1]
            if first > last or last > postings:
                raise error(f"access point {access_point} lists postings {first}..{last} of {postings}")
        self.postings = list(_words(view[postings_at:postings_at + 4 * postings], where))
        for posting, point in enumerate(self.postings):
            if point >= points:
                raise error(f"posting {posting} names reference point {point} of {points}")
        self.building_names = [name(index) for index in _words(view[buildings_at:buildings_at + 4 * buildings], where)]
        self.floors = []
        levels = bundle.level_count
        for floor, (label, building, level, ordinal, _) in enumerate(
                RADIO_MAP_FLOOR.iter_unpack(view[floors_at:points_at])):
            if building >= buildings:
                raise error(f"floor {floor} is in building {building} of {buildings}")
            if level != NO_LEVEL and level >= levels:
                raise error(f"floor {floor} joins level {level}, LEVL has {levels}")
            self.floors.append((building, name(label), ordinal / 1000, None if level == NO_LEVEL else level))
        # Per reference point: its readings' range, floor and position; per reading: its access
        # point and m_a = w(mean) * heard / scans under each exponent.
        self.points = []
        entries = list(RADIO_MAP_POINT.iter_unpack(view[points_at:readings_at]))
        records = list(RADIO_MAP_READING.iter_unpack(view[readings_at:postings_at]))
        floor_weights = [signal_weight(mean / 2 - 128, weakest, floor_exponent) for mean in range(256)]
        position_weights = [signal_weight(mean / 2 - 128, weakest, position_exponent) for mean in range(256)]
        self.access_point_of = [0] * readings
        self.floor_mass = [0.0] * readings
        self.position_mass = [0.0] * readings
        for point, (latitude, longitude, first, floor, scans) in enumerate(entries):
            end = entries[point + 1][2] if point + 1 < points else readings
            if first > end or end > readings:
                raise error(f"reference point {point} has readings {first}..{end} of {readings}")
            if floor >= floors:
                raise error(f"reference point {point} is on floor {floor} of {floors}")
            if scans == 0:
                raise error(f"reference point {point} has no scans")
            for reading in range(first, end):
                access_point, heard, mean, _ = records[reading]
                if access_point >= access_points:
                    raise error(f"reading {reading} of reference point {point} names access point "
                                f"{access_point} of {access_points}")
                if heard > scans:
                    raise error(f"reading {reading} of reference point {point} was heard in {heard} of its {scans} scans")
                share = heard / scans
                self.access_point_of[reading] = access_point
                self.floor_mass[reading] = floor_weights[mean] * share
                self.position_mass[reading] = position_weights[mean] * share
            self.points.append((first, end, floor, latitude, longitude))

    def access_point(self, key):
        """The index of the access point whose id is the bytes ``key``, or None: the binary
        search of the sorted ids that every reader makes."""
        low, high = 0, len(self.ids)
        while low < high:
            middle = (low + high) // 2
            found = self.ids[middle]
            if found == key:
                return middle
            if found < key:
                low = middle + 1
            else:
                high = middle
        return None

    def locate(self, scan):
        info = self.info
        weakest = info.weakest_rssi
        heard = {}
        for reading in scan:
            identifier, rssi = reading
            if not isinstance(identifier, (str, bytes, bytearray)):
                raise TypeError(f"an access point id must be text or bytes, not {type(identifier).__name__}")
            if isinstance(rssi, bool) or not isinstance(rssi, (int, float)):
                raise TypeError(f"an RSSI must be a number of dBm, not {type(rssi).__name__}")
            try:
                rssi = float(rssi)
            except OverflowError:
                continue  # An integer past the doubles: as infinite, not a reading.
            if not math.isfinite(rssi) or not rssi > weakest:
                continue
            access_point = self.access_point(normalised_id(identifier))
            if access_point is not None and (access_point not in heard or rssi > heard[access_point]):
                heard[access_point] = rssi
        if not heard:
            return None
        # Step 2: strongest first, ties to the lower access point; the sums in that order.
        strongest = sorted(heard, key=lambda access_point: (-heard[access_point], access_point))
        floor_query = [0.0] * info.access_points
        position_query = [0.0] * info.access_points
        floor_total = position_total = 0.0
        for access_point in strongest:
            floor_query[access_point] = signal_weight(heard[access_point], weakest, info.floor_exponent)
            position_query[access_point] = signal_weight(heard[access_point], weakest, info.position_exponent)
            floor_total += floor_query[access_point]
            position_total += position_query[access_point]
        # Step 3: the candidates, ascending.
        candidates = set()
        for access_point in strongest[:info.candidate_access_points]:
            candidates.update(self.postings[self.posting_first[access_point]:self.posting_first[access_point + 1]])
        if not candidates:
            return None
        # Step 4: both distances of every candidate, its readings in table order.
        scored = []
        access_point_of, floor_mass, position_mass = self.access_point_of, self.floor_mass, self.position_mass
        for point in sorted(candidates):
            first, end, floor, latitude, longitude = self.points[point]
            floor_difference = floor_sum = position_difference = position_sum = 0.0
            for access_point, floor_m, position_m in zip(access_point_of[first:end], floor_mass[first:end],
                                                          position_mass[first:end]):
                floor_q = floor_query[access_point]
                position_q = position_query[access_point]
                floor_difference += abs(floor_q - floor_m) - floor_q
                floor_sum += floor_m
                position_difference += abs(position_q - position_m) - position_q
                position_sum += position_m
            scored.append((_sorensen(floor_total + floor_difference, floor_total + floor_sum),
                           _sorensen(position_total + position_difference, position_total + position_sum),
                           point, floor, latitude, longitude))
        return self._decide(scored)

    def _decide(self, scored):
        """Steps 5 to 8 on the candidates' (floor distance, position distance, point, floor,
        latitude, longitude)."""
        info = self.info
        by_floor_distance = sorted(scored, key=lambda candidate: (candidate[0], candidate[2]))
        floors = self.floors
        voters = by_floor_distance[:info.building_neighbours]
        building_votes = {}
        for distance, _, _, floor, _, _ in voters:
            building = floors[floor][0]
            building_votes[building] = building_votes.get(building, 0.0) + 1 / (distance + VOTE_OFFSET)
        building = _winner(building_votes)
        in_building = [candidate for candidate in by_floor_distance if floors[candidate[3]][0] == building]
        floor_votes = {}
        for distance, _, _, floor, _, _ in in_building[:info.floor_neighbours]:
            floor_votes[floor] = floor_votes.get(floor, 0.0) + 1 / (distance + VOTE_OFFSET)
        chosen = _winner(floor_votes)
        on_floor = sorted((candidate for candidate in in_building if candidate[3] == chosen),
                          key=lambda candidate: (candidate[1], candidate[2]))[:info.neighbours]
        latitude_sum = longitude_sum = total = 0.0
        for _, distance, _, _, latitude, longitude in on_floor:
            vote = 1 / (distance + VOTE_OFFSET)
            latitude_sum += latitude * vote
            longitude_sum += longitude * vote
            total += vote
        agreeing = every = 0.0
        for distance, _, _, floor, _, _ in voters:
            vote = 1 / (distance + VOTE_OFFSET)
            every += vote
            if floor == chosen:
                agreeing += vote
        latitude_e7 = _round_half_away(latitude_sum / total)
        longitude_e7 = _round_half_away(longitude_sum / total)
        _, floor_name, ordinal, level = floors[chosen]
        return Fix(building, self.building_names[building], chosen, floor_name, ordinal, level, latitude_e7,
                   longitude_e7, latitude_e7 / 1e7, longitude_e7 / 1e7, agreeing / every if every > 0 else 0.0,
                   len(on_floor))


class _ConditionsIndex:
    """What resolving conditions reads from a bundle, gathered once (``Bundle._conditions_index``)."""

    def __init__(self, bundle):
        nodes, arcs, first, heads = bundle._arcs()
        latitudes, longitudes, node_levels, kinds, labels = bundle._nodes()
        view = bundle.section("ARCS")
        entries_at = (8 + 4 * (nodes + 1) + 7) // 8 * 8
        words = _words(view[entries_at:entries_at + 16 * arcs], f"{bundle.path}: ARCS")
        folded = {}

        def fold(string, referrer):
            if string not in folded:
                folded[string] = bundle.fold(bundle.string(string, referrer))
            return folded[string]

        self.connectors = {}
        for arc, (label, word) in enumerate(zip(words[2::4], words[3::4])):
            if word & 0xFF in CONNECTOR_ARC_KINDS and label != NONE:
                self.connectors.setdefault(fold(label, "ARCS"), []).append(arc)
        self.doors = {}
        for node, (kind, label) in enumerate(zip(kinds, labels)):
            if kind in DOOR_NODE_KINDS and label != NONE:
                self.doors.setdefault(fold(label, "NODE"), []).append(node)
        self.tails, self.heads = bundle._arc_tails(), heads
        self.levels = node_levels
        self.incoming = [[] for _ in range(nodes)]
        self.from_level = [[] for _ in range(bundle.level_count)]
        self.to_level = [[] for _ in range(bundle.level_count)]
        for arc, (tail, head) in enumerate(zip(self.tails, heads)):
            self.incoming[head].append(arc)
            self.from_level[node_levels[tail]].append(arc)
            self.to_level[node_levels[head]].append(arc)
        self.latitudes = [value / 1e7 for value in latitudes]
        self.longitudes = [value / 1e7 for value in longitudes]
        self._bundle = bundle
        self._rings = None
        self._grids = [None] * bundle.level_count

    def near(self, level, box):
        """The arcs from ``level`` that may have their tail, head or middle in ``box`` (as
        ``_box`` makes it): those whose ends' bounding box, widened by ``_BOX_MARGIN``, meets
        a cell the box meets, so that a polygon tests the arcs near it, not the whole level."""
        grid = self._grids[level]
        if grid is None:
            grid = self._grids[level] = self._grid(level)
        cells, long_arcs = grid
        low, high, west, east = box
        top, bottom = math.floor((low - _BOX_MARGIN) / _CELL), math.floor((high + _BOX_MARGIN) / _CELL)
        left, right = math.floor(west / _CELL), math.floor(east / _CELL)
        found = set(long_arcs)
        if (bottom - top + 1) * (right - left + 1) <= len(cells):
            for row in range(top, bottom + 1):
                for column in range(left, right + 1):
                    found.update(cells.get((row, column), ()))
        else:  # A box larger than the level: look at the cells the level has.
            for (row, column), arcs in cells.items():
                if top <= row <= bottom and left <= column <= right:
                    found.update(arcs)
        return found

    def _grid(self, level):
        """({(row, column): [arc, ...]}, [long arc, ...]) of the arcs from ``level``."""
        cells, long_arcs = {}, []
        latitudes, longitudes, floor = self.latitudes, self.longitudes, math.floor
        for arc in self.from_level[level]:
            tail, head = self.tails[arc], self.heads[arc]
            south, north = sorted((latitudes[tail], latitudes[head]))
            west, east = sorted((longitudes[tail], longitudes[head]))
            top, bottom = floor((south - _BOX_MARGIN) / _CELL), floor((north + _BOX_MARGIN) / _CELL)
            left, right = floor((west - _BOX_MARGIN) / _CELL), floor((east + _BOX_MARGIN) / _CELL)
            if (bottom - top + 1) * (right - left + 1) > _MOST_CELLS:
                long_arcs.append(arc)
                continue
            for row in range(top, bottom + 1):
                for column in range(left, right + 1):
                    cells.setdefault((row, column), []).append(arc)
        return cells, long_arcs

    def place_rings(self, place, level):
        """The rings of every outline of ``place`` on ``level``, together (read on first use)."""
        if self._rings is None:
            rings = {}
            for index in range(self._bundle.level_count):
                for outline in self._bundle.outlines(index):
                    if outline.place is not None:
                        rings.setdefault((outline.place, index), []).extend(outline.rings)
            self._rings = rings
        return self._rings.get((place, level), [])


class _Hierarchy:
    """One ``CHxx`` section, checked in full before any query, so that the query itself can
    follow every index without a check."""

    def __init__(self, view, input_nodes, input_arcs, where, tails=None, heads=None, costs=None):
        if len(view) < 16:
            raise BundleError(f"{where}: too short for a hierarchy")
        words = _words(view, where)
        magic, n, u, d = words[0], words[1], words[2], words[3]
        if magic != HIERARCHY_MAGIC:
            raise BundleError(f"{where}: not a CHv2 hierarchy")
        if len(words) != 4 + 4 * n + 2 + 5 * (u + d):
            raise BundleError(f"{where}: {len(words)} words do not hold {n} nodes and {u} + {d} arcs")
        if n != input_nodes:
            raise BundleError(f"{where}: {n} nodes, but ARCS has {input_nodes}")
        cursor = 4

        def take(count):
            nonlocal cursor
            part = words[cursor:cursor + count]
            cursor += count
            return part

        self.rank, self.node_at_rank = take(n), take(n)
        self.up_first, self.up_head, self.up_weight, self.up_via = take(n + 1), take(u), take(u), take(u)
        self.down_first, self.down_tail, self.down_weight, self.down_via = take(n + 1), take(d), take(d), take(d)
        self.halves = take(2 * (u + d))
        self.n = n
        self.where = where
        self._tails, self._heads, self._costs = tails, heads, costs
        self._check(input_arcs, where)

    def _slot_up(self, arc, node):
        return self.down_first[node + 1] + arc

    def _slot_down(self, arc, node):
        return self.up_first[node] + arc

    def _check(self, input_arcs, where):
        n = self.n
        if len(self.up_head) + len(self.down_tail) >= ORIGINAL_ARC:
            raise BundleError(f"{where}: more arcs than a hierarchy can index")
        seen = [False] * n
        for position in range(n):
            node = self.node_at_rank[position]
            if node >= n or self.rank[node] != position or seen[node]:
                raise BundleError(f"{where}: ranks are not a permutation at {position}")
            seen[node] = True
        for first, other, name in ((self.up_first, self.up_head, "upward"), (self.down_first, self.down_tail, "downward")):
            if not _rises(first, len(other)):
                raise BundleError(f"{where}: {name} offsets do not rise to {len(other)}")
            for r in range(n):
                previous = r
                for arc in range(first[r], first[r + 1]):
                    if not previous < other[arc] < n:
                        raise BundleError(f"{where}: {name} arc {arc} of node {r} does not climb in order")
                    previous = other[arc]
        limit = max(input_arcs, 1)
        up_size, down_size = [0] * len(self.up_head), [0] * len(self.down_tail)
        tails, heads, costs = self._tails, self._heads, self._costs

        def size(via, pair, weight, tail, head, owner):
            if via & ORIGINAL_ARC:
                if pair != (via, via):
                    raise BundleError(f"{where}: an input arc of node {owner} has halves")
                arc = via & ~ORIGINAL_ARC
                if arc >= input_arcs:
                    raise BundleError(f"{where}: an arc of node {owner} names input arc {arc} of {input_arcs}")
                # Beyond the format's list: an input arc must be the ARCS arc joining the same
                # nodes at the profile's cost, or a route could jump or misstate its ETA.
                if tails is not None and (tails[arc] != self.node_at_rank[tail] or heads[arc] != self.node_at_rank[head]
                                          or costs[arc] != weight):
                    raise BundleError(f"{where}: an arc of node {owner} names input arc {arc}, "
                                      f"which joins other nodes or costs otherwise")
                return 1
            middle = via
            if middle >= owner:
                raise BundleError(f"{where}: a shortcut of node {owner} passes node {middle}, not below it")
            down = pair[0] - self.up_first[middle]
            up = pair[1] - self.down_first[middle + 1]
            if not (self.down_first[middle] <= down < self.down_first[middle + 1] and self.down_tail[down] == tail
                    and self.up_first[middle] <= up < self.up_first[middle + 1] and self.up_head[up] == head
                    and self.down_weight[down] + self.up_weight[up] == weight):
                raise BundleError(f"{where}: a shortcut of node {owner} via {middle} does not match the arcs there")
            total = down_size[down] + up_size[up]
            if total > limit:
                raise BundleError(f"{where}: a shortcut of node {owner} unpacks to more than {limit} arcs")
            return total

        halves = self.halves
        for r in range(n):
            for arc in range(self.up_first[r], self.up_first[r + 1]):
                at = self._slot_up(arc, r)
                up_size[arc] = size(self.up_via[arc], (halves[2 * at], halves[2 * at + 1]), self.up_weight[arc],
                                    r, self.up_head[arc], r)
            for arc in range(self.down_first[r], self.down_first[r + 1]):
                at = self._slot_down(arc, r)
                down_size[arc] = size(self.down_via[arc], (halves[2 * at], halves[2 * at + 1]), self.down_weight[arc],
                                      self.down_tail[arc], r, r)

    def shortest(self, source, target):
        """(distance, input arcs) from input node ``source`` to ``target``, or None.

        This is the format's reference query, step by step: any correct search finds the same
        distance, but only this exact order of settling, meeting and stalling picks the same
        path as the other readers where several cost the same."""
        # Side 0 climbs upward arcs from the source; side 1 climbs downward arcs (from where they
        # are stored to their tail) from the target. Each stalls on the other side's arcs.
        climb = ((self.up_first, self.up_head, self.up_weight), (self.down_first, self.down_tail, self.down_weight))
        stall = (climb[1], climb[0])
        start = (self.rank[source], self.rank[target])
        distance = ({start[0]: 0}, {start[1]: 0})
        parent = ({}, {})
        queue = ([(0, start[0])], [(0, start[1])])
        best, meeting = None, None
        turn = 0
        while True:
            open_sides = []
            for side in (0, 1):
                heap, known = queue[side], distance[side]
                while heap and heap[0][0] != known[heap[0][1]]:
                    heapq.heappop(heap)  # Outdated: the rank was reached again at a shorter distance.
                open_sides.append(bool(heap) and (best is None or heap[0][0] < best))
            if not open_sides[0] and not open_sides[1]:
                break
            side = turn if open_sides[turn] else 1 - turn
            other = 1 - side
            turn = other
            k, v = heapq.heappop(queue[side])
            mine = distance[side]
            reached = distance[other].get(v)
            if reached is not None and (best is None or k + reached < best):
                best, meeting = k + reached, v
            first, ends, weights = stall[side]
            if any(ends[arc] in mine and mine[ends[arc]] + weights[arc] < k for arc in range(first[v], first[v + 1])):
                continue
            first, ends, weights = climb[side]
            for arc in range(first[v], first[v + 1]):
                w, total = ends[arc], k + weights[arc]
                if w not in mine or total < mine[w]:
                    mine[w] = total
                    parent[side][w] = (arc, v)
                    heapq.heappush(queue[side], (total, w))
        if best is None:
            return None
        slots = []
        node = meeting
        while node in parent[0]:
            arc, lower = parent[0][node]
            slots.append(self._slot_up(arc, lower))
            node = lower
        slots.reverse()
        node = meeting
        while node in parent[1]:
            arc, lower = parent[1][node]
            slots.append(self._slot_down(arc, lower))
            node = lower
        # Expand slots depth first, the next to expand on top: a shortcut's slot holds the slots
        # of its halves, an input arc's slot holds its ``via``.
        stack = slots[::-1]
        arcs = []
        while stack:
            slot = stack.pop()
            first_half = self.halves[2 * slot]
            if first_half & ORIGINAL_ARC:
                arcs.append(first_half & ~ORIGINAL_ARC)
            else:
                stack.append(self.halves[2 * slot + 1])
                stack.append(first_half)
        if self._tails is not None:
            self._confirm(source, target, best, arcs)
        return best, arcs

    def _confirm(self, source, target, best, arcs):
        """The unpacked path must chain from source to target and cost what the search found;
        the full check makes this certain, so failing here means this reader is wrong."""
        node, total = source, 0
        for arc in arcs:
            if self._tails[arc] != node:
                raise BundleError(f"{self.where}: the route from {source} to {target} does not chain at arc {arc}")
            node, total = self._heads[arc], total + self._costs[arc]
        if node != target or total != best:
            raise BundleError(f"{self.where}: the route from {source} to {target} ends at {node} "
                              f"or costs {total}, not {best}")


# The array type code of u32 values (4 bytes wherever Python runs, checked rather than assumed).
_U32 = "I" if array.array("I").itemsize >= 4 else "L"


class Metric:
    """Input weights customised on a bundle's customisable hierarchy (``CCHT``): what
    ``Bundle.route_on`` routes on. ``Bundle.customise`` makes them; they are not made by hand.

    ``profile`` is the profile the metric was made for and ``weights`` its input weights (one per
    ``ARCS`` arc, ``INFINITE`` where the arc is closed). ``up``, ``down``, ``up_via`` and
    ``down_via`` are the format's customised arrays, one entry per ``CCHT`` arc: the lightest
    weight between the arc's ends through lower ranks, from its lower end up and from its higher
    end down (``INFINITE`` when there is no such way), and what it comes from (``ORIGINAL_ARC``
    plus an ``ARCS`` arc, or the middle rank of a triangle; ``INFINITE`` for an infinite weight).
    The arrays are the reader's own memory, made from a checked topology, so queries trust them:
    do not change them."""

    __slots__ = ("profile", "weights", "up", "down", "up_via", "down_via", "_bundle", "_topology")

    def __init__(self, bundle, profile, topology, weights, customised=None):
        """``customised``: the four arrays for ``weights`` when they are known already (an
        update of another metric), else they are customised here in full."""
        self.profile = profile
        self._bundle = bundle
        self._topology = topology
        self.weights = array.array(_U32, weights)
        self.up, self.down, self.up_via, self.down_via = (
            customised if customised is not None
            else (array.array(_U32, values) for values in topology.customise(weights)))

    def __repr__(self):
        return f"Metric({self.profile!r}, {len(self.up)} arcs)"


class _Topology:
    """The ``CCHT`` section, checked in full once as the format's "Trust" paragraph asks, with the
    slots of the ``ARCS`` arcs and, for every lower triangle, the arc that closes it: customising
    and querying then follow every index without a check.

    ``tails`` and ``heads`` are the ``ARCS`` arcs' ends, ``usable[i]`` whether some profile may
    use arc ``i``; ``where`` starts every error message."""

    def __init__(self, view, input_nodes, tails, heads, usable, where):
        if len(view) < 16:
            raise BundleError(f"{where}: {len(view)} bytes is too short for a customisable hierarchy")
        words = _words(view[:len(view) // 4 * 4], where)
        magic, n, m, inputs = words[0], words[1], words[2], words[3]
        if magic != CUSTOMISABLE_MAGIC:
            raise BundleError(f"{where}: not a CCT1 customisable hierarchy (magic 0x{magic:08X})")
        if n != input_nodes:
            raise BundleError(f"{where}: {n} ranks, but NODE has {input_nodes} nodes")
        if inputs != len(tails):
            raise BundleError(f"{where}: made for {inputs} input arcs, but ARCS has {len(tails)}")
        if 5 + 2 * n + m > len(words):
            raise BundleError(f"{where}: {n} ranks and {m} arcs do not fit its {len(view)} bytes")
        if n >= ORIGINAL_ARC or inputs >= ORIGINAL_ARC:
            raise BundleError(f"{where}: {n} ranks or {inputs} input arcs are too many to tell apart in a via")
        rank = words[4:4 + n].tolist()
        first = words[4 + n:5 + 2 * n].tolist()
        head = words[5 + 2 * n:5 + 2 * n + m].tolist()
        if n and (max(rank) >= n or len(set(rank)) != n):
            seen = bytearray(n)
            for node, r in enumerate(rank):
                if r >= n or seen[r]:
                    raise BundleError(f"{where}: the ranks are not a permutation (node {node} has rank {r})")
                seen[r] = 1
        if not _rises(first, m):
            raise BundleError(f"{where}: the arc offsets do not rise from 0 to its {m} arcs")
        # Heads rise strictly within each rank and lie above it: a rank's first arc leads to its
        # parent in the elimination tree, and the chains a query walks climb to a root.
        tail = [0] * m
        parent = [-1] * n
        less = int.__lt__
        for r in range(n):
            a, b = first[r], first[r + 1]
            if a == b:
                continue
            heads_of_r = head[a:b]
            if not (r < heads_of_r[0] and heads_of_r[-1] < n and all(map(less, heads_of_r, heads_of_r[1:]))):
                previous = r
                for arc in range(a, b):
                    if not previous < head[arc] < n:
                        raise BundleError(f"{where}: arc {arc} of rank {r} leads to rank {head[arc]}, "
                                          f"not above rank {previous} and below {n}")
                    previous = head[arc]
            parent[r] = heads_of_r[0]
            tail[a:b] = [r] * (b - a)
        # Slots: each usable ARCS arc that is no loop gives the weight of the arc joining its
        # ends' ranks in its direction, and that arc must exist.
        up_inputs, up_arcs, down_inputs, down_arcs = [], [], [], []
        find = bisect.bisect_left
        for arc in itertools.compress(range(inputs), usable):
            low, high = rank[tails[arc]], rank[heads[arc]]
            if low == high:
                continue  # A loop: no route takes it.
            inputs_list, arcs_list = up_inputs, up_arcs
            if low > high:
                low, high = high, low
                inputs_list, arcs_list = down_inputs, down_arcs
            end = first[low + 1]
            at = find(head, high, first[low], end)
            if at == end or head[at] != high:
                raise BundleError(f"{where}: ARCS arc {arc} joins ranks {low} and {high}, which no arc joins")
            inputs_list.append(arc)
            arcs_list.append(at)
        # Triangles: for each rank v and each pair of its arcs j < k (to x < y), the arc from x
        # to y, in the order customisation offers them. A missing one means the graph is not
        # chordal, which only damage causes.
        triangles = array.array(_U32)
        positions = {}
        for v in range(n):
            a, b = first[v], first[v + 1]
            for i in range(a, b - 1):
                x = head[i]
                position = positions.get(x)
                if position is None:
                    position = positions[x] = dict(zip(head[first[x]:first[x + 1]], range(first[x], first[x + 1])))
                try:
                    triangles.extend(map(position.__getitem__, head[i + 1:b]))
                except KeyError as missing:
                    raise BundleError(f"{where}: ranks {x} and {missing.args[0]} are joined to rank {v} but not "
                                      f"to each other: a triangle's arc is missing") from None
        self.n, self.m = n, m
        self.rank, self.first, self.head, self.tail, self.parent = rank, first, head, tail, parent
        self.up_inputs, self.up_arcs, self.down_inputs, self.down_arcs = up_inputs, up_arcs, down_inputs, down_arcs
        self.triangles = triangles
        self.where = where
        self._tails, self._heads = tails, heads
        self._update = None

    def customise(self, weights):
        """(up, down, up_via, down_via) lists for ``weights`` (one int per input arc), by the
        format's two steps: input arcs in index order, then every lower triangle, ranks
        ascending. Only a strictly lighter way replaces a weight, which makes every via the
        canonical one."""
        m = self.m
        up, down = [INFINITE] * m, [INFINITE] * m
        up_via, down_via = [INFINITE] * m, [INFINITE] * m
        for side, side_via, inputs, arcs in ((up, up_via, self.up_inputs, self.up_arcs),
                                             (down, down_via, self.down_inputs, self.down_arcs)):
            for index, arc in zip(inputs, arcs):
                weight = weights[index]
                if weight < side[arc]:
                    side[arc] = weight
                    side_via[arc] = ORIGINAL_ARC + index
        _customise_triangles(self.n, self.first, self.triangles, up, down, up_via, down_via)
        return up, down, up_via, down_via

    def update(self, metric, weights, changed):
        """(up, down, up_via, down_via) arrays for ``weights``, made from ``metric`` (a metric of
        this topology whose weights differ from ``weights`` at most at the input arcs ``changed``)
        by recomputing only what the change reaches: exactly what ``customise(weights)`` gives.

        The arcs standing for a changed input arc are recomputed, lowest first, each from
        scratch by the rule of a full customisation (its lightest input arc of lowest index in
        each direction, then its lower triangles by ascending middle rank, taken only when
        strictly lighter). When an arc's weight changes, so may the arcs it is a lower side
        of, which are queued in turn. Arcs are numbered by their lower rank, and every arc an
        arc is a lower side of has a higher lower rank, so taking queued arcs in ascending order
        finishes both sides of a triangle before the arc it closes."""
        first, tail, triangles = self.first, self.tail, self.triangles
        slot_of, input_first, inputs, upward, lower_first, lower_sides, higher_sides, pair_first = self._update_index()
        up, down, up_via, down_via = metric.up[:], metric.down[:], metric.up_via[:], metric.down_via[:]
        queued = {slot_of[arc] for arc in changed if slot_of[arc] != NONE}
        pending = sorted(queued)
        push, pop = heapq.heappush, heapq.heappop
        infinite = INFINITE
        while pending:
            arc = pop(pending)
            up_weight = down_weight = up_origin = down_origin = infinite
            for position in range(input_first[arc], input_first[arc + 1]):
                index = inputs[position]
                weight = weights[index]
                if upward[position]:
                    if weight < up_weight:
                        up_weight, up_origin = weight, ORIGINAL_ARC + index
                elif weight < down_weight:
                    down_weight, down_origin = weight, ORIGINAL_ARC + index
            # The lower triangles (v, x, y) by ascending v: arcs (v, x) and (v, y).
            start, end = lower_first[arc], lower_first[arc + 1]
            for to_x, to_y in zip(lower_sides[start:end], higher_sides[start:end]):
                v = tail[to_x]
                way = down[to_x] + up[to_y]  # x -> v -> y
                if way < up_weight:
                    up_weight, up_origin = way, v
                way = down[to_y] + up[to_x]  # y -> v -> x
                if way < down_weight:
                    down_weight, down_origin = way, v
            up_via[arc], down_via[arc] = up_origin, down_origin
            if up_weight == up[arc] and down_weight == down[arc]:
                continue
            up[arc], down[arc] = up_weight, down_weight
            # The arc (x, y) is a lower side of the triangle x, y, z for every other upward
            # neighbour z of x: its change reaches the arc joining y and z. Triangles lists
            # those arcs per pair of x's arcs (j < k), pairs in order.
            x = tail[arc]
            a = first[x]
            count = first[x + 1] - a
            p = arc - a
            base = pair_first[x]
            reached = [triangles[base + q * (count - 1) - q * (q - 1) // 2 + p - q - 1] for q in range(p)]
            start = base + p * (count - 1) - p * (p - 1) // 2
            reached.extend(triangles[start:start + count - 1 - p])
            for top in reached:
                if top not in queued:
                    queued.add(top)
                    push(pending, top)
        return up, down, up_via, down_via

    def _update_index(self):
        """What ``update`` reads besides the topology, made on its first use: the arc of each
        input arc (``NONE`` without a slot); each arc's input arcs, ascending, and whether each
        gives its upward weight; each arc's lower triangles by ascending middle rank, as their
        two sides (the reverse of ``triangles``); and where each rank's pairs start in
        ``triangles``."""
        if self._update is None:
            n, m = self.n, self.m
            slot_of = array.array(_U32, [NONE]) * len(self._tails)
            placed = sorted(itertools.chain(zip(self.up_arcs, self.up_inputs, itertools.repeat(True)),
                                            zip(self.down_arcs, self.down_inputs, itertools.repeat(False))))
            input_first = [0] * (m + 1)
            for arc, index, _ in placed:
                slot_of[index] = arc
                input_first[arc + 1] += 1
            input_first = list(itertools.accumulate(input_first))
            inputs = [index for _, index, _ in placed]
            upward = [direction for _, _, direction in placed]
            lower_first = [0] * (m + 1)
            for top in self.triangles:
                lower_first[top + 1] += 1
            lower_first = list(itertools.accumulate(lower_first))
            fill = lower_first[:]
            lower_sides, higher_sides = [0] * len(self.triangles), [0] * len(self.triangles)
            pair_first = [0] * (n + 1)
            first, triangles = self.first, self.triangles
            p = 0
            for v in range(n):
                a, b = first[v], first[v + 1]
                pair_first[v + 1] = pair_first[v] + (b - a) * (b - a - 1) // 2
                for j in range(a, b - 1):
                    for k in range(j + 1, b):
                        top = triangles[p]
                        p += 1
                        at = fill[top]
                        fill[top] = at + 1
                        lower_sides[at], higher_sides[at] = j, k
            self._update = (slot_of, input_first, inputs, upward, lower_first, lower_sides, higher_sides, pair_first)
        return self._update

    def _arc(self, lower, higher):
        """The arc from rank ``lower`` to the higher rank ``higher``; it exists wherever a via
        names ``lower`` as a middle (customisation found it)."""
        return bisect.bisect_left(self.head, higher, self.first[lower], self.first[lower + 1])

    def shortest(self, metric, source, target):
        """(weight, input arcs) from input node ``source`` to ``target`` under ``metric``, or None.

        The format's reference query: both chains of the elimination tree walked together in
        ascending rank, meeting first, then each side relaxing while below the best meeting;
        ties keep what came first, so every reader finds the same path."""
        first, head, parent = self.first, self.head, self.parent
        up, down = metric.up, metric.down
        n = self.n
        start, goal = self.rank[source], self.rank[target]
        chains = []
        for r in (start, goal):
            chain = []
            while r >= 0:
                chain.append(r)
                r = parent[r]
            chain.append(n)  # Past every rank: the end of the walk.
            chains.append(chain)
        forward_chain, backward_chain = chains
        forward, backward = {start: 0}, {goal: 0}
        forward_parent, backward_parent = {}, {}
        best, meeting = UNREACHED, -1
        i = j = 0
        while True:
            f, b = forward_chain[i], backward_chain[j]
            v = f if f < b else b
            if v == n:
                break
            if f == b:
                there, back = forward.get(v), backward.get(v)
                if there is not None and back is not None and there + back < best:
                    best, meeting = there + back, v
            if f == v:
                distance = forward.get(v, UNREACHED)
                if distance < best:
                    for arc in range(first[v], first[v + 1]):
                        weight = up[arc]
                        if weight != INFINITE:
                            y, candidate = head[arc], distance + weight
                            if candidate < forward.get(y, UNREACHED):
                                forward[y] = candidate
                                forward_parent[y] = arc
                i += 1
            if b == v:
                distance = backward.get(v, UNREACHED)
                if distance < best:
                    for arc in range(first[v], first[v + 1]):
                        weight = down[arc]
                        if weight != INFINITE:
                            y, candidate = head[arc], distance + weight
                            if candidate < backward.get(y, UNREACHED):
                                backward[y] = candidate
                                backward_parent[y] = arc
                j += 1
        if meeting < 0:
            return None
        tail = self.tail
        steps = []
        r = meeting
        while r != start:
            arc = forward_parent[r]
            steps.append((arc, False))
            r = tail[arc]
        steps.reverse()
        r = meeting
        while r != goal:
            arc = backward_parent[r]
            steps.append((arc, True))
            r = tail[arc]
        # Unpack depth first, the next step on top: a via below ORIGINAL_ARC is the middle rank of
        # a triangle, whose two sides replace the arc, each in its own direction.
        up_via, down_via = metric.up_via, metric.down_via
        stack = steps[::-1]
        arcs = []
        while stack:
            arc, downward = stack.pop()
            via = down_via[arc] if downward else up_via[arc]
            if via >= ORIGINAL_ARC:
                arcs.append(via - ORIGINAL_ARC)
                continue
            low_side, high_side = self._arc(via, tail[arc]), self._arc(via, head[arc])
            if downward:  # high -> middle -> low
                stack.append((low_side, False))
                stack.append((high_side, True))
            else:  # low -> middle -> high
                stack.append((high_side, False))
                stack.append((low_side, True))
        self._confirm(metric, source, target, best, arcs)
        return best, arcs

    def _confirm(self, metric, source, target, best, arcs):
        """The unpacked path must chain from source to target and weigh what the search found;
        the checked topology makes this certain, so failing here means this reader is wrong."""
        tails, heads, weights = self._tails, self._heads, metric.weights
        node, total = source, 0
        for arc in arcs:
            if tails[arc] != node:
                raise BundleError(f"{self.where}: the route from {source} to {target} does not chain at arc {arc}")
            node, total = heads[arc], total + weights[arc]
        if node != target or total != best:
            raise BundleError(f"{self.where}: the route from {source} to {target} ends at {node} "
                              f"or weighs {total}, not {best}")


def _customise_triangles(n, first, triangles, up, down, up_via, down_via):
    """Step 2 of customisation, in place: for each rank ``v`` upward and each pair of its arcs
    ``j < k`` (to ``x < y``), the way ``x -> v -> y`` offered to the upward weight of the arc
    from ``x`` to ``y`` and ``y -> v -> x`` to its downward weight, kept only when strictly
    lighter. ``triangles`` holds that arc for every pair, in this order.

    This is the hot loop of customisation, so it is written for CPython: one function, locals
    only, list indexing, the rank's weights sliced once (they are final: only lower ranks write
    them), a loop per direction where the other direction's lower side is infinite, and each
    rank's last pair (the only one of most ranks) without a loop. A sum with an infinite
    (0xFFFFFFFF) part is at least 0xFFFFFFFF, so it is never below a weight and needs no test of
    its own; nor does a finite sum that large, which a u32 weight could not hold."""
    infinite = INFINITE
    p = 0
    for v in range(n):
        a = first[v]
        count = first[v + 1] - a
        if count < 2:
            continue
        b = a + count
        ups, downs = up[a:b], down[a:b]
        for index in range(count - 2):
            q = p + count - 1 - index
            into, out = downs[index], ups[index]
            if into != infinite:
                if out != infinite:
                    for up_j, down_j, k in zip(ups[index + 1:], downs[index + 1:], triangles[p:q]):
                        way = into + up_j
                        if way < up[k]:
                            up[k] = way
                            up_via[k] = v
                        way = down_j + out
                        if way < down[k]:
                            down[k] = way
                            down_via[k] = v
                else:
                    for up_j, k in zip(ups[index + 1:], triangles[p:q]):
                        way = into + up_j
                        if way < up[k]:
                            up[k] = way
                            up_via[k] = v
            elif out != infinite:
                for down_j, k in zip(downs[index + 1:], triangles[p:q]):
                    way = down_j + out
                    if way < down[k]:
                        down[k] = way
                        down_via[k] = v
            p = q
        # The rank's last pair: its two highest arcs.
        k = triangles[p]
        p += 1
        way = downs[-2] + ups[-1]
        if way < up[k]:
            up[k] = way
            up_via[k] = v
        way = downs[-1] + ups[-2]
        if way < down[k]:
            down[k] = way
            down_via[k] = v
