"""Read navforge bundles (formats 1.x and 2.x) from Python, over the C reader.

Every query runs in ``readers/c/navbundle.c``, built by ``setup.py`` into a shared library that
this module opens with ``ctypes`` (``pip install ./readers/python``, or ``python3 setup.py
build_ext --inplace`` beside this file): Python checks its arguments, converts them and makes
the answers Python values, and the C reader checks the file and answers. So every reader but the
Swift one shares one runtime, and this module gives the C reader's answers to the bit.

One ``Bundle`` may be used from several threads at once. The C reader keeps per-bundle state
(its scratch memory, what it has checked, its last error), so every call that needs it holds
the bundle's lock; ``ctypes`` releases the GIL during the C call, so other bundles (and other
Python work) run meanwhile. Calls that return texts decode them under the lock too, since they lie
in the mapping that ``close`` releases.
"""

import array
import collections
import collections.abc
import ctypes
import glob
import importlib.machinery
import itertools
import json
import math
import mmap
import os
import re
import struct
import threading

MAGIC = b"NAVFBNDL"
HEADER = struct.Struct("<8sHHIIIQ32s")
ENTRY = struct.Struct("<4sHHQQQ")
NONE = 0xFFFFFFFF
ORIGINAL_ARC = 0x80000000
CUSTOMISABLE_MAGIC = 0x31544343  # "CCT1"
INFINITE = 0xFFFFFFFF
LISTED_CANDIDATES = 5  # Candidates an answer line lists (answer.py), as every reader's.
INCREMENTAL_LIMIT = 16  # More changed arcs than 1 in 16 customise in full, fewer update (same metric).
MAX_JSON_DEPTH = 64  # Arrays and objects conditions may nest; every reader refuses deeper text.

Level = collections.namedtuple("Level", "id name building_id building ordinal")
Node = collections.namedtuple("Node", "latitude longitude level kind label")
Place = collections.namedtuple(
    "Place", "kind ref name category description building opening_hours phone email website "
             "level node capacity latitude longitude geofence_radius")
Outline = collections.namedtuple("Outline", "kind label place rings")
# A place a position is in (``inside``) or near (``geofences``), with the metres from its position
# (None without one); a place entered or left at a position of a track (``geofence_events``).
GeofenceHit = collections.namedtuple("GeofenceHit", "place inside metres")
GeofenceEvent = collections.namedtuple("GeofenceEvent", "position kind place")
# A tour (docs/tours.md): its arcs in walking order, start and end nodes, length in centimetres
# and, per profile name, the milliseconds to follow it whole (None when the profile may not).
Tour = collections.namedtuple("Tour", "name source kind start end length arcs durations")
# The crowd in one walkable area (docs/crowds.md): its OUTL outline and level, the access point
# that serves it, the people it counts, people per square metre, and the time factor in
# thousandths (None where walkers stand still).
CrowdArea = collections.namedtuple("CrowdArea", "outline level access_point people density factor")
# A place ``nearest`` found: its ``PLAC`` index, the node the route ends at, milliseconds and
# centimetres along ``nodes``, the route ``route`` (or ``route_on``) gives to it from the start.
Nearby = collections.namedtuple("Nearby", "place node milliseconds centimetres nodes")
# One step of a route (``route_steps``): ``action`` one of ``STEP_ACTIONS``, ``label`` None when unnamed,
# levels as ``LEVL`` indexes, metres, seconds, ``steps`` None when the data does not say, ``start``
# and ``end`` positions in the route's nodes, and the words to tell a person.
Step = collections.namedtuple("Step", "action label from_level to_level length duration steps rise along_path "
                                      "start end instruction")
STEP_ACTIONS = ("walk", "walkOutside", "enterBuilding", "leaveBuilding", "stairs", "elevator", "escalator", "ramp",
                "steps")
# One decision along a route (``route_maneuvers``, docs/guidance.md): ``kind`` one of ``MANEUVER_KINDS``,
# ``modifier`` one of ``MODIFIERS`` (None for none), ``corner`` the SHAP corner or None, the position in
# 1e-7 degree, centimetres and milliseconds, bearings in 1/256 of a turn or None, ``way`` None when
# unnamed, ``level_change`` a ``LevelChange`` (``steps`` None when uncounted) or None, ``landmark`` a
# ``ManeuverLandmark`` (at arrive the destination; placement and side None for none) or None.
# With a language, ``instruction`` holds its words and ``spoken_distance`` the distance to the next said
# aloud; both are None without one.
Maneuver = collections.namedtuple("Maneuver", "kind modifier route_index corner latitude_e7 longitude_e7 level along "
                                              "distance duration bearing_before bearing_after way level_change "
                                              "landmark instruction spoken_distance", defaults=(None, None))
ManeuverLandmark = collections.namedtuple("ManeuverLandmark", "index placement side name")
PLACEMENTS, SIDES = (None, "before", "at", "after", "beside"), (None, "left", "right", "ahead")
LevelChange = collections.namedtuple("LevelChange", "from_level to_level direction steps rise")
MANEUVER_KINDS = ("depart", "turn", "continue", "fork", "door", "enter", "exit", "stairs", "escalator", "elevator",
                  "ramp", "platform", "arrive")
MODIFIERS = (None, "uturn", "sharp right", "right", "slight right", "straight", "slight left", "left", "sharp left")
Alias = collections.namedtuple("Alias", "text language kind")
# The radio map's counts and the locator's parameters, which every ``locate`` uses.
# Counts: access points, buildings, floors, spots (the survey's positions), scans, and the spot and
# scan postings; the exponents of the floor scores and of the position, the weakest RSSI in dBm, the
# floors' score ratio at which the confidence is 0.9, the nearest scans and spots a floor's score
# averages, the neighbours averaged into the position, where they come from (1 scans, 2 spots, 3
# either) and whether they are weighted by inverse distance (1) or equally (0).
RadioMap = collections.namedtuple(
    "RadioMap", "access_points buildings floors spots scans spot_postings scan_postings floor_exponent "
                "position_exponent weakest_rssi certain_ratio floor_scans floor_spots neighbours "
                "position_source inverse_distance")
# Where a scan places the device (``Bundle.locate``): building and floor as indexes into the radio
# map and by name, the floor's ordinal and venue level (index into ``levels``, None when the
# survey joined none), the position in 1e-7 degree and in degrees, the confidence in [0, 1] (how
# far the chosen floor leads the next: 0.9 at the map's certain ratio) and how many scans or spots
# the position averages.
Fix = collections.namedtuple(
    "Fix", "building building_name floor floor_name ordinal venue_level latitude_e7 longitude_e7 latitude "
           "longitude confidence neighbours")
# A resolved endpoint: ("place", place index) or ("position", latitude, longitude, levels).
Endpoint = collections.namedtuple("Endpoint", "kind place latitude longitude levels")


class BundleError(Exception):
    """A file this reader cannot use, or a query naming what the bundle lacks; the message
    names the file and section. ``code``: ``io``, ``format``, ``checksum``, ``argument`` or
    ``unavailable``, as the C reader's statuses."""

    def __init__(self, message, code="format"):
        super().__init__(message)
        self.code = code


class EndpointError(Exception):
    """An endpoint text naming no single place or position: ``code`` and
    ``candidates`` as docs/endpoints.md."""

    def __init__(self, code, text, candidates=()):
        self.code, self.text, self.candidates = code, text, list(candidates)
        super().__init__(f"{code}: {text!r}" + (f" ({len(self.candidates)} places)" if self.candidates else ""))


class ConditionsError(Exception):
    """Conditions that cannot be applied: ``code`` ``invalid``, ``ambiguous`` or
    ``unmatched``; ``entries`` (``closed[0]``, ...) and ``candidates`` say which."""

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


# ---- The C reader's types and functions, declared from its header (readers/c/navbundle.h) ----

U32, U64, SIZE, DOUBLE = ctypes.c_uint32, ctypes.c_uint64, ctypes.c_size_t, ctypes.c_double
# The header's scalar types; each of its enums is an int.
_SCALARS = {"uint8_t": ctypes.c_uint8, "uint16_t": ctypes.c_uint16, "uint32_t": U32, "uint64_t": U64, "size_t": SIZE,
            "int": ctypes.c_int, "int32_t": ctypes.c_int32, "int64_t": ctypes.c_int64, "double": DOUBLE,
            "char": ctypes.c_char}


def _declare(core, header):
    """Declares every function of ``header`` (navbundle.h's text) on ``core``, and returns its structs as
    ctypes types by name (``nb_path``): the header is the one statement of the core's API, so no copy of
    it here can drift from the library. Arguments that are pointers take any address (a ``byref``, an
    array, bytes), text arguments bytes; texts in results are addresses, since the core's carry their
    lengths."""
    text = re.sub(r"/\*.*?\*/|^#.*?$", " ", header, flags=re.S | re.M)
    types = dict(_SCALARS, **dict.fromkeys(re.findall(r"typedef\s+enum\s*{[^}]*}\s*(\w+);", text), ctypes.c_int))

    def ctype(base, stars, pointee=True):
        if not stars:
            return types.get(base)
        return ctypes.POINTER(types[base]) if pointee and base in types and base != "char" else ctypes.c_void_p

    for body, name in re.findall(r"typedef\s+struct\s*{([^}]*)}\s*(\w+);", text):
        fields = []
        for base, declarators in re.findall(r"(?:const\s+)?(\w+)\s+([^;]+);", body):
            for stars, field, size in re.findall(r"(\**)\s*(\w+)\s*(?:\[(\d+)\])?", declarators):
                fields.append((field, ctype(base, stars) * int(size) if size else ctype(base, stars)))
        types[name] = type(name, (ctypes.Structure,), {"_fields_": fields})
    for result, stars, name, parameters in re.findall(r"(\w+)\s*(\**)\s*(nb_\w+)\(((?:[^()]|\([^()]*\))*)\);", text):
        function = getattr(core, name)
        function.restype = ctype(result, stars, pointee=False)
        arguments = [(re.findall(r"\w+", parameter)[-2], "*" * (parameter.count("*") + parameter.count("[")))
                     for parameter in parameters.split(",") if parameter.strip() != "void"]
        function.argtypes = [ctypes.c_char_p if base == "char" and stars == "*" else ctype(base, stars, False)
                             for base, stars in arguments]
    return types


def _load_core():
    """The C reader built beside this module (``setup.py``), or the one NAVBUNDLE_LIBRARY names, with
    its functions declared and its structs by name from navbundle.h: beside the library (``setup.py``
    puts it there), or in the checkout."""
    here = os.path.dirname(os.path.abspath(__file__))
    path = os.environ.get("NAVBUNDLE_LIBRARY")
    if not path:
        found = [match for suffix in importlib.machinery.EXTENSION_SUFFIXES
                 for match in glob.glob(os.path.join(here, "_navbundle_core" + suffix))]
        if not found:
            raise ImportError("navbundle: the C reader is not built; run `pip install ./readers/python` or "
                              "`python3 setup.py build_ext --inplace` in readers/python")
        path = found[0]
    core = ctypes.CDLL(path)
    headers = [os.path.join(folder, "navbundle.h") for folder in (os.path.dirname(path), os.path.join(here, "core"),
                                                                  os.path.join(here, "..", "c"))]
    header = next((candidate for candidate in headers if os.path.isfile(candidate)), None)
    if header is None:
        raise ImportError(f"navbundle: navbundle.h, which declares the C reader, is not beside {path}")
    with open(header, encoding="utf-8") as declarations:
        types = _declare(core, declarations.read())
    libc = ctypes.CDLL(None)
    libc.free.argtypes, libc.free.restype = (ctypes.c_void_p,), None
    return core, libc.free, types


_core, _free, _C = _load_core()  # _C: navbundle.h's structs by name
_STATUS = {1: "io", 2: "format", 3: "checksum", 4: "argument", 5: "memory", 6: "unavailable", 7: "conditions",
           8: "unknown-language"}
_CONDITION_CODES = (None, "invalid", "ambiguous", "unmatched")
_EMPTY = ctypes.create_string_buffer(1)  # An address for no bytes: the C reader refuses NULL.


class _Buffer(ctypes.Structure):
    """CPython's ``Py_buffer``: the address of any bytes-like object, read-only ones included,
    which ``ctypes`` alone only gives for writable buffers."""
    _fields_ = [("buf", ctypes.c_void_p), ("obj", ctypes.py_object), ("len", ctypes.c_ssize_t),
                ("itemsize", ctypes.c_ssize_t), ("readonly", ctypes.c_int), ("ndim", ctypes.c_int),
                ("format", ctypes.c_char_p), ("shape", ctypes.c_void_p), ("strides", ctypes.c_void_p),
                ("suboffsets", ctypes.c_void_p), ("internal", ctypes.c_void_p)]


ctypes.pythonapi.PyObject_GetBuffer.argtypes = (ctypes.py_object, ctypes.POINTER(_Buffer), ctypes.c_int)
ctypes.pythonapi.PyBuffer_Release.argtypes = (ctypes.POINTER(_Buffer),)
ctypes.pythonapi.PyBuffer_Release.restype = None


def _text(pointer, length):
    return None if not pointer else ctypes.string_at(pointer, length).decode("utf-8")


def slowed_cost(cost, factor):
    """An arc's ``cost`` (u32 milliseconds) slowed by ``factor``: the double product rounded half
    away from zero (not to even, as Python's ``round`` does), at most ``INFINITE - 1`` so that
    the arc stays passable; an impassable arc stays impassable. The C core's rule, by the core."""
    return _core.nb_slowed_cost(cost, factor)


def normalised_id(identifier):
    """An access point id as a radio map stores it (UTF-8 bytes): a BSSID in any common
    spelling becomes six lower-case pairs joined by ``:`` (the C core's rule); any other id is kept."""
    data = identifier.encode("utf-8", "surrogatepass") if isinstance(identifier, str) else bytes(identifier)
    spelled = ctypes.create_string_buffer(18)
    return spelled.value if _core.nb_normalised_access_point(data, len(data), spelled) else data


def signal_weight(rssi, weakest, exponent):
    """The weight of a reading of ``rssi`` dBm (step 1 of locating): 0 at or below ``weakest``, 1 at
    0 dBm, ``((rssi - weakest) / -weakest) ** exponent`` rounded to a multiple of 2**-24 so that
    readers whose ``pow`` differs in the last bit still agree. The C core's rule, by the core."""
    return _core.nb_signal_weight(rssi, weakest, exponent)


# ---- Conditions as text (docs/conditions.md) ----

class Conditions:
    """Closures and slow-downs as ``parse_conditions`` read them: ``entries``, every target in
    file order (``closed``, then ``slow``), and ``text``, the UTF-8 JSON they were read from."""

    __slots__ = ("entries", "text")

    def __init__(self, entries, text):
        self.entries, self.text = list(entries), text

    def __repr__(self):
        return f"Conditions({self.entries!r})"


def parse_conditions(conditions):
    """Conditions from their JSON text (``str`` or UTF-8 ``bytes``) or a parsed value,
    checked by the C reader's strict parser (docs/conditions.md, "Errors"); a ``Conditions`` is
    returned as it is. ``ConditionsError`` ``invalid`` names the entry at fault."""
    if isinstance(conditions, Conditions):
        return conditions
    text = _conditions_text(conditions)
    answer, length, error = ctypes.c_void_p(), SIZE(), _C["nb_conditions_error"]()
    try:  # The targets as JSON, every number a float.
        status = _core.nb_conditions_parse_json(text, len(text), ctypes.byref(answer), ctypes.byref(length),
                                                ctypes.byref(error))
        if status == 7:
            raise _conditions_error(error)
        if status:
            raise MemoryError("no memory for the conditions")
    finally:
        _core.nb_conditions_error_free(ctypes.byref(error))
    entries = [ConditionEntry(entry["position"],
                              Target(target["kind"], target["text"],
                                     tuple(map(tuple, target["polygon"])) if "polygon" in target else None),
                              entry["factor"])
               for entry in json.loads(_taken(answer.value, length.value)) for target in [entry["target"]]]
    return Conditions(entries, text)


def _taken(pointer, length):
    """The ``length`` bytes the C reader allocated at ``pointer``, freed."""
    try:
        return ctypes.string_at(pointer, length)
    finally:
        _free(pointer)


def _conditions_error(error):
    """The ``ConditionsError`` an ``nb_conditions_error`` describes."""
    entries = [("closed" if entry.list == 0 else "slow") + f"[{entry.index}]"
               for entry in error.entries[:error.entry_count]]
    message = ctypes.string_at(error.message or _EMPTY).decode("utf-8", "replace")
    return ConditionsError(_CONDITION_CODES[error.kind], message, entries,
                           error.candidates[:error.candidate_count])


def _conditions_text(conditions):
    """The UTF-8 JSON text the C reader reads, from anything ``parse_conditions`` takes: text as
    it is, a parsed value written out again (the C reader then checks it as text)."""
    if isinstance(conditions, Conditions):
        return conditions.text
    if isinstance(conditions, (bytes, bytearray, memoryview)):
        return bytes(conditions)
    if not isinstance(conditions, str):
        pending = [(conditions, 1)]  # JSON's types only (a tuple is no list), and not too deep.
        while pending:
            value, depth = pending.pop()
            if depth > MAX_JSON_DEPTH or type(value) not in (dict, list, str, int, float, bool, type(None)):
                raise ConditionsError("invalid", f"the conditions are not a JSON value of at most {MAX_JSON_DEPTH} "
                                                 f"levels: {type(value).__name__} at level {depth}")
            pending.extend((item, depth + 1) for item in (value.values() if type(value) is dict else
                                                         value if type(value) is list else ()))
        try:
            conditions = json.dumps(conditions, ensure_ascii=False)
        except (TypeError, ValueError, RecursionError) as error:
            raise ConditionsError("invalid", f"the conditions are not JSON: {error}") from None
    return conditions.encode("utf-8", "surrogatepass")


# ---- Bundles ----

# One entry of the section table (unknown tags and versions included).
Section = collections.namedtuple("Section", "tag version offset length checksum")


class Metric:
    """Input weights customised on the bundle's ``CCHT`` (``Bundle.customise``,
    ``Bundle.apply_conditions``), for ``Bundle.route_on``; not made by hand. The C reader holds
    it. ``profile``, ``weights`` (one per ``ARCS`` arc, ``INFINITE`` where closed) and the format's
    customised arrays ``up``, ``down``, ``up_via``, ``down_via`` (one per ``CCHT`` arc) are copies:
    changing them changes no route."""

    def __init__(self, bundle, profile, handle):
        self.profile, self._bundle, self._handle, self._copied = profile, bundle, handle, None

    def __del__(self):
        handle, self._handle = getattr(self, "_handle", None), None
        if handle and _core is not None:
            _core.nb_metric_free(handle)

    def __repr__(self):
        return f"Metric({self.profile!r})"

    @property
    def weights(self):
        return self._bundle._per_arc(_core.nb_metric_weights, self._handle)

    def _arrays(self):
        if self._copied is None:
            bundle = self._bundle  # First how many CCHT arcs there are, then their columns.
            [count] = bundle._call(_core.nb_metric_arrays, self._handle, None, None, None, None, 0, refuse=False,
                                   out=(SIZE,))
            arrays = [array.array("I", bytes(4 * count)) for _ in range(4)]
            bundle._call(_core.nb_metric_arrays, self._handle, *(column.buffer_info()[0] for column in arrays), count,
                         out=(SIZE,))
            self._copied = arrays
        return self._copied

    up, down, up_via, down_via = (property(lambda self, at=at: self._arrays()[at]) for at in range(4))


class Bundle:
    """An opened bundle. Use as a context manager, or call ``close``. Safe to share between
    threads: calls on one bundle take turns in the C reader (``locate`` runs alongside)."""

    def __init__(self, path, verify_checksums=True):
        path = str(path)
        self._prepare(path)
        try:
            self._file = open(path, "rb")
        except OSError as error:
            raise BundleError(f"{path}: {error.strerror}", code="io") from None
        try:
            size = self._file.seek(0, 2)
            # A private mapping reads the file in place; an empty file cannot be mapped.
            data = mmap.mmap(self._file.fileno(), 0, access=mmap.ACCESS_READ) if size else b""
            self._map = data if size else None
            self._open(data, verify_checksums)
        except BaseException:
            self.close()
            raise

    @classmethod
    def from_bytes(cls, data, verify_checksums=True, name="(bytes)"):
        """Opens a bundle held in memory (``bytes``, ``bytearray``, ``memoryview``, ``mmap``),
        read in place, never copied; keep it unchanged while the bundle is open. Checks and
        ``verify_checksums`` as ``Bundle(path)``; messages start with ``name``."""
        view = memoryview(data)
        bundle = cls.__new__(cls)
        bundle._prepare(str(name))
        try:
            bundle._open(view if view.format == "B" and view.ndim == 1 else view.cast("B"), verify_checksums)
        except BaseException:
            bundle.close()
            raise
        return bundle

    def _prepare(self, path):
        self.path = path
        self._lock = threading.RLock()  # Reentrant: a call that decodes texts holds it around its C calls.
        self._handle = self._buffer = self._map = self._file = None
        self._metrics, self._cache = {}, {}

    def _open(self, data, verify_checksums):
        buffer = _Buffer()
        ctypes.pythonapi.PyObject_GetBuffer(ctypes.py_object(data), ctypes.byref(buffer), 0)
        self._buffer = buffer
        self._handle = self._open_handle(verify_checksums)
        self._view = memoryview(data)
        (self.major, self.minor, _flags, count, header_size) = HEADER.unpack_from(self._view, 0)[1:6]
        table = ENTRY.iter_unpack(self._view[header_size:header_size + ENTRY.size * count])
        self._sections = {raw.decode("ascii"): Section(raw.decode("ascii"), version, offset, length, checksum)
                          for raw, version, _, offset, length, checksum in table}
        # The sections present at the version the C reader reads (nb_has_section), asked once.
        self._readable = {tag for tag in self._sections if _core.nb_has_section(self._handle, tag.encode("ascii"))}
        self._arc_count = _core.nb_arc_count(self._handle)
        self.node_count = _core.nb_node_count(self._handle)
        self.level_count = _core.nb_level_count(self._handle)
        self._places = _core.nb_place_count(self._handle)
        self._names = None

    def _open_handle(self, verify_checksums):
        handle, message = ctypes.c_void_p(), ctypes.create_string_buffer(1024)
        status = _core.nb_open_memory(self._buffer.buf or ctypes.addressof(_EMPTY), self._buffer.len,
                                      self.path.encode("utf-8", "surrogateescape"), 1 if verify_checksums else 0,
                                      ctypes.byref(handle), message, len(message))
        if status:
            raise BundleError(message.value.decode("utf-8", "replace"), code=_STATUS.get(status, "format"))
        return handle

    def close(self):
        """Releases the C reader's bundle and the mapping. Metrics stay usable as objects, but
        only the bundle that made one routes on it, and not after it is closed."""
        with self._lock:
            handle, self._handle = self._handle, None
            if handle:
                _core.nb_close(handle)
            self._metrics, self._cache = {}, {}
            view, self._view = getattr(self, "_view", None), None
            if view is not None:
                view.release()
            buffer, self._buffer = self._buffer, None
            if buffer is not None:
                ctypes.pythonapi.PyBuffer_Release(ctypes.byref(buffer))
            if self._map is not None:
                try:
                    self._map.close()
                except BufferError:
                    pass  # A view a caller holds keeps the mapping; it closes with that view.
            if self._file is not None:
                self._file.close()
            self._map = self._file = None

    def __del__(self):
        if getattr(self, "_lock", None) is not None:
            self.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # Calls into the C reader

    def _raise(self, status, message=None):
        if message is None:
            message = ctypes.string_at(_core.nb_last_error(self._handle)) if self._handle else b""
            message = message.decode("utf-8", "replace")
        if status == 5:
            raise MemoryError(message)
        raise BundleError(message, code=_STATUS.get(status, "format"))

    def _call(self, function, *arguments, refuse=True, out=()):
        """``function(bundle, *arguments)`` under the bundle's lock; a failure raises its ``BundleError``
        (message read under the lock too), or with ``refuse`` False is returned. With ``out``, ctypes
        types, one output argument of each follows the others and the values written are returned."""
        outputs = [kind() for kind in out]
        with self._lock:
            status = function(self._live(), *arguments, *map(ctypes.byref, outputs))
            if status and refuse:
                self._raise(status)
        return [output.value for output in outputs] if out else status

    def _per_arc(self, function, *arguments):
        """A new array of one u32 per ``ARCS`` arc, which ``function`` (called as ``_call`` calls it) fills."""
        values = array.array("I", bytes(4 * self._arc_count))
        self._call(function, *arguments, values.buffer_info()[0], len(values))
        return values

    def _conditions_call(self, function, text, *arguments):
        """A call that takes conditions text: ``ConditionsError`` when they cannot be applied."""
        error = _C["nb_conditions_error"]()
        try:
            with self._lock:
                status = function(self._live(), *arguments[:-1], text, len(text), arguments[-1], ctypes.byref(error))
                if status == 7:
                    raise _conditions_error(error)
                if status:
                    self._raise(status)
        finally:
            _core.nb_conditions_error_free(ctypes.byref(error))

    def _check(self, what, value, count):
        if type(value) is not int and not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < count:
            raise BundleError(f"{self.path}: {what} {value!r} is not one of the {count} {what}s", code="argument")
        return value

    def _text(self, pointer, length):
        try:
            return _text(pointer, length)
        except UnicodeDecodeError:
            raise BundleError(f"{self.path}: a string that is not UTF-8") from None

    def _place_count(self):
        return self._places

    def _check_node(self, node):
        return self._check("node", node, self.node_count)

    def _profile_index(self, profile):
        names = self._profile_names()
        index = self._profile_indexes.get(profile) if isinstance(profile, str) else None
        if index is None:
            raise BundleError(f"{self.path}: no profile {profile!r}; the bundle has {', '.join(names)}",
                              code="argument")
        return index

    def _profile_names(self):
        """The profiles' names, read once (a race reads them twice, alike)."""
        if self._names is None:
            answer, length = self._call(_core.nb_profiles_json, out=(ctypes.c_void_p, SIZE))
            names = json.loads(_taken(answer, length))  # The core refuses a name that is not UTF-8.
            self._profile_indexes = {name: index for index, name in reversed(list(enumerate(names)))}
            self._names = names
        return self._names

    # Header, sections and records

    @property
    def sections(self):
        """The section table, in file order (unknown tags and versions included)."""
        return sorted(self._sections.values(), key=lambda section: section.offset)

    def has(self, tag):
        """Whether section ``tag`` is present at a version this reader can read."""
        return tag in self._readable

    def section(self, tag):
        """The bytes of section ``tag``; a ``BundleError`` when it is missing, or present at a
        section version this reader does not know (which the format treats as missing)."""
        entry = self._sections.get(tag)
        if entry is None:
            raise BundleError(f"{self.path}: no section {tag}: not available in this bundle", code="unavailable")
        if tag not in self._readable:
            raise BundleError(f"{self.path}: section {tag} has version {entry.version}, "
                              f"which this reader does not know: not available", code="unavailable")
        return self._view[entry.offset:entry.offset + entry.length]

    def verify(self):
        """Recomputes every checksum, as opening does unless told not to: ``BundleError`` if one fails."""
        with self._lock:
            self._live()
            _core.nb_close(self._open_handle(True))

    @property
    def profiles(self):
        """Profile names, in ``PROF`` order."""
        return list(self._profile_names())

    def string(self, index, referrer=None):
        """String ``index`` of ``STRS``, or None for 0xFFFFFFFF. ``referrer`` is the section
        holding the index: an index past the table is that section's damage, not ``STRS``'s."""
        if index == NONE:
            return None
        length = SIZE()
        with self._lock:  # The text lies in the mapping, which close() releases.
            pointer = _core.nb_string(self._live(), index, ctypes.byref(length)) \
                if isinstance(index, int) and 0 <= index < NONE else None
            if not pointer:
                if referrer is not None:
                    raise BundleError(f"{self.path}: section {referrer}: names string {index}, which STRS lacks")
                raise BundleError(f"{self.path}: string {index} is not one of STRS", code="argument")
            return self._text(pointer, length.value)

    def _record(self, function, index, record, make):
        """``make(record)`` of the record ``function`` fills, under the lock, since its texts lie in
        the mapping that close() releases."""
        with self._lock:
            self._call(function, index, ctypes.byref(record))
            return make(record)

    @property
    def levels(self):
        """The levels in ``LEVL`` order: ``snap`` and ``outlines`` take an index into this list."""
        if "LEVL" not in self._cache:
            self._cache["LEVL"] = [self._record(_core.nb_level_info, level, _C["nb_level"](), lambda record: Level(
                *(self._text(text.text, text.length) for text in (record.id, record.name, record.building_id,
                                                                  record.building_name)), record.ordinal))
                for level in range(self.level_count)]
        return list(self._cache["LEVL"])

    def node(self, index):
        """Node ``index``: position in degrees, level index, kind and label (a string or None)."""
        return self._record(_core.nb_node_record, self._check_node(index), _C["nb_node"](), lambda record: Node(
            record.latitude / 1e7, record.longitude / 1e7, record.level, record.kind,
            self._text(record.label.text, record.label.length)))

    def costs(self, profile):
        """The ``PROF`` costs of ``profile`` (a name), one u32 per arc in ``ARCS`` order."""
        return self._per_arc(_core.nb_profile_costs, self._profile_index(profile))

    def place(self, index):
        """Place ``index`` of ``PLAC`` (what ``search_prefix`` reports), strings resolved;
        level, node and position are None where the place has none."""
        index = self._check("place", index, self._places)
        return self._record(_core.nb_place_info, index, _C["nb_place"](), lambda record: Place(
            record.kind, *(self._text(getattr(record, name).text, getattr(record, name).length)
                           for name in Place._fields[1:10]),
            None if record.level == NONE else record.level, None if record.node == NONE else record.node,
            None if record.capacity < 0 else record.capacity, record.latitude / 1e7 if record.positioned else None,
            record.longitude / 1e7 if record.positioned else None, record.geofence_radius))

    # Routes

    def _path(self, function, *arguments):
        path = _C["nb_path"]()
        try:
            self._call(function, *arguments, ctypes.byref(path))
            if not path.nodes:
                return None
            return path.duration, path.nodes[:path.node_count]
        finally:
            _core.nb_path_free(ctypes.byref(path))

    def route(self, profile, source, target):
        """The fastest route from node ``source`` to ``target`` for ``profile``,
        ``(milliseconds, [node, ...])`` or None: on the profile's kept ``CCHT`` metric in format
        2.0, else on its ``CHxx``, by the format's reference query."""
        index = self._profile_index(profile)
        return self._path(_core.nb_route_path, index, self._check_node(source), self._check_node(target))

    def route_through(self, profile, stops):
        """The fastest route from ``stops[0]`` through the others in order to the last, for ``profile``
        (docs/endpoints.md, "Via points"): each leg as ``route`` finds it, joined, as
        ``(milliseconds, [node, ...], [(first, last, milliseconds), ...])``, a leg per pair of
        stops with its first and last index into the nodes; None when any leg cannot be reached.
        A round trip names its start again as its last stop."""
        index = self._profile_index(profile)
        return self._through(stops, lambda at, count, path, starts, durations: self._call(
            _core.nb_route_via, index, at, count, path, starts, durations))

    def route_on_through(self, metric, stops):
        """``route_through`` under ``metric`` (this bundle's): each leg as ``route_on`` finds it."""
        if not isinstance(metric, Metric) or metric._bundle is not self:
            raise ValueError("the metric was not customised by this bundle")
        return self._through(stops, lambda at, count, path, starts, durations: self._call(
            _core.nb_route_metric_via, metric._handle, at, count, path, starts, durations))

    def _through(self, stops, route):
        stops = list(stops)
        if len(stops) < 2:
            raise BundleError(f"{self.path}: a route through stops takes at least two stops, not {len(stops)}",
                              code="argument")
        checked = (ctypes.c_uint32 * len(stops))(*(self._check_node(stop) for stop in stops))
        legs = len(stops) - 1
        starts, durations = (ctypes.c_size_t * legs)(), (ctypes.c_uint64 * legs)()
        path = _C["nb_path"]()
        try:
            route(checked, len(stops), ctypes.byref(path), starts, durations)
            if not path.nodes:
                return None
            nodes = path.nodes[:path.node_count]
            ends = list(starts[1:]) + [len(nodes) - 1]
            return path.duration, nodes, [(starts[i], ends[i], durations[i]) for i in range(legs)]
        finally:
            _core.nb_path_free(ctypes.byref(path))

    # Nearest of a kind (docs/nearest.md)

    def nearest(self, profile, source, limit, category=None, keyword=None, levels=None, min_capacity=None,
                among=None):
        """The ``limit`` places nearest to node ``source`` by travel time for ``profile`` among those
        the filter admits, as ``[Nearby, ...]`` nearest first (time, then node, then place): one
        search, not a route per place. ``category`` starts the place's category, ``keyword`` one of
        its search keys (both folded), ``levels`` is a level qualifier as after an endpoint's ``@``,
        ``min_capacity`` a least known capacity and ``among`` the only places to consider (those
        free now). ``BundleError`` (code ``argument``) for a text that folds to nothing, a
        qualifier that names no level or a place out of range."""
        index = self._profile_index(profile)
        return self._nearest(lambda *arguments: self._call(_core.nb_nearest, index, *arguments), source, limit,
                             category, keyword, levels, min_capacity, among)

    def nearest_on(self, metric, source, limit, category=None, keyword=None, levels=None, min_capacity=None,
                   among=None):
        """``nearest`` under ``metric`` (this bundle's, e.g. from ``apply_conditions``), for its profile."""
        if not isinstance(metric, Metric) or metric._bundle is not self:
            raise ValueError("the metric was not customised by this bundle")
        return self._nearest(lambda *arguments: self._call(_core.nb_nearest_metric, metric._handle, *arguments),
                             source, limit, category, keyword, levels, min_capacity, among)

    def _nearest(self, search, source, limit, category, keyword, levels, min_capacity, among):
        self._check_node(source)
        if type(limit) is not int or limit < 0:
            raise BundleError(f"{self.path}: a limit of {limit!r} places is not a count", code="argument")
        wanted = _C["nb_place_filter"]()
        texts = []  # The encoded texts, kept alive for the call.
        for field, value in (("category", category), ("keyword", keyword), ("levels", levels)):
            if value is not None:
                texts.append(ctypes.create_string_buffer(value.encode("utf-8", "surrogatepass")))
                setattr(wanted, field, ctypes.addressof(texts[-1]))
        if min_capacity is not None:
            if type(min_capacity) is not int:
                raise BundleError(f"{self.path}: a capacity of {min_capacity!r} is not a number", code="argument")
            wanted.min_capacity = min_capacity
        if among is not None:
            places = [self._check("place", place, self._places) for place in among]
            chosen = (U32 * max(1, len(places)))(*places)
            wanted.among, wanted.among_count = ctypes.cast(chosen, ctypes.POINTER(U32)), len(places)
        room = min(limit, self._places)
        results, paths = (_C["nb_nearby"] * max(1, room))(), (_C["nb_path"] * max(1, room))()
        count = SIZE()
        try:
            search(source, ctypes.byref(wanted), room, results, paths, ctypes.byref(count))
            return [Nearby(results[i].place, results[i].node, results[i].duration, results[i].length,
                           paths[i].nodes[:paths[i].node_count]) for i in range(count.value)]
        finally:
            for i in range(room):
                _core.nb_path_free(ctypes.byref(paths[i]))

    def route_steps(self, profile, source, target):
        """The route of ``route`` as steps a person can follow (``Step``), in the C core's words, which
        are the Swift and JavaScript readers' too: ``[]`` from a node to itself, None when unreachable."""
        return self._described(profile, source, target, _C["nb_route_step"], self._step,
                               lambda index, path, out, count: (_core.nb_route_steps, index, path, out, count))

    def route_maneuvers(self, profile, source, target, language=None, destination=None):
        """The route of ``route`` as maneuvers (``Maneuver``) by the rules of docs/guidance.md, derived by
        the C core as the Swift reader derives them: ``[]`` from a node to itself, None when unreachable.
        With ``language`` (a code of ``languages``) each has its ``instruction`` and ``spoken_distance`` in it,
        the arrival naming ``destination`` when given; a language the bundle lacks raises ``BundleError``
        ``unknown-language`` (never another language's words)."""
        convert = self._maneuver
        if language is not None:
            words = (_utf8(language, "the language", True),
                     None if destination is None else _utf8(destination, "the destination", True))
            self.spoken_distance(0, language)  # The language first, so an empty route refuses it too.
            convert = lambda m: self._maneuver(m)._replace(  # noqa: E731
                instruction=self._words(_core.nb_maneuver_instruction, ctypes.byref(m), *words),
                spoken_distance=self._words(_core.nb_spoken_distance, words[0], m.distance))
        return self._described(profile, source, target, _C["nb_maneuver"], convert,
                               lambda index, path, out, count: (_core.nb_route_maneuvers, index, path, None, out, count))

    @property
    def languages(self):
        """The codes of the bundle's instruction languages (``GTXT``), sorted; empty without it."""
        code, endonym = _C["nb_text"](), _C["nb_text"]()
        with self._lock:
            codes = []
            for index in range(_core.nb_guidance_language_count(self._live())):
                self._call(_core.nb_guidance_language, index, ctypes.byref(code), ctypes.byref(endonym))
                codes.append(self._text(code.text, code.length))
            return codes

    def spoken_distance(self, centimetres, language):
        """``centimetres`` as people say it in ``language`` (docs/guidance.md, "Spoken distances"): "a few
        metres", "30 metres", "1,5 kilomètre"; not capitalised."""
        if type(centimetres) is not int or not 0 <= centimetres < 1 << 64:
            raise BundleError(f"{self.path}: {centimetres!r} is not a distance in centimetres", code="argument")
        return self._words(_core.nb_spoken_distance, _utf8(language, "the language", True), centimetres)

    def _words(self, function, *arguments):
        """The text ``function`` (``nb_step_instruction``, ``nb_maneuver_instruction``, ``nb_spoken_distance``)
        writes after ``arguments``: measured, then written, both under the lock."""
        length = SIZE()
        with self._lock:
            self._call(function, *arguments, None, 0, ctypes.byref(length))
            text = ctypes.create_string_buffer(length.value + 1)
            self._call(function, *arguments, text, len(text), ctypes.byref(length))
        return text.raw[:length.value].decode("utf-8")

    def _described(self, profile, source, target, record, convert, call):
        """The records ``call`` names (a core function and its arguments after the bundle) for the route
        of ``route``, each made a value by ``convert``. The path is this call's own, so each C call
        takes the lock on its own."""
        index, path, items, count = self._profile_index(profile), _C["nb_path"](), ctypes.POINTER(record)(), SIZE()
        try:
            ends = self._check_node(source), self._check_node(target)
            self._call(_core.nb_route_path, index, *ends, ctypes.byref(path))
            if not path.nodes:
                return None
            self._call(*call(index, ctypes.byref(path), ctypes.byref(items), ctypes.byref(count)))
            return [convert(items[at]) for at in range(count.value)]
        finally:
            _core.nb_path_free(ctypes.byref(path))
            _free(items)

    def _maneuver(self, m):
        change = LevelChange(m.from_level, m.to_level, m.direction, None if m.step_count < 0 else m.step_count, m.rise)
        return Maneuver(MANEUVER_KINDS[m.kind], MODIFIERS[m.modifier], m.route_index,
                        None if m.corner == NONE else m.corner, m.latitude, m.longitude, m.level, m.along, m.distance,
                        m.duration, None if m.bearing_before < 0 else m.bearing_before,
                        None if m.bearing_after < 0 else m.bearing_after, self._text(m.way, m.way_length),
                        change if m.changes_level else None, None if m.landmark == NONE else ManeuverLandmark(
                            m.landmark, PLACEMENTS[m.landmark_placement], SIDES[m.landmark_side],
                            self._text(m.landmark_name, m.landmark_name_length)))

    def _step(self, step):
        text = self._words(_core.nb_step_instruction, ctypes.byref(step))
        return Step(STEP_ACTIONS[step.action], self._text(step.label, step.label_length), step.from_level,
                    step.to_level, step.length, step.duration, None if step.step_count < 0 else step.step_count,
                    step.rise, bool(step.along_path), step.start_index, step.end_index, text)

    @property
    def customisable(self):
        """Whether the bundle has a customisable hierarchy (``CCHT`` at section version 1), which
        ``route`` then uses for every profile and ``customise`` and ``route_on`` need."""
        return self.has("CCHT")

    def customise(self, profile, weights=None):
        """``profile``'s ``CCHT`` metric: without ``weights`` its ``PROF`` costs' (made once
        and kept), else one from ``weights`` (integers per ``ARCS`` arc, ``INFINITE`` closed; an
        arc no profile may use stays closed), made on every call. Bad weights: ``ValueError``."""
        index = self._profile_index(profile)
        if weights is None:
            metric = self._metrics.get(index)
            if metric is None:
                metric = self._customised(profile, index, None, 0)
                self._metrics.setdefault(index, metric)
            return self._metrics[index]
        if isinstance(weights, (bytes, bytearray, str)):
            raise ValueError("weights must be a sequence of integers, one per arc, not text or bytes")
        try:
            checked = array.array("L" if array.array("I").itemsize < 4 else "I", weights)
        except (TypeError, OverflowError) as error:
            raise ValueError(f"weights must be integers from 0 to {INFINITE}: {error}") from None
        if len(checked) != self._arc_count:
            raise ValueError(f"{len(checked)} weights for the {self._arc_count} arcs of ARCS")
        return self._customised(profile, index, checked.buffer_info()[0], len(checked))

    def _customised(self, profile, index, weights, count):
        [handle] = self._call(_core.nb_customise, index, weights, count, out=(ctypes.c_void_p,))
        return Metric(self, profile, handle)

    def route_on(self, metric, source, target):
        """The lightest route under ``metric`` (this bundle's): ``(weight, [node, ...])`` or None."""
        if not isinstance(metric, Metric) or metric._bundle is not self:
            raise ValueError("the metric was not customised by this bundle")
        return self._path(_core.nb_route_metric, metric._handle, self._check_node(source), self._check_node(target))

    def nearest_exit(self, profile, node):
        """The way out from ``node`` for ``profile`` by the egress table:
        ``(exit node, milliseconds, [node, ...])``, or None when no exit is reachable. An exit
        (an entrance, or a node outdoors) is its own way out: ``(node, 0, [node])``."""
        index = self._profile_index(profile)
        exit_node, cost, nodes, count = self._call(_core.nb_nearest_exit, index, self._check_node(node),
                                                   out=(U32, U32, ctypes.c_void_p, SIZE))
        nodes = array.array("I", _taken(nodes, 4 * count)).tolist()  # The core allocates them only when it succeeds.
        return None if exit_node == NONE else (exit_node, cost, nodes)

    # Search, snapping and places

    def fold(self, text):
        """``text`` folded by the bundle's own ``SRCH`` table, as its keys were (not ``str.casefold``)."""
        data = _utf8(text, "the query")
        folded, length = self._call(_core.nb_fold, data, len(data), out=(ctypes.c_void_p, SIZE))
        try:  # The core allocates the folded text only when it succeeds.
            return self._text(folded, length) or ""
        finally:
            _free(folded)

    def search_prefix(self, query, limit=10):
        """Places with a key starting with ``query`` folded, ``[(place, field), ...]``, each
        once with its best key, ranked by field then key position; at most ``limit``."""
        if not isinstance(limit, int) or isinstance(limit, bool) or limit < 0:
            raise ValueError(f"limit {limit!r} is not a non-negative integer")
        data = _utf8(query, "the query", terminated=True)
        capacity = min(limit, self._places)
        matches, count = (_C["nb_match"] * max(capacity, 1))(), SIZE()
        self._call(_core.nb_search_prefix, data, limit, matches, capacity, ctypes.byref(count))
        return [(match.place, match.field) for match in matches[:count.value]]

    def _position(self, latitude, longitude, level):
        for value in (latitude, longitude):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
                raise ValueError(f"{value!r} is not a finite number of degrees")
        if abs(latitude) > 90 or abs(longitude) > 180:
            raise ValueError(f"({latitude}, {longitude}) is not a latitude and longitude")
        return float(latitude), float(longitude), self._check("level", level, self.level_count)

    def snap(self, latitude, longitude, level):
        """The node on ``level`` nearest the position by the format's metric, ties to the lower node:
        ``(node, metres)``, or None when the level has no nodes."""
        node, metres = self._call(_core.nb_snap, *self._position(latitude, longitude, level), out=(U32, DOUBLE))
        return None if node == NONE else (node, metres)

    def snap_profile(self, latitude, longitude, level, profile):
        """As ``snap``, among the nodes in ``profile``'s main pieces (``PIEC``), else any:
        ``(node, metres, fallback)`` or None."""
        position = self._position(latitude, longitude, level)
        node, metres, fallback = self._call(_core.nb_snap_profile, self._profile_index(profile), *position,
                                            out=(U32, DOUBLE, ctypes.c_int))
        return None if node == NONE else (node, metres, bool(fallback))

    def place_source(self, index):
        """The source feature id of place ``index`` (``node/123``), or None when it has none or
        the bundle has no ``PSRC``."""
        with self._lock:
            text, length = self._call(_core.nb_place_source, self._check("place", index, self._places),
                                      out=(ctypes.c_void_p, SIZE))
            return self._text(text, length)

    def place_aliases(self, index):
        """Place ``index``'s aliases, ``[Alias(text, language, kind)]``; empty without ``ALIA``."""
        answer, length = self._call(_core.nb_place_aliases_json, self._check("place", index, self._places),
                                    out=(ctypes.c_void_p, SIZE))
        return [Alias(**alias) for alias in json.loads(_taken(answer, length))]

    def attached_node(self, place, profile):
        """The node place ``place`` attaches to for ``profile`` (``ATCH``; the ``PLAC`` node
        without it), or None when it is not on the graph."""
        index = self._profile_index(profile)
        [node] = self._call(_core.nb_place_node, index, self._check("place", place, self._places), out=(U32,))
        return None if node == NONE else node

    def in_main_piece(self, node, profile):
        """Whether ``node`` lies in a main piece of ``profile``'s usable graph (always, without
        ``PIEC``)."""
        index = self._profile_index(profile)
        return bool(self._call(_core.nb_in_main_piece, index, self._check_node(node), out=(ctypes.c_int,))[0])

    # Endpoints (docs/endpoints.md)

    def resolve_endpoint(self, text):
        """``text`` as a route endpoint (docs/endpoints.md): ``Endpoint("place", ...)`` or
        ``Endpoint("position", ...)``, else ``EndpointError``."""
        data = _utf8(text, "the endpoint", terminated=True)
        answer, length = self._call(_core.nb_resolve_endpoint_json, data, len(data), out=(ctypes.c_void_p, SIZE))
        endpoint = json.loads(_taken(answer, length))
        if "code" in endpoint:  # What the error names, by the core's rule.
            raise EndpointError(endpoint["code"], endpoint["text"], endpoint["candidates"])
        return Endpoint(endpoint["kind"], endpoint.get("place"), endpoint.get("latitude"), endpoint.get("longitude"),
                        endpoint.get("levels"))

    def endpoint_node(self, endpoint, profile):
        """The node ``endpoint`` starts or ends at for ``profile`` (a place's attachment, a position's
        profile snap on its levels), or None."""
        if endpoint.kind == "place":
            return self.attached_node(endpoint.place, profile)
        levels = [self._check("level", level, self.level_count) for level in endpoint.levels]
        latitude, longitude, _ = self._position(endpoint.latitude, endpoint.longitude, 0 if levels else 0)
        [node] = self._call(_core.nb_position_node, self._profile_index(profile), latitude, longitude,
                            (U32 * max(len(levels), 1))(*levels), len(levels), out=(U32,))
        return None if node == NONE else node

    # Outlines

    def outlines(self, level):
        """The space outlines of ``level`` (index into ``levels``), for drawing a floor plan:
        ``[Outline(kind, label, place, rings)]``, the first ring the exterior, the others
        holes, each a list of open (latitude, longitude) corners in degrees."""
        answer, length = self._call(_core.nb_level_outlines_json, self._check("level", level, self.level_count),
                                    out=(ctypes.c_void_p, SIZE))  # As JSON: a level holds thousands.
        return [Outline(outline["kind"], outline["label"], outline["place"],
                        [[tuple(corner) for corner in ring] for ring in outline["rings"]])
                for outline in json.loads(_taken(answer, length))]

    # Geofences (GFNC, docs/geofences.md)

    def _levels_of(self, levels):
        levels = [levels] if isinstance(levels, int) else list(levels)
        return (U32 * max(1, len(levels)))(*(self._check("level", level, self.level_count) for level in levels)), len(levels)

    def geofences(self, latitude, longitude, levels):
        """The places a position (degrees) on any of ``levels`` (an index or a list of them) is in
        or near, in place order: ``[GeofenceHit(place, inside, metres)]``, ``inside`` when one of
        its outlines contains the position (else its circle reaches it), ``metres`` from its
        position (None without one). ``BundleError`` (``argument``) for a position off the Earth,
        (``unavailable``) for a bundle without ``GFNC``."""
        chosen, count = self._levels_of(levels)
        answer, length = self._call(_core.nb_geofence_json, float(latitude), float(longitude), chosen, count,
                                    out=(ctypes.c_void_p, SIZE))
        return [GeofenceHit(hit["place"], hit["inside"], hit["metres"]) for hit in json.loads(_taken(answer, length))]

    def geofence_events(self, track):
        """The places entered and left along ``track``, a list of ``(latitude, longitude, levels)``:
        ``[GeofenceEvent(position, kind, place)]``, at each position the places left (``kind``
        ``"leave"``) and then those entered (``"enter"``), each in place order."""
        track = list(track)
        latitudes = (DOUBLE * max(1, len(track)))(*(float(latitude) for latitude, _, _ in track))
        longitudes = (DOUBLE * max(1, len(track)))(*(float(longitude) for _, longitude, _ in track))
        first, levels = [0], []
        for _, _, chosen in track:
            chosen = [chosen] if isinstance(chosen, int) else list(chosen)
            levels += [self._check("level", level, self.level_count) for level in chosen]
            first.append(len(levels))
        answer, length = self._call(_core.nb_geofence_events_json, latitudes, longitudes, (U32 * len(first))(*first),
                                    (U32 * max(1, len(levels)))(*levels), len(track), out=(ctypes.c_void_p, SIZE))
        return [GeofenceEvent(event["position"], event["kind"], event["place"]) for event in json.loads(_taken(answer, length))]

    # Tours (TOUR, docs/tours.md)

    def tours(self):
        """Every tour, in bundle order, as ``[Tour(name, source, kind, start, end, length, arcs,
        durations)]``: ``kind`` ``foot``, ``hiking``, ``running`` or ``fitness_trail``, ``length``
        in centimetres, ``durations`` milliseconds per profile name (None where the profile may
        not use every arc). None without ``TOUR``: an empty list."""
        answer, length = self._call(_core.nb_tours_json, out=(ctypes.c_void_p, SIZE))
        names = self._profile_names()
        return [Tour(tour["name"], tour["source"], tour["kind"], tour["start"], tour["end"], tour["length"], tour["arcs"],
                     dict(zip(names, tour["durations"]))) for tour in json.loads(_taken(answer, length))]

    @property
    def tour_count(self):
        """How many tours the bundle has: 0 without ``TOUR``."""
        return self._call(_core.nb_tour_count, out=(U32,))[0]

    def find_tours(self, query):
        """The tours whose name or a later word of it starts with ``query`` (folded as place
        search folds), best first: a list of indexes into ``tours()``."""
        data = _utf8(query, "the query", terminated=True)
        answer, length = self._call(_core.nb_tour_search_json, data, out=(ctypes.c_void_p, SIZE))
        return json.loads(_taken(answer, length))

    def follow_tour(self, profile, source, tour, join="start"):
        """The route from node ``source`` onto tour ``tour`` and along it (docs/tours.md): the
        route query's route to where the person joins (``join`` ``"start"``, or ``"nearest"``:
        the tour's node reached first), then the tour to its end, or round a loop to that node.
        ``(milliseconds, [node, ...], [(first, last, milliseconds)] * 2)`` as ``route_through``
        gives it, or None when the profile may not follow the whole tour or cannot reach it."""
        index = self._profile_index(profile)
        joins = {"start": 0, "nearest": 1}
        if join not in joins:
            raise BundleError(f"{self.path}: join {join!r} is neither 'start' nor 'nearest'", code="argument")
        starts, durations = (ctypes.c_size_t * 2)(), (ctypes.c_uint64 * 2)()
        path = _C["nb_path"]()
        try:
            self._call(_core.nb_route_tour, index, self._check("tour", tour, self.tour_count), self._check_node(source),
                       joins[join], ctypes.byref(path),
                       starts, durations)
            if not path.nodes:
                return None
            nodes = path.nodes[:path.node_count]
            return path.duration, nodes, [(starts[0], starts[1], durations[0]), (starts[1], len(nodes) - 1, durations[1])]
        finally:
            _core.nb_path_free(ctypes.byref(path))

    # Crowds (CRWD, docs/crowds.md)

    def crowd(self, counts):
        """The crowd in every walkable area the bundle's access points serve, from ``counts``, a
        mapping from access point (a BSSID in any spelling, or a label) to the people it counts:
        ``[CrowdArea(outline, level, access_point, people, density, factor)]`` in ``CRWD``'s order.
        ``BundleError`` (``argument``) for a count that is not a whole number from 0 to 10^9,
        (``unavailable``) without ``CRWD``."""
        text = self._counts(counts)
        answer, length = self._call(_core.nb_crowd_json, text, len(text), out=(ctypes.c_void_p, SIZE))
        return [CrowdArea(area["outline"], area["level"], area["accessPoint"], area["people"], area["density"],
                          area["factor"]) for area in json.loads(_taken(answer, length))]

    def crowd_conditions(self, counts):
        """The conditions text (docs/conditions.md) the crowds of ``crowd(counts)`` put on routes,
        for ``apply_conditions``: each slowed area as a polygon with its factor, each where walkers
        stand still closed."""
        text = self._counts(counts)
        answer, length = self._call(_core.nb_crowd_conditions_json, text, len(text), out=(ctypes.c_void_p, SIZE))
        return _taken(answer, length).decode("utf-8")

    def _counts(self, counts):
        if not isinstance(counts, collections.abc.Mapping):
            raise BundleError(f"{self.path}: crowd counts are a mapping from access point to people", code="argument")
        for key, value in counts.items():
            if not isinstance(key, str) or type(value) is not int:
                raise BundleError(f"{self.path}: crowd counts: {key!r}: {value!r} is not a count of people", code="argument")
        return json.dumps(dict(counts), ensure_ascii=False).encode("utf-8", "surrogatepass")

    # Wi-Fi positioning (WIFI)

    @property
    def radio_map(self):
        """The Wi-Fi radio map's counts and the locator's parameters (``RadioMap``), or None when
        the bundle has none."""
        if not self.has("WIFI"):
            return None
        info, message = _C["nb_radio_map"](), ctypes.create_string_buffer(1024)
        with self._lock:
            status = _core.nb_radio_map_info(self._live(), ctypes.byref(info), message, len(message))
        if status:
            self._raise(status, message.value.decode("utf-8", "replace"))
        return RadioMap(*(getattr(info, name) for name in RadioMap._fields))

    def _live(self):
        if self._handle is None:
            raise BundleError(f"{self.path}: the bundle is closed", code="argument")
        return self._handle

    def locate(self, scan):
        """Where the Wi-Fi ``scan`` (``(id, rssi)`` pairs; a BSSID in any spelling or a label,
        text or bytes; dBm as int or float) places the device: a ``Fix``, or None when it hears
        no access point of the map."""
        ids, rssis = [], []
        for identifier, rssi in scan:
            if type(identifier) is not bytes:
                if isinstance(identifier, str):
                    identifier = identifier.encode("utf-8", "surrogatepass")
                elif isinstance(identifier, bytearray):
                    identifier = bytes(identifier)
                else:
                    raise TypeError(f"an access point id must be text or bytes, not {type(identifier).__name__}")
            if not isinstance(rssi, float):
                if isinstance(rssi, bool) or not isinstance(rssi, int):
                    raise TypeError(f"an RSSI must be an int or a float, not {type(rssi).__name__}")
                try:
                    rssi = float(rssi)
                except OverflowError:  # An integer past the doubles: not finite, so left out.
                    continue
            if b"\0" not in identifier:  # No map id holds a NUL, and C text ends at one.
                ids.append(identifier)
                rssis.append(rssi)
        # Packed as C lays them out (faster than a ctypes array): pointers into one buffer of ids.
        texts = b"\0".join(ids) + b"\0"
        starts = itertools.accumulate([len(identifier) + 1 for identifier in ids],
                                      initial=ctypes.cast(texts, ctypes.c_void_p).value)
        given = struct.pack("@" + "Pd" * len(ids), *itertools.chain.from_iterable(zip(starts, rssis)))
        fix, message = _C["nb_fix"](), ctypes.create_string_buffer(1024)
        with self._lock:  # Only reads the bundle, but its names lie in the mapping that close() releases.
            status = _core.nb_locate(self._live(), given, len(ids), ctypes.byref(fix), message, len(message))
            if status:
                self._raise(status, message.value.decode("utf-8", "replace"))
            if not fix.located:
                return None
            return Fix(fix.building, self._text(fix.building_name, fix.building_name_length), fix.floor,
                       self._text(fix.floor_name, fix.floor_name_length), fix.ordinal,
                       None if fix.venue_level == NONE else fix.venue_level, fix.latitude_e7, fix.longitude_e7,
                       fix.latitude, fix.longitude, fix.confidence, fix.neighbours)

    # Conditions (docs/conditions.md)

    def apply_conditions(self, profile, conditions):
        """``profile``'s metric with ``conditions`` applied (text, parsed JSON or
        ``Conditions``), for ``route_on``: closed arcs ``INFINITE``, slowed ones
        ``slowed_cost``; always from the profile's costs. ``ConditionsError`` when they cannot be
        applied, ``BundleError`` for an unknown profile or no ``CCHT``."""
        index = self._profile_index(profile)
        self.customise(profile)  # The profile and the hierarchy first: without them nothing applies.
        handle = ctypes.c_void_p()
        self._conditions_call(_core.nb_conditions_apply, _conditions_text(conditions), index, ctypes.byref(handle))
        return Metric(self, profile, handle.value)

    def exit_under_conditions(self, profile, node, conditions):
        """The way out from ``node`` for ``profile`` under ``conditions``
        (docs/conditions.md, "The way out"): ``(exit node, milliseconds, [node, ...])`` or None.
        Needs ``EGRC``; errors as ``apply_conditions``."""
        index = self._profile_index(profile)
        self._check_node(node)
        path = _C["nb_path"]()
        try:
            self._conditions_call(_core.nb_exit_conditions, _conditions_text(conditions), index, node,
                                  ctypes.byref(path))
            nodes = path.nodes[:path.node_count]
            return (nodes[-1], path.duration, nodes) if nodes else None
        finally:
            _core.nb_path_free(ctypes.byref(path))

    def leaving_costs(self, profile):
        """``profile``'s costs of leaving (``PROF`` with ``EGRC``'s), a new list; needs ``EGRC``."""
        return self._per_arc(_core.nb_leaving_costs, self._profile_index(profile), None).tolist()

    def resolve_conditions(self, conditions):
        """The ``ARCS`` arcs ``conditions`` cover ("Resolution, exactly"):
        ``ArcConditions(closed, factors)``."""
        out = _C["nb_arc_conditions"]()
        try:
            self._conditions_call(_core.nb_conditions_resolve, _conditions_text(conditions), ctypes.byref(out))
            return ArcConditions(out.closed[:out.closed_count],
                                 dict(zip(out.slowed[:out.slowed_count], out.factors[:out.slowed_count])))
        finally:
            _core.nb_arc_conditions_free(ctypes.byref(out))


def _utf8(text, what, terminated=False):
    """``text`` (``str`` or UTF-8 bytes) as UTF-8 bytes for the C reader; ``ValueError`` for
    what is not text, and, where the C reader reads to a NUL, for a NUL inside it."""
    if isinstance(text, str):
        try:
            data = text.encode("utf-8")
        except UnicodeEncodeError:
            raise ValueError(f"{what} holds a lone surrogate, not text") from None
    elif isinstance(text, (bytes, bytearray, memoryview)):
        data = bytes(text)
        try:
            data.decode("utf-8")
        except UnicodeDecodeError:
            raise ValueError(f"{what} is not valid UTF-8") from None
    else:
        raise ValueError(f"{what} must be text, not {type(text).__name__}")
    if terminated and b"\0" in data:
        raise ValueError(f"{what} holds a NUL character")
    return data
