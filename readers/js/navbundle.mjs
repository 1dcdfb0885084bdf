/** Read navforge bundles (formats 1.x and 2.0) in JavaScript, with no dependencies: Node 20 and
 * later, and evergreen browsers.
 *
 * The reading is the C reader's (readers/c/navbundle.c) compiled to WebAssembly (navbundle.wasm
 * beside this file, made by scripts/build-wasm-reader.sh): opening and its checks, endpoints,
 * search, snapping, routes on contraction and customisable hierarchies, conditions, the way out,
 * outlines and locating are one implementation shared with the C reader, so that the two cannot
 * disagree. This module turns its answers into JavaScript values and errors, checks checksums and
 * signatures with WebCrypto (far faster than SHA-256 compiled to WebAssembly), and groups routes
 * into steps. A bundle's bytes are copied once into the WebAssembly memory, which is released
 * when the bundle is garbage-collected. A damaged or hostile file gives a BundleError, never a
 * wrong answer or an error of another kind. */

export const INFINITE = 0xffffffff;
/** How many candidates an endpoint error lists (docs/endpoints.md). */
export const LISTED_CANDIDATES = 5;
export const NODE_KINDS = ['junction', 'door', 'entrance', 'room', 'connector landing', 'point of interest'];
export const ARC_KINDS = ['walk', 'outdoor path', 'indoor path', 'stairs', 'lift', 'escalator', 'ramp', 'steps',
  'building link'];
export const PLACE_KINDS = ['room', 'point of interest'];
export const OUTLINE_KINDS = ['room', 'corridor', 'area', 'stairwell', 'lift', 'outdoor area', 'obstacle'];
/** Search key fields by number. */
export const FIELDS = ['ref', 'name', 'word', 'category', 'alias'];

const NONE = 0xffffffff;
const SECTION_TAG = /\b(?:CH[0-9A-F]{2}|[A-Z]{4})\b/;
// nb_status of navbundle.h, as BundleError codes.
// NB_ERROR_CONDITIONS (7) becomes a ConditionsError instead.
const STATUS_CODES = [null, 'unavailable', 'malformed', 'checksum', 'argument', 'out-of-memory', 'unavailable', null,
  'unknown-language'];
// nb_refusal_kind of navbundle.h (what nb_open_table refused), as BundleError codes.
const REFUSAL_CODES = [null, 'not-a-bundle', 'unsupported-version', 'size-mismatch', 'section-table', 'missing-section'];
const ERROR_CONDITIONS = 7;
// nb_step_action of navbundle.h, by value.
const ACTIONS = ['walk', 'walkOutside', 'enterBuilding', 'leaveBuilding', 'stairs', 'elevator', 'escalator', 'ramp', 'steps'];
// nb_maneuver_kind and nb_maneuver_modifier of navbundle.h, by value (OSRM's words).
export const MANEUVER_KINDS = ['depart', 'turn', 'continue', 'fork', 'door', 'enter', 'exit', 'stairs', 'escalator',
  'elevator', 'ramp', 'platform', 'arrive'];
export const MODIFIERS = [null, 'uturn', 'sharp right', 'right', 'slight right', 'straight', 'slight left', 'left',
  'sharp left'];
// nb_landmark_placement and nb_landmark_side of navbundle.h, by value.
export const PLACEMENTS = [null, 'before', 'at', 'after', 'beside'];
export const SIDES = [null, 'left', 'right', 'ahead'];

// ---- Errors ----

/** The bytes are not a bundle this reader can use, a section is damaged, the bundle lacks what a
 * call needs, or a call's argument is wrong. `code` says which (see README.md); `section` names
 * the section at fault when there is one. */
export class BundleError extends Error {
  constructor(code, message, section = null) {
    super(message);
    this.name = 'BundleError';
    this.code = code;
    this.section = section;
  }
}

/** A BundleError of a module-level call (no bundle's own): `name`, when given, starts the message. */
function namedError(code, message, name) {
  return new BundleError(code, (name ? `${name}: ` : '') + message);
}

/** An endpoint text that names no single place or position (docs/endpoints.md): `code` is
 * `empty`, `unknown`, `ambiguous`, `elsewhere`, `needs-level`, `unknown-level` or
 * `bad-coordinate`; `candidates` the places it could mean (all of them for `ambiguous` and
 * `elsewhere`, up to three suggestions for `unknown`). */
export class EndpointError extends Error {
  constructor(code, text, candidates = []) {
    super(`${code}: ${JSON.stringify(text)}` + (candidates.length ? ` (${candidates.length} places)` : ''));
    this.name = 'EndpointError';
    this.code = code;
    this.text = text;
    this.candidates = [...candidates];
  }
}

/** Conditions (docs/conditions.md) that cannot be applied. `code` is `invalid` (the text breaks
 * the format; `entries` holds the entry at fault, `closed[0]` or `slow[2]`, when there is one),
 * `ambiguous` (`entries` holds the first target that names several places and nothing else,
 * `candidates` those places) or `unmatched` (`entries` holds every target that covers no arc, in
 * file order). */
export class ConditionsError extends Error {
  constructor(code, message, entries = [], candidates = []) {
    super(message);
    this.name = 'ConditionsError';
    this.code = code;
    this.entries = [...entries];
    this.candidates = [...candidates];
  }
}

// ---- The C reader, compiled to WebAssembly ----

/** The module's bytes: next to this file, read from disk in Node and fetched in browsers. */
async function coreBytes() {
  const url = new URL('./navbundle.wasm', import.meta.url);
  if (url.protocol === 'file:' && typeof process === 'object' && process.versions?.node) {
    const { readFile } = await import('node:fs/promises');
    return readFile(url);
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`navbundle.mjs: ${url} answered ${response.status}: the reader's core is missing`);
  return response.arrayBuffer();
}

// The core writes no files; wasi-libc only links these for stdio it never uses (ENOSYS).
const NO_FILES = { fd_close: () => 52, fd_seek: () => 52, fd_write: () => 52 };
const core = (await WebAssembly.instantiate(await coreBytes(), { wasi_snapshot_preview1: NO_FILES })).instance.exports;
core._initialize();

let heap = new Uint8Array(core.memory.buffer);
let data = new DataView(core.memory.buffer);
let words = new Uint32Array(core.memory.buffer);
/** Views of the core's memory, made again whenever it has grown (which detaches the old ones). */
function memory() {
  // Growing detaches the old buffer, whose views then have length 0 (cheaper to ask than buffer).
  if (heap.length === 0) {
    heap = new Uint8Array(core.memory.buffer);
    data = new DataView(core.memory.buffer);
    words = new Uint32Array(core.memory.buffer);
  }
  return data;
}
const u8 = (at) => (memory(), heap[at]);
const u32 = (at) => memory().getUint32(at, true);
const i32 = (at) => memory().getInt32(at, true);
const f64 = (at) => memory().getFloat64(at, true);
const i64 = (at) => Number(memory().getBigInt64(at, true));
const unknownIfNegative = (value) => (value < 0 ? null : value);
/** `count` u32 values of an array the core allocated at `at` (so 4-byte aligned), copied into an
 * array by a loop over the one view of the memory: Array.from takes its iterator path, several
 * times slower, and a view per call costs a route more than the copy. */
function u32s(at, count) {
  memory();
  const first = at >>> 2;
  const array = new Array(count);
  for (let i = 0; i < count; i++) array[i] = words[first + i];
  return array;
}

/** Memory of the core's, freed when done: `bytes` of it, or the core refuses for lack of it. */
function allocate(bytes) {
  // The core's sizes are 32-bit: a larger count would reach malloc cut to its low 32 bits.
  if (!(bytes <= 0xffffffff)) throw new BundleError('out-of-memory', `the reader's memory cannot hold ${bytes} more bytes`);
  const at = core.malloc(Math.max(bytes, 1)) >>> 0; // wasm returns i32: an address past 2 GiB is negative
  if (at === 0) throw new BundleError('out-of-memory', `the reader's memory cannot hold ${bytes} more bytes`);
  return at;
}

/** `use(at)` with `bytes` of the core's memory, freed when it returns or throws. */
function withMemory(bytes, use) {
  const at = allocate(bytes);
  try {
    return use(at);
  } finally {
    core.free(at);
  }
}

/** `use(at, length)` with `text` (a string or UTF-8 bytes) NUL-terminated in the core's memory,
 * freed when it returns or throws. */
function withText(text, use) {
  const [at, length] = cText(text);
  try {
    return use(at, length);
  } finally {
    core.free(at);
  }
}

// Out-parameters and messages of the calls, in the core's memory for the module's life; the
// offsets are those of navbundle.h's structs on wasm32 (4-byte pointers and sizes).
const OUT = allocate(512);
const PATH = OUT + 64; // nb_path
const FAULT = OUT + 96; // nb_conditions_error
const RESOLVED = OUT + 128; // nb_arc_conditions
const FIX = OUT + 208; // nb_fix
const RECORD = OUT + 304; // nb_level, nb_node, nb_arc, nb_place, nb_event, nb_reference_point + nb_point_reading
const REFUSAL = OUT + 448; // nb_refusal
const MESSAGE_SIZE = 1024;
const MESSAGE = allocate(MESSAGE_SIZE);

/** `value` as a Uint8Array when it is an ArrayBuffer, a SharedArrayBuffer or a Uint8Array, else null. */
function bytesOf(value) {
  if (value instanceof Uint8Array) return value;
  const shared = typeof SharedArrayBuffer !== 'undefined' && value instanceof SharedArrayBuffer;
  return value instanceof ArrayBuffer || shared ? new Uint8Array(value) : null;
}

/** `use(at)` with `values` (u32s) copied into the core's memory, freed when it returns or throws. */
function withU32s(values, use) {
  return withMemory(4 * values.length, (at) => {
    new Uint32Array(core.memory.buffer, at, values.length).set(values);
    return use(at);
  });
}

/** The text of `length` bytes the core allocated at `at` (an out-parameter pair at OUT), freed. */
function takeText(at = u32(OUT), length = u32(OUT + 4)) {
  const text = textAt(at, length);
  core.free(at);
  return text;
}

/** `text` (a string) or UTF-8 bytes as a NUL-terminated copy in the core's memory: `[at, length]`. */
function cText(text) {
  const bytes = typeof text === 'string' ? ENCODER.encode(text) : text;
  const at = allocate(bytes.length + 1);
  memory();
  heap.set(bytes, at);
  heap[at + bytes.length] = 0;
  return [at, bytes.length];
}

/** `length` bytes of the core's memory at `at` as text, or null when they are not UTF-8. */
const textAt = (at, length) => (memory(), decodeUtf8(heap.subarray(at, at + length)));
const cString = (at) => {
  memory();
  let end = at;
  while (heap[end] !== 0) end++;
  return textAt(at, end - at) ?? '';
};

/** How the fields of the core's records are read, by the names the layouts below give them. */
const FIELDS_BY_TYPE = {
  u8, u32, i32, f64,
  index: (at) => (u32(at) === NONE ? null : u32(at)), // NB_NONE for none
  count: (at) => unknownIfNegative(i32(at)),
  count64: (at) => unknownIfNegative(i64(at)),
  i64,
  flag: (at) => u32(at) !== 0,
};

// The records of navbundle.h on wasm32, field by field: `name:type@offset`, in the order the API
// lists the fields; a `text` is an nb_text, which the bundle decodes (NavBundle._text). Each field
// becomes [name, reader or null for text, offset] once, since viewers read records by the million.
const layout = (fields) => fields.split(/\s+/).map((field) => /^(\w+):(\w+)@(\d+)$/.exec(field).slice(1))
  .map(([name, type, offset]) => [name, type === 'text' ? null : FIELDS_BY_TYPE[type], Number(offset)]);
const FIX_RECORD = layout(`building:u32@4 buildingName:text@8 floor:u32@16 floorName:text@20 ordinal:f64@32
  venueLevel:index@40 latitude:f64@56 longitude:f64@64 latitudeE7:i32@44 longitudeE7:i32@48 confidence:f64@72 neighbours:u32@80`);
const STEP_RECORD = layout(`action:u32@0 label:text@4 fromLevel:u32@12 toLevel:u32@16 length:f64@24 duration:f64@32
  stepCount:count64@40 rise:f64@48 isAlongPath:flag@56 startIndex:u32@60 endIndex:u32@64`);
const MANEUVER_RECORD = layout(`kind:u32@0 modifier:u32@4 routeIndex:u32@8 corner:index@12 latitudeE7:i32@16
  longitudeE7:i32@20 level:u32@24 alongCentimetres:i64@32 distanceCentimetres:i64@40 durationMilliseconds:i64@48
  bearingBefore:count@56 bearingAfter:count@60 way:text@64`);
const LEVEL_CHANGE_RECORD = layout('fromLevel:u32@76 toLevel:u32@80 direction:i32@84 stepCount:count64@88 riseHundredths:i32@96');
const LANDMARK_RECORD = layout('index:index@100 placement:u32@104 side:u32@108 name:text@112');

/** The record at `at` read by `fields` (a layout) into `into`, strings decoded by `bundle`. */
function readRecord(bundle, at, fields, into = {}) {
  for (let i = 0; i < fields.length; i++) {
    const [name, read, offset] = fields[i];
    into[name] = read === null ? bundle._text(at + offset) : read(at + offset);
  }
  return into;
}

/** The corners `fill(at, capacity)` writes as (latitude, longitude) in 1e-7 degree, their number
 * at OUT + 32, in degrees: `[[lat, lon], ...]`. */
function corners(fill, bundle) {
  bundle._check(fill(scratch.at, scratch.corners));
  const count = u32(OUT + 32);
  if (count > scratch.corners) {
    core.free(scratch.at);
    scratch.at = allocate(8 * count);
    scratch.corners = count;
    bundle._check(fill(scratch.at, count));
  }
  const ints = new Int32Array(core.memory.buffer, scratch.at, 2 * count);
  const points = new Array(count);
  for (let c = 0; c < count; c++) points[c] = [ints[2 * c] / 1e7, ints[2 * c + 1] / 1e7];
  return points;
}

// Room for corners, kept between calls: shapes and outlines are read by the thousand.
const scratch = { at: allocate(8 * 64), corners: 64 };

/** Reads and frees the nb_path at PATH into `path` (`{duration, nodes, arcs}` after what it
 * holds), or null when unreachable. The u64 duration is read as two halves, sparing a BigInt per
 * route: their sum rounds as Number(BigInt) does, once, past 2^53. */
function takePath(path = {}) {
  const nodes = u32(PATH + 16);
  if (nodes !== 0) {
    path.duration = u32(PATH) + u32(PATH + 4) * 2 ** 32;
    path.nodes = u32s(nodes, u32(PATH + 20));
    path.arcs = u32s(u32(PATH + 24), u32(PATH + 28));
  }
  core.nb_path_free(PATH);
  return nodes === 0 ? null : path;
}

/** The ConditionsError the nb_conditions_error at FAULT describes (and frees it), as the core words it. */
function takeConditionsError() {
  if (core.nb_conditions_error_json(FAULT, OUT, OUT + 4) !== 0) {
    throw new BundleError('out-of-memory', 'the reader\'s memory cannot hold the conditions\' error');
  }
  const { code, message, entries, candidates } = JSON.parse(takeText());
  return new ConditionsError(code, message, entries, candidates);
}

const bundles = new FinalizationRegistry(({ handle, bytes }) => {
  core.nb_close(handle);
  core.free(bytes);
});
const metrics = new FinalizationRegistry((metric) => core.nb_metric_free(metric));

// ---- Text and numbers ----

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const ENCODER = new TextEncoder();

/** `bytes` as text, or null when they are not UTF-8. */
function decodeUtf8(bytes) {
  try {
    return UTF8.decode(bytes);
  } catch {
    return null;
  }
}

/** Whether a JS string holds a lone surrogate, which no UTF-8 text can. */
function hasLoneSurrogate(text) {
  return /\p{Surrogate}/u.test(text);
}

/** Text given as a string or UTF-8 bytes, as a string; a BundleError `argument` otherwise. */
function textOf(text, what, bundle) {
  if (text instanceof Uint8Array) {
    const decoded = decodeUtf8(text);
    if (decoded === null) throw bundle._argument(`${what} is not valid UTF-8`);
    text = decoded;
  }
  if (typeof text !== 'string') throw bundle._argument(`${what} must be a string`);
  if (hasLoneSurrogate(text)) throw bundle._argument(`${what} holds a lone surrogate, not text`);
  return text;
}

/** `value` rounded to an integer, halves away from zero as the format requires (Math.round
 * rounds halves up, towards +infinity), by the core's rule. */
export function roundHalfAway(value) {
  return core.nb_round_half_away(value);
}

/** `value` with `digits` decimals exactly as C's printf("%.Nf") writes it, by the core's printf:
 * the exact binary value rounded half to even. Number.prototype.toFixed takes the larger of two
 * equally near results, which differs at exact ties (0.0625 is "0.062" in C). */
export function formatFixed(value, digits = 3) {
  if (!Number.isInteger(digits) || digits < 0 || digits > 100) throw new BundleError('argument', `${digits} digits`);
  const length = core.nb_format_fixed(value, digits, MESSAGE, MESSAGE_SIZE);
  if (length < MESSAGE_SIZE) return textAt(MESSAGE, length);
  return withMemory(length + 1, (at) => textAt(at, core.nb_format_fixed(value, digits, at, length + 1)));
}

/** A double as Swift's `description` writes it ("2.0", "0.5", "1e-05", "1e+16"), as the core
 * writes it in level names and instructions. */
export function swiftDouble(value) {
  return textAt(MESSAGE, core.nb_swift_double(Number(value), MESSAGE));
}

/** A scanned access point id as the map stores it, as the core normalises the ids it locates:
 * twelve hex digits, or six groups of one or two hex digits all joined by `:` or all by `-`,
 * become six lower-case pairs joined by `:`; any other id stays as it is. */
export function normalisedAccessPoint(text) {
  const normalised = withText(String(text), (at, length) => core.nb_normalised_access_point(at, length, MESSAGE));
  return normalised ? textAt(MESSAGE, 17) : text;
}

// ---- Conditions ----

const PARSED = Symbol('parsed conditions');

/** Conditions given as text, bytes or parseConditions' result, as UTF-8 bytes; ConditionsError
 * `invalid` for anything else. */
function conditionsBytes(conditions) {
  if (conditions && typeof conditions === 'object' && conditions[PARSED]) return conditions[PARSED];
  if (conditions instanceof ArrayBuffer) return new Uint8Array(conditions);
  if (conditions instanceof Uint8Array) return conditions;
  if (typeof conditions !== 'string') throw new ConditionsError('invalid', 'the conditions must be JSON text');
  if (hasLoneSurrogate(conditions)) throw new ConditionsError('invalid', 'the conditions are not UTF-8 text (a lone surrogate)');
  return ENCODER.encode(conditions);
}

/** Conditions from their JSON text (a string, or UTF-8 bytes as a Uint8Array or ArrayBuffer),
 * checked against docs/conditions.md by the core: `{entries: [{position, target, factor}]}`,
 * every target in the order they resolve (`closed`, then `slow`), `factor` null for a closure; a
 * target is `{kind: 'name', text}`, `{kind: 'level', text}` or `{kind: 'polygon', text,
 * polygon: [[lat, lon], ...]}`. Anything that breaks the format throws ConditionsError `invalid`,
 * naming the entry at fault when there is one. */
export function parseConditions(conditions) {
  if (conditions && typeof conditions === 'object' && conditions[PARSED]) return conditions;
  const bytes = conditionsBytes(conditions);
  const parsed = { entries: JSON.parse(withText(bytes, (text, length) => {
    const status = core.nb_conditions_parse_json(text, length, OUT, OUT + 4, FAULT);
    if (status === ERROR_CONDITIONS) throw takeConditionsError();
    if (status !== 0) throw new BundleError('out-of-memory', 'the conditions do not fit the reader\'s memory');
    return takeText();
  })) };
  Object.defineProperty(parsed, PARSED, { value: Uint8Array.from(bytes) });
  return parsed;
}

/** An arc's `cost` (u32 milliseconds) slowed by `factor`: the double product rounded half away
 * from zero, at most INFINITE - 1 so that the arc stays passable; an impassable arc stays so. The
 * core's rule, by the core (its u32 comes back as a signed i32). */
export function slowedCost(cost, factor) {
  return core.nb_slowed_cost(cost, factor) >>> 0;
}

function errorRecord(error) {
  return { code: error.code, message: error.message, entries: [...error.entries], candidates: [...error.candidates] };
}

// ---- Opening ----

/** The section a core message names, when it names one. */
function sectionNamed(message) {
  const found = SECTION_TAG.exec(message);
  return found ? found[0] : null;
}

/** The core's message with the name it starts with taken off when the caller gave none. */
function named(message, name) {
  return name === null && message.startsWith(': ') ? message.slice(2) : message;
}

/** Opens a bundle from its bytes (an ArrayBuffer or a Uint8Array), copied once into the reader's
 * memory. Checks the header, the section table and the required sections; with `verifyChecksums`
 * (the default) also every section's checksum and the whole-file SHA-256, by WebCrypto, before
 * the required sections. `name` (optional) starts every error message.
 *
 * Rejects with a BundleError: `webcrypto-unavailable` when checksums are asked for and
 * `crypto.subtle` is missing (a page that is not a secure context), else the code of the damage. */
export async function open(bytes, { verifyChecksums = true, name = null } = {}) {
  const view = bytesOf(bytes);
  if (view === null) throw new BundleError('argument', 'a bundle is opened from an ArrayBuffer or a Uint8Array');
  const at = allocate(view.length);
  memory();
  heap.set(view, at);
  return openInCore(at, view.length, verifyChecksums, name);
}

/** Opens a bundle from a fetch `Response` (`{verifyChecksums = true, name = null}` as `open`),
 * its body read chunk by chunk straight into the reader's memory, sized by its Content-Length (at
 * most 64 MiB at first, then grown as the bytes come): no
 * ArrayBuffer of the whole file is made first and then copied, which saves a browser that
 * downloads a large bundle a copy and half the memory. Checks and errors are those of `open`.
 *
 * Rejects with a BundleError `argument` for a response that is not ok (an HTTP error) or whose
 * body was read already, and with `webcrypto-unavailable` before it reads the body, so that the
 * same response can still be opened with {verifyChecksums: false}. A failing download rejects
 * with the error of its stream, as `response.arrayBuffer()` would. */
export async function openResponse(response, { verifyChecksums = true, name = null } = {}) {
  if (typeof Response === 'undefined' || !(response instanceof Response)) {
    throw namedError('argument', 'openResponse takes a fetch Response', name);
  }
  if (!response.ok) throw namedError('argument', `the response is HTTP ${response.status}, not a bundle`, name);
  if (response.bodyUsed) throw namedError('argument', 'the response\'s body was read already', name);
  if (verifyChecksums) checksumsSubtle(name);
  const [at, size] = await readIntoCore(response, name);
  return openInCore(at, size, verifyChecksums, name);
}

/** The body of `response` in the core's memory: `[at, length]`, freed by the caller. */
async function readIntoCore(response, name) {
  // Content-Length is the body's size unless the body is content-encoded (then it is smaller, or
  // absent): a first guess that grows when the bytes outrun it, and at most 64 MiB, since the
  // header is the server's word and the memory it would reserve is never given back.
  const declared = Number(response.headers.get('content-length'));
  let capacity = Number.isSafeInteger(declared) && declared > 0 ? Math.min(declared, 1 << 26) : 1 << 20;
  let at = 0;
  let size = 0;
  const chunks = response.body === null ? null : response.body.getReader();
  try {
    at = allocate(capacity);
    while (chunks !== null) {
      const { done, value } = await chunks.read();
      if (done) break;
      // A Response made from a stream of the caller's passes on whatever that stream gives.
      if (!(value instanceof Uint8Array)) throw namedError('argument', 'the response\'s body gave something other than bytes', name);
      if (size + value.length > capacity) {
        capacity = Math.max(2 * capacity, size + value.length);
        const larger = capacity <= 0xffffffff ? core.realloc(at, capacity) >>> 0 : 0;
        if (larger === 0) throw new BundleError('out-of-memory', `the reader's memory cannot hold ${capacity} more bytes`);
        at = larger;
      }
      memory();
      heap.set(value, at + size);
      size += value.length;
    }
  } catch (error) {
    core.free(at);
    chunks?.cancel().catch(() => {}); // the rest of the download is not wanted
    throw error;
  }
  return [at, size];
}

/** Opens the `size` bytes at `at` of the core's memory (which the bundle then owns) as `open` does. */
async function openInCore(at, size, verifyChecksums, name) {
  const [label] = cText(name ?? '');
  const status = core.nb_open_table(at, size, label, OUT, MESSAGE, MESSAGE_SIZE, REFUSAL);
  core.free(label);
  if (status !== 0) {
    core.free(at);
    const code = REFUSAL_CODES[u32(REFUSAL)] ?? STATUS_CODES[status];
    throw new BundleError(code, named(cString(MESSAGE), name), code === 'missing-section' ? textAt(REFUSAL + 4, 4) : null);
  }
  const handle = u32(OUT);
  const bundle = new NavBundle(OPENING, handle, at, size, name);
  bundles.register(bundle, { handle, bytes: at });
  if (verifyChecksums) await bundle.verify();
  const finished = core.nb_open_finish(handle);
  if (finished !== 0) throw bundle._coreError(finished);
  bundle._readRequired();
  return bundle;
}

const OPENING = Symbol('opening');

/** `crypto.subtle` for checking checksums, or the BundleError `webcrypto-unavailable` (`name` starts it). */
const checksumsSubtle = (name) => subtleToCheck(name, 'the checksums',
  ', or open with {verifyChecksums: false} a bundle whose checksums were checked before');

/** An opened bundle; `open` makes them. */
export class NavBundle {
  constructor(token, handle, at, size, name) {
    if (token !== OPENING) throw new BundleError('argument', 'bundles are opened with open(bytes)');
    this._handle = handle;
    this._at = at;
    this._size = size;
    this._name = name;
    this._cache = new Map();
    this._metrics = new Map();
    this._texts = new Map();
    this._check(core.nb_sections_json(handle, OUT, OUT + 4));
    this._sections = JSON.parse(takeText());
    // The sections present at the version the core reads (nb_has_section), asked once.
    this._readable = new Set(this._sections.map((section) => section.tag)
      .filter((tag) => withText(tag, (at) => core.nb_has_section(handle, at)) !== 0));
  }

  // -- Errors --

  _where() { return this._name ? `${this._name}: ` : ''; }

  /** A BundleError for damage in section `tag`. */
  _error(tag, message) { return new BundleError('malformed', `${this._where()}section ${tag}: ${message}`, tag); }
  _argument(message) { return new BundleError('argument', this._where() + message); }

  /** The BundleError of a core call that returned `status` (its message is the core's). */
  _coreError(status) {
    const message = named(cString(core.nb_last_error(this._handle) >>> 0), this._name);
    return new BundleError(STATUS_CODES[status] ?? 'malformed', message, sectionNamed(message.slice(this._where().length)));
  }

  /** Throws the BundleError of `status` unless it is NB_OK. */
  _check(status) {
    if (status !== 0) throw this._coreError(status);
  }

  /** The nb_text at `at` (a string of the bundle) as a string, or null for none; decoded once per
   * string, as record loops read the same labels often. Keyed by place and length together, since
   * an empty string starts where the next one does. Where the core has not checked the text is
   * UTF-8, `tag` and `message` say what damage it is when it is not. */
  _text(at, tag = null, message = '') {
    const [pointer, length] = [u32(at), u32(at + 4)];
    if (pointer === 0) return null;
    const key = length * 2 ** 32 + pointer; // exact below 2^53: texts of up to a million bytes are kept
    let found = this._texts.get(key);
    if (found === undefined) {
      found = textAt(pointer, length);
      if (length < 2 ** 20) this._texts.set(key, found);
    }
    if (found === null && tag !== null) throw this._error(tag, message);
    return found;
  }

  /** The bundle's bytes in the reader's memory (a view: valid until the memory grows). */
  get _bytes() {
    memory();
    return heap.subarray(this._at, this._at + this._size);
  }

  // -- Opening --

  /** Recomputes every section's checksum and the whole-file SHA-256 (WebCrypto); rejects at the
   * first mismatch with a BundleError `checksum`. Sections come first so that damage inside one is
   * reported by its tag; the file hash then covers what no section does (header, table, padding). */
  async verify() {
    const subtle = checksumsSubtle(this._name);
    // WebCrypto copies what it hashes when called, so the file's own hash field is zeroed for the
    // whole-file digest only while the call is made.
    const bytes = this._bytes;
    const digests = this._sections.map((section) =>
      subtle.digest('SHA-256', bytes.subarray(section.offset, section.offset + section.length)));
    const stored = bytes.slice(32, 64);
    bytes.fill(0, 32, 64);
    digests.push(subtle.digest('SHA-256', bytes));
    bytes.set(stored, 32);
    const digested = await Promise.all(digests);
    // The core compares them with the file's as it compares its own digests.
    this._check(withMemory(32 * digested.length, (at) => {
      digested.forEach((digest, i) => (memory(), heap.set(new Uint8Array(digest), at + 32 * i)));
      return core.nb_verify_digests(this._handle, at);
    }));
  }

  /** What every call reads, once the core has checked the required sections. */
  _readRequired() {
    const handle = this._handle;
    this._levelCount = core.nb_level_count(handle);
    this._nodeCount = core.nb_node_count(handle);
    this._arcCount = core.nb_arc_count(handle);
    this._placeCount = core.nb_place_count(handle);
    this._check(core.nb_profiles_json(handle, OUT, OUT + 4)); // which refuses a name that is not UTF-8
    this._profileNames = JSON.parse(takeText());
    this._eventCount = core.nb_event_count(handle);
  }

  /** Whether section `tag` is present at the version this reader reads (2 for EGRS and WIFI, 1 for
   * every other). */
  has(tag) {
    return this._readable.has(tag);
  }

  /** The section table in file order, sections this reader does not know included. */
  sections() {
    return [...this._sections].sort((a, b) => a.offset - b.offset)
      .map(({ tag, version, offset, length }) => ({ tag, version, offset, length }));
  }

  /** `{major, minor}` of the bundle's format. */
  get formatVersion() {
    return { major: core.nb_format_major(this._handle), minor: core.nb_format_minor(this._handle) };
  }

  // -- Records --

  /** META, parsed: the venue, its sources with their attribution and licence, profiles, levels,
   * bounding box. */
  get metadata() {
    if (!this._cache.has('META')) {
      // The core checks the text is one strict JSON object first: nesting the engine cannot parse
      // or copy would escape as a RangeError, and JSON.parse takes the last of a name given twice.
      this._check(core.nb_metadata_object(this._handle, OUT, OUT + 4));
      this._cache.set('META', JSON.parse(textAt(u32(OUT), u32(OUT + 4))));
    }
    return structuredClone(this._cache.get('META'));
  }

  get levelCount() { return this._levelCount; }
  get nodeCount() { return this._nodeCount; }
  get arcCount() { return this._arcCount; }
  get placeCount() { return this._placeCount; }
  get eventCount() { return this._eventCount; }

  _levelRecords() {
    let levels = this._cache.get('LEVL');
    if (levels === undefined) {
      // Named as the Swift reader names a level: its own name, else "level 2" from its ordinal.
      this._check(core.nb_levels_json(this._handle, OUT, OUT + 4));
      levels = JSON.parse(takeText()).map((level) => Object.freeze(level));
      this._cache.set('LEVL', levels);
    }
    return levels;
  }

  /** The levels in LEVL order: `{index, id, name, buildingId, buildingName, ordinal, shortName,
   * displayName}`; snapping and outlines take an index into this list. */
  levels() { return this._levelRecords().map((level) => ({ ...level })); }

  _checkIndex(value, count, what) {
    if (!Number.isInteger(value) || value < 0 || value >= count) {
      throw this._argument(`${what} ${value} is not one of the ${count} ${what}s`);
    }
  }

  _checkLevel(level) { this._checkIndex(level, this._levelCount, 'level'); }
  _checkNode(node) { this._checkIndex(node, this._nodeCount, 'node'); }
  _checkArc(arc) { this._checkIndex(arc, this._arcCount, 'arc'); }
  _checkPlace(place) { this._checkIndex(place, this._placeCount, 'place'); }

  /** Node `index`: `{index, latitude, longitude, level, kind, label}`, position in degrees. */
  node(index) {
    this._checkNode(index);
    this._check(core.nb_node_record(this._handle, index, RECORD));
    // Written out rather than read by a layout: a viewer reads every node and arc of a city at once.
    return { index, latitude: i32(RECORD) / 1e7, longitude: i32(RECORD + 4) / 1e7, level: u32(RECORD + 8),
      kind: u8(RECORD + 12), label: this._text(RECORD + 16) };
  }

  /** Arc `index`: `{index, tail, head, kind, label, length (metres), indoor}`. */
  arc(index) {
    this._checkArc(index);
    this._check(core.nb_arc_info(this._handle, index, RECORD));
    return { index, tail: u32(RECORD), head: u32(RECORD + 4), kind: u8(RECORD + 12), label: this._text(RECORD + 16),
      length: u32(RECORD + 8) / 100, indoor: u8(RECORD + 13) === 1 };
  }

  /** The arcs leaving `node`, as indexes: `[first, end)`. */
  arcsFrom(node) {
    this._checkNode(node);
    this._check(core.nb_arcs_from(this._handle, node, OUT, OUT + 4));
    return [u32(OUT), u32(OUT) + u32(OUT + 4)];
  }

  /** Arc `index`'s polyline from tail to head, `[[lat, lon], ...]` in degrees: its ends and, in
   * bundles with SHAP, the corners it bends around between them. */
  arcShape(index) {
    this._checkArc(index);
    return corners((at, capacity) => core.nb_arc_shape(this._handle, index, at, capacity, OUT + 32), this);
  }

  /** Profile names, in PROF order. */
  profiles() { return [...this._profileNames]; }

  _profileIndex(profile) {
    const index = this._profileNames.indexOf(profile);
    if (index < 0) throw this._argument(`no profile ${JSON.stringify(profile)}; the bundle has ${this._profileNames.join(', ')}`);
    return index;
  }

  /** A core call that fills one u32 per arc: its values as a new Uint32Array. */
  _perArc(fill) {
    return withMemory(4 * this._arcCount, (at) => {
      this._check(fill(at, this._arcCount));
      return new Uint32Array(core.memory.buffer, at, this._arcCount).slice();
    });
  }

  /** The PROF costs of `profile`, one u32 (milliseconds, INFINITE where it may not go) per arc,
   * as a new Uint32Array the caller may change (to customise with). */
  costs(profile) {
    const index = this._profileIndex(profile);
    return this._perArc((at, count) => core.nb_profile_costs(this._handle, index, at, count));
  }

  /** Place `index` of PLAC: `{index, kind, ref, name, category, description, building,
   * openingHours, phone, email, website, level, node, capacity, latitude, longitude,
   * geofenceRadius}`; level, node, capacity and position are null where the place has none. */
  place(index) {
    this._checkPlace(index);
    this._check(core.nb_place_json(this._handle, index, OUT, OUT + 4));
    return JSON.parse(takeText());
  }

  /** Event `index` of EVNT: `{index, place, title, description, start, end}`, times in seconds
   * since 1970 (Numbers; exact within ±2^53). */
  event(index) {
    this._checkIndex(index, this._eventCount, 'event');
    this._check(core.nb_event_json(this._handle, index, OUT, OUT + 4));
    return JSON.parse(takeText());
  }

  /** Whether the bundle carries a Wi-Fi radio map this reader locates on (WIFI, section version 2;
   * a version 1 map is treated as absent: rebuild the bundle). */
  get hasRadioMap() { return this.has('WIFI'); }

  /** Whether the bundle has a customisable hierarchy (CCHT, format 2.0), which routes then use for
   * every profile and which customise, applyConditions and routeOn need. */
  get customisable() { return this.has('CCHT'); }

  // -- Search, snapping, places of format 1.2 --

  /** `text` folded by the bundle's own table (SRCH), the way its keys were: case, accents and runs
   * of whitespace do not matter, and every reader folds identically whatever its platform's
   * Unicode version. A string, or UTF-8 bytes. */
  fold(text) {
    this._check(withText(textOf(text, 'the text to fold', this),
      (at, length) => core.nb_fold(this._handle, at, length, OUT, OUT + 4)));
    return takeText().split(' ').filter((word) => word).join(' ');
  }

  /** The places with a key starting with `text` folded: `[{place, field}]`, each place once with
   * its best key, ranked by field (0 ref, 1 name, 2 a later word of the name, 3 category, 4 alias)
   * and then by that key's position (SRCH's keys, then ALIA's), at most `limit`. */
  searchPrefix(text, limit = 10) {
    if (!Number.isInteger(limit) || limit < 0) throw this._argument(`limit ${limit} is not a non-negative integer`);
    this._check(withText(textOf(text, 'the search text', this), (at) =>
      core.nb_search_prefix_json(this._handle, at, limit, OUT, OUT + 4)));
    return JSON.parse(takeText());
  }

  _checkPosition(latitude, longitude, level) {
    this._checkLevel(level);
    if (typeof latitude !== 'number' || typeof longitude !== 'number') throw this._argument('positions are numbers in degrees');
  }

  /** The node on `level` nearest to the position (degrees) by the format's metric, ties to the lower
   * node: `{node, metres}`, or null when the level has no nodes. */
  snap(latitude, longitude, level) {
    this._checkPosition(latitude, longitude, level);
    this._check(core.nb_snap(this._handle, latitude, longitude, level, OUT, OUT + 8));
    return u32(OUT) === NONE ? null : { node: u32(OUT), metres: f64(OUT + 8) };
  }

  /** The node on `level` nearest to the position among those in the main pieces of `profile`'s
   * usable graph (PIEC), else the nearest of any piece: `{node, metres, fallback}`, or null when
   * the level has no nodes. Without PIEC every node counts as in a main piece. */
  snapProfile(latitude, longitude, level, profile) {
    const index = this._profileIndex(profile);
    this._checkPosition(latitude, longitude, level);
    this._check(core.nb_snap_profile(this._handle, index, latitude, longitude, level, OUT, OUT + 8, OUT + 16));
    return u32(OUT) === NONE ? null : { node: u32(OUT), metres: f64(OUT + 8), fallback: u32(OUT + 16) !== 0 };
  }

  /** The source feature id of place `index` (`node/123`), or null when it has none or the bundle
   * has no PSRC. */
  placeSource(index) {
    this._checkPlace(index);
    this._check(core.nb_place_source(this._handle, index, OUT, OUT + 4));
    return this._text(OUT, 'STRS', `the source of place ${index} is not UTF-8`);
  }

  /** The aliases of place `index`: `[{text, language, kind}]`, kind 0 a name in another language,
   * 1 an alternative name, 2 a keyword, 3 a platform synonym (others kept as they are); empty
   * without ALIA. */
  placeAliases(index) {
    this._checkPlace(index);
    this._check(core.nb_place_aliases_json(this._handle, index, OUT, OUT + 4)); // none without ALIA
    return JSON.parse(takeText());
  }

  /** The node place `place` attaches to for `profile` (ATCH; PLAC's node without it), or null when
   * it is not on the graph. */
  attachedNode(place, profile) {
    const index = this._profileIndex(profile);
    this._checkPlace(place);
    this._check(core.nb_place_node(this._handle, index, place, OUT));
    return u32(OUT) === NONE ? null : u32(OUT);
  }

  /** Whether `node` lies in a main piece of `profile`'s usable graph (always, without PIEC). */
  inMainPiece(node, profile) {
    const index = this._profileIndex(profile);
    this._checkNode(node);
    this._check(core.nb_in_main_piece(this._handle, index, node, OUT));
    return u32(OUT) !== 0;
  }

  // -- Endpoints (docs/endpoints.md) --

  /** What `text` names as a route endpoint, by the resolution order of docs/endpoints.md:
   * `{kind: 'place', place}` or `{kind: 'position', latitude, longitude, levels}`; an
   * EndpointError when it names no single one. */
  resolveEndpoint(text) {
    // An error names the text as the core trims it (an unknown level by what follows the @).
    const bytes = ENCODER.encode(textOf(text, 'the endpoint', this));
    this._check(withText(bytes, (at, length) => core.nb_resolve_endpoint_json(this._handle, at, length, OUT, OUT + 4)));
    const endpoint = JSON.parse(takeText());
    if (endpoint.code !== undefined) throw new EndpointError(endpoint.code, endpoint.text, endpoint.candidates);
    return endpoint;
  }

  /** The node `endpoint` starts or ends at for `profile`: a place's attachment, or a position's
   * profile snap on its levels, the nearest (ties to the lower node); null when there is none. */
  endpointNode(endpoint, profile) {
    if (endpoint === null || typeof endpoint !== 'object') throw this._argument('an endpoint is what resolveEndpoint returns');
    if (endpoint.kind === 'place') return this.attachedNode(endpoint.place, profile);
    if (endpoint.kind !== 'position' || !Array.isArray(endpoint.levels)) {
      throw this._argument('an endpoint is what resolveEndpoint returns');
    }
    const index = this._profileIndex(profile);
    const { latitude, longitude, levels } = endpoint;
    for (const level of levels) this._checkPosition(latitude, longitude, level);
    // The core snaps on each level and keeps the nearest, as it does for its own endpoints.
    this._check(withU32s(levels, (at) =>
      core.nb_position_node(this._handle, index, latitude, longitude, at, levels.length, OUT)));
    return u32(OUT) === NONE ? null : u32(OUT);
  }

  /** Level `level`'s space outlines (OUTL): `[{kind, label, place, rings}]`, each ring open, of
   * [latitude, longitude] corners in degrees, the exterior first. */
  outlines(level) {
    this._checkLevel(level);
    this._check(core.nb_level_outlines_json(this._handle, level, OUT, OUT + 4)); // as JSON: a level holds thousands
    return JSON.parse(takeText());
  }

  // -- Routing --

  /** The fastest route from node `from` to node `to` for `profile`: `{profile, duration (ms), nodes,
   * arcs}` (`arcs[i]` from `nodes[i]` to `nodes[i + 1]`), or null when `to` cannot be reached; on
   * CCHT (the profile's metric, customised on its first route) or the profile's CHxx. */
  route(profile, from, to) {
    const index = this._profileIndex(profile);
    this._checkNode(from);
    this._checkNode(to);
    this._check(core.nb_route_path(this._handle, index, from, to, PATH));
    return takePath({ profile });
  }

  /** The fastest route from `stops[0]` through the others in order to the last, for `profile`
   * (docs/endpoints.md, "Via points"): each leg as route finds it, joined, with `legs`, each
   * `{firstNode, lastNode, duration}` (indexes into `nodes`, milliseconds); null when any leg
   * cannot be reached. A round trip names its start again as its last stop. */
  routeThrough(profile, stops) {
    const index = this._profileIndex(profile);
    return this._through(stops, { profile }, (at, starts, durations) =>
      core.nb_route_via(this._handle, index, at, stops.length, PATH, starts, durations));
  }

  /** routeThrough under `metric` (as routeOn takes it): each leg as routeOn finds it. */
  routeOnThrough(metric, stops) {
    if (!(metric instanceof Metric) || metric._bundle !== this) throw this._argument('the metric was not customised by this bundle');
    return this._through(stops, { profile: metric.profile }, (at, starts, durations) =>
      core.nb_route_metric_via(this._handle, metric._pointer, at, stops.length, PATH, starts, durations));
  }

  /** A route through `stops` by `route(stops, starts, durations)`, a core call that fills PATH and
   * the legs' starts (32-bit) and milliseconds (64-bit, first, so that they are aligned). */
  _through(stops, path, route) {
    if (!Array.isArray(stops) || stops.length < 2) {
      throw this._argument(`a route through stops takes at least two stops, not ${Array.isArray(stops) ? stops.length : 'no list'}`);
    }
    stops.forEach((stop) => this._checkNode(stop));
    const legs = stops.length - 1;
    return withU32s(stops, (at) => withMemory(12 * legs, (room) => {
      this._check(route(at, room + 8 * legs, room));
      const found = takePath(path);
      if (found === null) return null;
      const starts = u32s(room + 8 * legs, legs);
      found.legs = starts.map((first, leg) => ({
        firstNode: first,
        lastNode: leg + 1 < legs ? starts[leg + 1] : found.nodes.length - 1,
        duration: u32(room + 8 * leg) + u32(room + 8 * leg + 4) * 2 ** 32,
      }));
      return found;
    }));
  }

  // -- Tours (TOUR, docs/tours.md) --

  /** Every tour, in bundle order: `[{name, source, kind, start, end, length, arcs, durations}]`,
   * `kind` 'foot', 'hiking', 'running' or 'fitness_trail', `length` in centimetres, `arcs` in
   * walking order, `durations` the milliseconds per profile name to follow it whole (null where
   * the profile may not use every arc). Empty without TOUR. */
  tours() {
    this._check(core.nb_tours_json(this._handle, OUT, OUT + 4));
    return JSON.parse(takeText()).map((tour) => ({
      ...tour, durations: Object.fromEntries(this._profileNames.map((name, i) => [name, tour.durations[i]])),
    }));
  }

  /** The tours whose name or a later word of it starts with `text` (folded as place search folds),
   * best first: indexes into `tours()`. */
  findTours(text) {
    this._check(withText(textOf(text, 'the search text', this), (at) =>
      core.nb_tour_search_json(this._handle, at, OUT, OUT + 4)));
    return JSON.parse(takeText());
  }

  /** The route from node `from` onto tour `tour` and along it (docs/tours.md): the route query's
   * route to where the person joins (`join` 'start', or 'nearest': the tour's node reached first),
   * then the tour to its end, or round a loop to that node. As routeThrough gives a route, with two
   * `legs`; null when the profile may not follow the whole tour or cannot reach it. */
  followTour(profile, from, tour, join = 'start') {
    const index = this._profileIndex(profile);
    this._checkNode(from);
    const joins = { start: 0, nearest: 1 };
    if (!Object.hasOwn(joins, join)) throw this._argument(`join ${JSON.stringify(join)} is neither 'start' nor 'nearest'`);
    if (!Number.isInteger(tour) || tour < 0 || tour > 0xFFFFFFFF) throw this._argument(`tour ${tour} is not an index`);
    return withMemory(24, (room) => {
      this._check(core.nb_route_tour(this._handle, index, tour, from, joins[join], PATH, room + 16, room));
      const found = takePath({ profile });
      if (found === null) return null;
      const second = u32(room + 20);
      found.legs = [
        { firstNode: 0, lastNode: second, duration: u32(room) + u32(room + 4) * 2 ** 32 },
        { firstNode: second, lastNode: found.nodes.length - 1, duration: u32(room + 8) + u32(room + 12) * 2 ** 32 },
      ];
      return found;
    });
  }

  // -- Crowds (CRWD, docs/crowds.md) --

  /** The crowd in every walkable area the bundle's access points serve, from `counts`, an object
   * from access point (a BSSID in any spelling, or a label) to the people it counts: `[{outline,
   * level, accessPoint, people, density, factor}]` in CRWD's order, `factor` the time factor in
   * thousandths (null where walkers stand still). */
  crowd(counts) {
    this._check(withText(this._countsText(counts), (at, length) => core.nb_crowd_json(this._handle, at, length, OUT, OUT + 4)));
    return JSON.parse(takeText());
  }

  /** The conditions text (docs/conditions.md) the crowds of crowd(counts) put on routes, for
   * applyConditions: each slowed area as a polygon with its factor, each where walkers stand still closed. */
  crowdConditions(counts) {
    this._check(withText(this._countsText(counts), (at, length) =>
      core.nb_crowd_conditions_json(this._handle, at, length, OUT, OUT + 4)));
    return takeText();
  }

  _countsText(counts) {
    if (counts === null || typeof counts !== 'object' || Array.isArray(counts)) {
      throw this._argument('crowd counts are an object from access point to people');
    }
    for (const [key, value] of Object.entries(counts)) {
      if (!Number.isInteger(value)) throw this._argument(`crowd counts: ${JSON.stringify(key)}: ${value} is not a count of people`);
    }
    return textOf(JSON.stringify(counts), 'the crowd counts', this);
  }

  // -- Geofences (GFNC, docs/geofences.md) --

  /** The places a position (degrees) on any of `levels` (an index or a list) is in or near, in
   * place order: `[{place, inside, metres}]`, `inside` when one of its outlines contains the
   * position (else its circle reaches it), `metres` from its position (null without one). */
  geofences(latitude, longitude, levels) {
    const chosen = this._levelList(levels);
    if (typeof latitude !== 'number' || typeof longitude !== 'number') throw this._argument('positions are numbers in degrees');
    this._check(withU32s(chosen, (at) =>
      core.nb_geofence_json(this._handle, latitude, longitude, at, chosen.length, OUT, OUT + 4)));
    return JSON.parse(takeText());
  }

  /** The places entered and left along `track`, `[{latitude, longitude, levels}]`:
   * `[{position, kind, place}]`, at each position the places left (`kind` 'leave') and then
   * those entered ('enter'), each in place order. */
  geofenceEvents(track) {
    if (!Array.isArray(track)) throw this._argument('a track is a list of positions');
    const first = [0], levels = [];
    for (const position of track) {
      if (typeof position?.latitude !== 'number' || typeof position?.longitude !== 'number') {
        throw this._argument('positions are numbers in degrees');
      }
      levels.push(...this._levelList(position.levels));
      first.push(levels.length);
    }
    const count = track.length;
    this._check(withMemory(16 * count, (degrees) => withU32s(first, (firstAt) => withU32s(levels, (levelsAt) => {
      const view = new Float64Array(core.memory.buffer, degrees, 2 * count);
      track.forEach((position, i) => { view[i] = position.latitude; view[count + i] = position.longitude; });
      return core.nb_geofence_events_json(this._handle, degrees, degrees + 8 * count, firstAt, levelsAt, count, OUT, OUT + 4);
    }))));
    return JSON.parse(takeText());
  }

  _levelList(levels) {
    const list = Number.isInteger(levels) ? [levels] : levels;
    if (!Array.isArray(list)) throw this._argument('levels are a level index or a list of them');
    list.forEach((level) => this._checkLevel(level));
    return list;
  }

  // -- Nearest of a kind (docs/nearest.md) --

  /** The `limit` places nearest to node `from` by travel time for `profile` among those `filter`
   * admits: `[{place, node, duration (ms), length (cm), nodes}]`, nearest first (time, then node,
   * then place), by one search rather than a route per place. `filter` may hold `category` (starts
   * the place's category), `keyword` (starts one of its search keys), `levels` (a level qualifier
   * as after an endpoint's `@`), `minCapacity` (a least known capacity) and `among` (the only
   * places to consider, e.g. those free now). A text that folds to nothing, a qualifier naming no
   * level or a place out of range throws a BundleError of code `argument`. */
  nearest(profile, from, limit, filter = {}) {
    return this._nearest(this._profileIndex(profile), 0, from, limit, filter);
  }

  /** nearest under `metric` (as routeOn takes it), for its profile. */
  nearestOn(metric, from, limit, filter = {}) {
    if (!(metric instanceof Metric) || metric._bundle !== this) throw this._argument('the metric was not customised by this bundle');
    return this._nearest(0, metric._pointer, from, limit, filter);
  }

  _nearest(index, metric, from, limit, filter) {
    this._checkNode(from);
    if (!Number.isInteger(limit) || limit < 0) throw this._argument(`limit ${limit} is not a non-negative integer`);
    const { category = null, keyword = null, levels = null, minCapacity = null, among = null } = filter ?? {};
    if (minCapacity !== null && !Number.isInteger(minCapacity)) throw this._argument(`a capacity of ${minCapacity} is not an integer`);
    if (among !== null) {
      if (!Array.isArray(among)) throw this._argument('among is a list of places');
      among.forEach((place) => this._checkPlace(place));
    }
    const texts = [category, keyword, levels].map((text, i) =>
      text === null ? null : textOf(text, ['the category', 'the keyword', 'the levels'][i], this));
    const capacity = minCapacity === null ? 0 : Math.max(-0x80000000, Math.min(0x7fffffff, minCapacity));
    const call = (at) => this._check(core.nb_nearest_json(this._handle, index, metric, from, at[0], at[1], at[2],
      capacity, at[3], among?.length ?? 0, among === null ? 0 : 1, Math.min(limit, this.placeCount), OUT, OUT + 4));
    // Each text in the core's memory (0 for none), then the places, freed however the call ends.
    const place = (i, at) => {
      if (i === 3) return withU32s(among ?? [], (list) => call([...at, list]));
      if (texts[i] === null) return place(i + 1, [...at, 0]);
      return withText(texts[i], (text) => place(i + 1, [...at, text]));
    };
    place(0, []);
    return JSON.parse(takeText());
  }

  /** `profile`'s weights customised on the bundle's CCHT: a Metric for routeOn. Without `weights`
   * the metric is made from the profile's PROF costs on first use and kept. `weights` replaces
   * them: one integer per ARCS arc, in milliseconds, INFINITE where the arc is closed (start from
   * `costs(profile)`). An arc no profile may use has no place in the hierarchy, so a weight given
   * for it is ignored: weights can close and slow arcs, not open new ones. The first call checks
   * the whole CCHT section once. */
  customise(profile, weights = undefined) {
    const index = this._profileIndex(profile);
    if (weights === undefined || weights === null) {
      let metric = this._metrics.get(index);
      if (metric === undefined) {
        metric = this._customised(index, profile, null);
        this._metrics.set(index, metric);
      }
      return metric;
    }
    if (typeof weights === 'string' || weights.length !== this._arcCount) {
      throw this._argument(`${weights.length} weights for the ${this._arcCount} arcs of ARCS`);
    }
    const checked = Array.from(weights); // holes of a sparse array as undefined, which every() would skip
    if (!checked.every((weight) => Number.isInteger(weight) && weight >= 0 && weight <= INFINITE)) {
      throw this._argument(`weights must be integers from 0 to ${INFINITE}`);
    }
    return this._customised(index, profile, Uint32Array.from(checked));
  }

  /** A Metric of profile `index` customised by the core with `weights` (null: its PROF costs). */
  _customised(index, profile, weights) {
    this._check(withU32s(weights ?? [], (at) =>
      core.nb_customise(this._handle, index, weights === null ? 0 : at, weights?.length ?? 0, OUT)));
    return new Metric(OPENING, this, profile, u32(OUT), weights ?? (() => this.costs(profile)));
  }

  /** The lightest route from `from` to `to` under `metric` (from this bundle's customise or
   * applyConditions), by the format's reference query on the customisable hierarchy: as route
   * gives it, `duration` the sum of the metric's weights along it; null when no route is open. */
  routeOn(metric, from, to) {
    if (!(metric instanceof Metric) || metric._bundle !== this) throw this._argument('the metric was not customised by this bundle');
    this._checkNode(from);
    this._checkNode(to);
    this._check(core.nb_route_metric(this._handle, metric._pointer, from, to, PATH));
    return takePath({ profile: metric.profile });
  }

  // -- Ways out --

  /** The way out from `node` for `profile` by the egress table (EGRS): `{node, duration, nodes,
   * arcs, arcSeconds}` (the exit, milliseconds to it, the path, and each arc's seconds as the
   * table's times to exit drop along it), or null when no exit is reachable. An exit (an
   * entrance, or a node outdoors) is its own way out: itself, 0 ms. */
  nearestExit(profile, node) {
    const index = this._profileIndex(profile);
    this._checkNode(node);
    this._check(core.nb_nearest_exit_path(this._handle, index, node, PATH, OUT));
    return this._takeExit();
  }

  /** The way out at PATH, its arcs' milliseconds at OUT (both freed), as nearestExit gives it. */
  _takeExit() {
    const times = u32(OUT);
    const arcSeconds = u32s(times, u32(PATH + 28)).map((time) => time / 1000);
    core.free(times);
    const path = takePath();
    return path && { node: path.nodes[path.nodes.length - 1], ...path, arcSeconds };
  }

  /** The way out from `node` for `profile` under the conditions `conditions` (as applyConditions
   * takes them): `{node, duration, nodes, arcs, arcSeconds}`, or null when no exit is open; the
   * core searches it over the profile's costs of leaving with the conditions applied
   * (docs/conditions.md "The way out"). BundleError `unavailable` without EGRC; ConditionsError as
   * applyConditions throws it. */
  exitUnderConditions(profile, node, conditions) {
    const index = this._profileIndex(profile);
    this._checkNode(node);
    this.leavingCosts(profile); // Without EGRC that is said before anything about the text.
    this._withConditions(conditions, (resolved) =>
      this._check(core.nb_conditions_exit_path(this._handle, index, resolved, node, PATH, OUT)));
    return this._takeExit();
  }

  /** `profile`'s costs of leaving, one u32 per ARCS arc, as a new Uint32Array: its PROF costs
   * with EGRC's arcs at their cost when leaving. BundleError `unavailable` without EGRC. */
  leavingCosts(profile) {
    const index = this._profileIndex(profile);
    return this._perArc((at, count) => core.nb_leaving_costs(this._handle, index, 0, at, count));
  }

  // -- Conditions (docs/conditions.md) --

  /** `use(resolved)` with `conditions` resolved by the core into the nb_arc_conditions at
   * RESOLVED (freed after); the ConditionsError when they cannot be applied. */
  _withConditions(conditions, use) {
    this._checkConditions(withText(conditionsBytes(conditions),
      (at, length) => core.nb_conditions_resolve(this._handle, at, length, RESOLVED, FAULT)));
    try {
      return use(RESOLVED);
    } finally {
      core.nb_arc_conditions_free(RESOLVED);
    }
  }

  /** Throws the ConditionsError or BundleError of a conditions call's `status` (its error at FAULT). */
  _checkConditions(status) {
    if (status === ERROR_CONDITIONS) throw takeConditionsError();
    core.nb_conditions_error_free(FAULT);
    this._check(status);
  }

  /** `profile`'s Metric with `conditions` (JSON text, its UTF-8 bytes or parseConditions' result)
   * applied, for routeOn: its `weights` are the PROF costs with closed arcs INFINITE and slowed ones
   * multiplied (rounded half away from zero, at most INFINITE - 1). Always starts from the
   * profile's costs. ConditionsError `invalid`, `ambiguous` or `unmatched`; BundleError without CCHT. */
  applyConditions(profile, conditions) {
    const index = this._profileIndex(profile);
    this.customise(profile); // The profile and the hierarchy first: without them nothing applies.
    this._checkConditions(withText(conditionsBytes(conditions),
      (at, length) => core.nb_conditions_apply(this._handle, index, at, length, OUT, FAULT)));
    const weights = () => this._withConditions(conditions, (resolved) =>
      this._perArc((costs, count) => core.nb_conditions_costs(this._handle, index, resolved, costs, count)));
    return new Metric(OPENING, this, profile, u32(OUT), weights);
  }

  /** The ARCS arcs `conditions` cover, by "Resolution, exactly" of docs/conditions.md: `{closed,
   * factors}`, the closed arcs ascending and a Map of each slowed arc to its largest factor.
   * Targets resolve in file order; the first that names several places and nothing else throws
   * ConditionsError `ambiguous`; then, when any covers no arc, `unmatched` lists them all. */
  resolveConditions(conditions) {
    return this._withConditions(conditions, (at) => {
      const slowed = u32s(u32(at + 8), u32(at + 16));
      const factors = new Map(slowed.map((arc, i) => [arc, f64(u32(at + 12) + 8 * i)]));
      return { closed: u32s(u32(at), u32(at + 4)), factors };
    });
  }

  /** What `conditions` close and slow, for drawing: `{entries, closed, slowed, error}`, each entry
   * `{position, target, factor, arcs}` in file order; when they cannot be applied, `error` as
   * ConditionsError has it, nothing closed or slowed, and the entries resolved before the error
   * (none for `invalid`). Never throws a ConditionsError. */
  conditionsOverlay(conditions) {
    let bytes;
    try {
      bytes = conditionsBytes(conditions);
    } catch (error) {
      if (error instanceof ConditionsError) return { entries: [], closed: [], slowed: [], error: errorRecord(error) };
      throw error;
    }
    // The core resolves each target alone for its arcs, and the whole text for the error, if any.
    this._check(withText(bytes, (at, length) => core.nb_conditions_overlay_json(this._handle, at, length, OUT, OUT + 4)));
    return JSON.parse(takeText());
  }

  // -- Wi-Fi locating (WIFI) --

  /** Locates a Wi-Fi scan (`[{id, rssi}]`: an access point id in any common spelling, or a
   * survey's label, and dBm) by the exact steps of docs/bundle-format.md ("Locating a scan"):
   * null when the scan hears no access point of the map, else the fix of navbundle.d.ts (radio
   * map building and floor, venue level or null, position, confidence, the survey's scans or spots
   * averaged). */
  locate(scan) {
    if (!Array.isArray(scan)) throw this._argument('a scan is an array of {id, rssi} readings');
    for (const reading of scan) {
      if (reading === null || typeof reading !== 'object' || typeof reading.id !== 'string' || typeof reading.rssi !== 'number') {
        throw this._argument('a scan is an array of {id, rssi} readings, ids strings and RSSIs numbers');
      }
    }
    // The readings, then every id as NUL-terminated UTF-8 (at most 3 bytes a UTF-16 unit), in one
    // block of the core's memory, encoded straight into it.
    const room = scan.reduce((sum, reading) => sum + 3 * reading.id.length + 1, 16 * scan.length);
    this._checkWifi(withMemory(room, (at) => {
      memory();
      let text = at + 16 * scan.length;
      scan.forEach((reading, i) => {
        data.setUint32(at + 16 * i, text, true);
        data.setFloat64(at + 16 * i + 8, reading.rssi, true);
        text += ENCODER.encodeInto(reading.id, heap.subarray(text, at + room)).written;
        heap[text++] = 0;
      });
      return core.nb_locate(this._handle, at, scan.length, FIX, MESSAGE, MESSAGE_SIZE);
    }));
    if (u32(FIX) === 0) return null;
    return readRecord(this, FIX, FIX_RECORD); // the core has checked the names are UTF-8 (wifi_name)
  }

  /** Scans made from the radio map's own spots (the survey's positions), so that a viewer can offer
   * samples to locate: up to `limit` of them, spread evenly over the spots, each `{label,
   * buildingName, floorName, floor, referencePoint, latitude, longitude, scan}`, `referencePoint`
   * being the spot's index and `scan` the access points at least half its scans heard, as `{id,
   * rssi}` at their mean RSSI over the scans that heard them. Empty without WIFI. */
  radioMapSamples(limit = 10) {
    if (!Number.isInteger(limit) || limit < 0) throw this._argument(`limit ${limit} is not a non-negative integer`);
    if (!this.hasRadioMap) return [];
    this._checkWifi(core.nb_radio_map_samples_json(this._handle, Math.min(limit, 1 << 20), OUT, OUT + 4, MESSAGE,
      MESSAGE_SIZE));
    return JSON.parse(takeText());
  }

  /** Throws the BundleError of a Wi-Fi call's `status`: those calls only read the bundle, so they
   * write their refusal into MESSAGE rather than the bundle's last error. */
  _checkWifi(status) {
    if (status !== 0) throw new BundleError(STATUS_CODES[status], named(cString(MESSAGE), this._name), 'WIFI');
  }

  // -- Route steps and instructions (as the Swift reader's VenueBundle.steps(of:) and
  //    instruction(for:) give them) --

  /** How arc `arc` climbs (STPC): `{steps, rise}`, the flight's step count (null when unknown)
   * and its change of level ordinal, positive up; level and uncounted without an entry. */
  climb(arc) {
    this._checkArc(arc);
    this._check(core.nb_arc_climb(this._handle, arc, OUT));
    return { steps: u32(OUT) > 0 ? u32(OUT) : null, rise: i32(OUT + 4) / 100 };
  }

  /** A route's arcs grouped into steps a person can follow: `[{action, label, fromLevel, toLevel,
   * length, duration, stepCount, rise, isAlongPath, startIndex, endIndex}]` (metres, seconds,
   * positions in `route.nodes`), grouped by the core exactly as the Swift reader's `steps(of:)`
   * groups them. `route` is what route, routeOn, nearestExit or exitUnderConditions return:
   * `{nodes, arcs}` with `profile` (seconds from its PROF costs) or `arcSeconds`. */
  steps(route) {
    const seconds = Array.isArray(route?.arcSeconds) ? route.arcSeconds : null;
    // The core times steps by a profile: a way out's times are its own.
    const profile = seconds === null ? route?.profile : null;
    return this._describe(route, 'steps', 72, (index, path, list, count) => core.nb_route_steps(this._handle, index, path,
      list, count), (at) => {
      const step = readRecord(this, at, STEP_RECORD);
      step.action = ACTIONS[step.action];
      if (seconds !== null) step.duration = seconds.slice(step.startIndex, step.endIndex).reduce((sum, value) => sum + value, 0);
      return step;
    }, profile);
  }

  /** A route's maneuvers by the rules of docs/guidance.md, derived by the core exactly as the Swift reader's
   * `maneuvers(of:)` derives them: `[{kind, modifier, routeIndex, corner, latitudeE7, longitudeE7, level,
   * alongCentimetres, distanceCentimetres, durationMilliseconds, bearingBefore, bearingAfter, way, levelChange,
   * landmark}]`, `depart` (or `platform`, leaving one) first, `arrive` (or `platform`, boarding one) last, none
   * for a route without arcs. Kinds and modifiers are OSRM's words (modifier null for none), bearings in 1/256
   * of a turn (null for none), `levelChange` `{fromLevel, toLevel, direction, stepCount, riseHundredths}` or
   * null, `landmark` `{index, placement, side, name}` (`PLACEMENTS`, `SIDES`; at `arrive` the destination) or
   * null. `route` as for steps: the ways its `profile` may take are choices, and times are its `arcSeconds`
   * when it has them, else the profile's PROF costs. */
  maneuvers(route, { language = null, destination = null } = {}) {
    // The words come from the core's own records, so every field it renders from is there.
    const words = language === null ? null : this._wordsOf(language, destination);
    words?.((code) => core.nb_spoken_distance_text(this._handle, code, 0n, OUT, OUT + 4));
    const seconds = Array.isArray(route?.arcSeconds) ? route.arcSeconds : null;
    const costs = seconds && seconds.map((value) => Math.min(Math.max(Math.round(value * 1000), 0), INFINITE));
    return this._describe(route, 'maneuvers', 120, (index, path, list, count) => withU32s(costs ?? [],
      (at) => core.nb_route_maneuvers(this._handle, index, path, costs ? at : 0, list, count)), (at) => {
      const maneuver = readRecord(this, at, MANEUVER_RECORD);
      maneuver.kind = MANEUVER_KINDS[maneuver.kind];
      maneuver.modifier = MODIFIERS[maneuver.modifier];
      maneuver.levelChange = u32(at + 72) === 0 ? null : readRecord(this, at, LEVEL_CHANGE_RECORD);
      const landmark = readRecord(this, at, LANDMARK_RECORD);
      maneuver.landmark = landmark.index === null ? null
        : { ...landmark, placement: PLACEMENTS[landmark.placement], side: SIDES[landmark.side] };
      if (words) {
        maneuver.instruction = words((code, place) => core.nb_maneuver_instruction_text(this._handle, at, code, place,
          OUT, OUT + 4));
        maneuver.spokenDistance = words((code) => core.nb_spoken_distance_text(this._handle, code,
          BigInt(maneuver.distanceCentimetres), OUT, OUT + 4));
      }
      return maneuver;
    }, route?.profile);
  }

  /** The codes of the bundle's instruction languages (GTXT), sorted (`['de', 'en', 'es', 'fr']`);
   * empty without GTXT. */
  get languages() {
    this._check(core.nb_guidance_languages_json(this._handle, OUT, OUT + 4));
    return JSON.parse(takeText());
  }

  /** `centimetres` as people say it in `language` (docs/guidance.md, "Spoken distances"): "a few
   * metres", "30 metres", "1,5 kilomètre"; not capitalised. A language the bundle lacks throws
   * BundleError `unknown-language`. */
  spokenDistance(centimetres, language) {
    if (!Number.isSafeInteger(centimetres) || centimetres < 0) throw this._argument(`${centimetres} is not a distance in centimetres`);
    return this._wordsOf(language, null)((code) => core.nb_spoken_distance_text(this._handle, code, BigInt(centimetres),
      OUT, OUT + 4));
  }

  /** A writer of the core's words in `language` for an arrival at `destination` (null for none),
   * the language checked by the core first, so that an unknown one throws even for a route of no
   * maneuvers: `words(write)` runs `write(language, destination)`, a core call that leaves its
   * text at OUT, and gives that text. */
  _wordsOf(language, destination) {
    const code = textOf(language, 'a language', this);
    const place = destination === null ? null : textOf(destination, 'a destination', this);
    if (place?.includes('\0')) throw this._argument('a destination holds U+0000, which the core cannot take');
    return (write) => withText(code, (languageAt) => withText(place ?? '', (placeAt) => {
      this._check(write(languageAt, place === null ? 0 : placeAt));
      return takeText();
    }));
  }


  /** The records that `describe(profile index, path, &list, &count)` (nb_route_steps or
   * nb_route_maneuvers) makes of `route` for `profile` (none when it is not the bundle's), each
   * `size` bytes and read by `read(at)`. */
  _describe(route, what, size, describe, read, profile) {
    if (route === null || typeof route !== 'object' || !Array.isArray(route.nodes) || !Array.isArray(route.arcs)
      || route.nodes.length !== route.arcs.length + 1 || ![...route.nodes, ...route.arcs].every(Number.isInteger)
      || (Array.isArray(route.arcSeconds) && route.arcSeconds.length !== route.arcs.length)) {
      throw this._argument(`${what} takes a route of nodes and the arcs between them`);
    }
    const index = this._profileNames.indexOf(profile);
    // Nodes then arcs, in one block; a negative index (none) becomes NB_NONE.
    this._check(withU32s([...route.nodes, ...route.arcs].map((index) => (index < 0 ? NONE : index)), (nodes) => {
      const arcs = nodes + 4 * route.nodes.length;
      memory().setBigUint64(PATH, 0n, true);
      [nodes, route.nodes.length, arcs, route.arcs.length].forEach((value, i) => data.setUint32(PATH + 16 + 4 * i, value, true));
      return describe(index < 0 ? NONE : index, PATH, OUT, OUT + 4);
    }));
    const at = u32(OUT);
    try {
      return Array.from({ length: u32(OUT + 4) }, (_, i) => read(at + size * i));
    } finally {
      core.free(at);
    }
  }

  /** What to tell a person for a step, in the words of the Swift reader (and so of `navforge route`
   * and its GeoJSON), as the core writes them: "Walk through Corridor A.1", "Take the stairs down,
   * 24 steps, from level 0 to level -1", "Take the lift down from level 2 to level -1". */
  instruction(step) {
    if (step === null || typeof step !== 'object') throw this._argument('instruction takes a step of steps(route)');
    this._checkLevel(step.fromLevel);
    this._checkLevel(step.toLevel);
    const action = ACTIONS.indexOf(step.action);
    if (action < 0) throw this._argument(`unknown step action ${JSON.stringify(step.action)}`);
    const label = step.label === null || step.label === undefined ? null : String(step.label);
    const stepCount = BigInt(Number.isInteger(step.stepCount) ? step.stepCount : -1);
    this._check(withText(label ?? '', (at, length) => core.nb_step_words(this._handle, action, label === null ? 0 : at, length,
      step.fromLevel, step.toLevel, stepCount, Number(step.rise ?? 0), step.isAlongPath ? 1 : 0, OUT, OUT + 4)));
    return takeText();
  }
}

// ---- Metrics ----

/** Input weights customised on a bundle's customisable hierarchy by the core: what routeOn routes
 * on. `weights` are the input weights (made when first read); `up`, `down`, `upVia` and
 * `downVia` the customised CCHT arcs' weights and what each comes from (ORIGINAL_ARC plus an ARCS
 * index, or a lower triangle's middle rank), copied from the core when read. */
export class Metric {
  constructor(token, bundle, profile, pointer, weights) {
    if (token !== OPENING) throw new BundleError('argument', 'metrics are made by customise and applyConditions');
    this._bundle = bundle;
    this.profile = profile;
    this._pointer = pointer;
    this._weights = weights;
    metrics.register(this, pointer);
  }

  get weights() {
    if (typeof this._weights === 'function') this._weights = this._weights();
    return this._weights;
  }

  /** Side `side` (0 up, 1 down, 2 upVia, 3 downVia) of every CCHT arc, copied once. */
  _side(side) {
    if (this._sides === undefined) {
      const bundle = this._bundle;
      core.nb_metric_arrays(bundle._handle, this._pointer, 0, 0, 0, 0, 0, OUT);
      const count = u32(OUT);
      this._sides = withMemory(16 * count, (at) => {
        bundle._check(core.nb_metric_arrays(bundle._handle, this._pointer, at, at + 4 * count, at + 8 * count, at + 12 * count,
          count, OUT));
        return [0, 1, 2, 3].map((which) => new Uint32Array(core.memory.buffer, at + 4 * count * which, count).slice());
      });
    }
    return this._sides[side];
  }

  get up() { return this._side(0); }
  get down() { return this._side(1); }
  get upVia() { return this._side(2); }
  get downVia() { return this._side(3); }
}

// ---- Signed statements (what `navforge publish --sign-key` writes) ----

// A published version's signature covers its statement's exact bytes: compact JSON naming the
// venue, the version and the bundle file by name, size and SHA-256. Nothing here re-encodes the
// JSON, so a signature that `openssl pkeyutl -verify -rawin` accepts is the one accepted here.
const STATEMENT_FORMAT = 'navforge-statement/1';
const SIGNATURE_BYTES = 64;
// An Ed25519 SubjectPublicKeyInfo (RFC 8410, section 4) is 12 fixed bytes and the raw key; the
// core reads the PEM or DER of one and refuses any other (nb_public_key_read).
const SPKI_BYTES = 44;
// The keys importPublicKey made, each with its CryptoKey: only these pass as imported keys, so
// a key id cannot be claimed by an object made elsewhere.
const IMPORTED_KEYS = new WeakMap();
// nb_release_fault of navbundle.h (what nb_release_read refused), as BundleError codes.
const RELEASE_CODES = [null, 'statement', 'signature'];
// The members of a release record the core reads: JSON.stringify leaves out the others.
const RELEASE_MEMBERS = ['release', 'format', 'venue', 'version', 'statementBase64', 'signature', 'algorithm', 'keyID',
  'value', 'bundle', 'path', 'size', 'sha256'];

/** `crypto.subtle`, or a BundleError `webcrypto-unavailable` saying that `what` could not be
 * checked and how to have it (`otherwise`: another way out, for the checksums). */
function subtleToCheck(name, what = 'the signature', otherwise = '') {
  const subtle = globalThis.crypto && globalThis.crypto.subtle;
  if (!subtle) {
    throw namedError('webcrypto-unavailable', 'WebCrypto (crypto.subtle) is unavailable, as it is on a page that is '
      + `not a secure context (served over plain HTTP): ${what} could not be checked. Serve the page over HTTPS `
      + `or from localhost${otherwise}.`, name);
  }
  return subtle;
}

/** `value` (an ArrayBuffer or a Uint8Array) as bytes WebCrypto reads: shared memory is copied. */
function bytesToCheck(value, what, name) {
  const bytes = bytesOf(value);
  if (bytes === null) throw namedError('argument', `${what} must be an ArrayBuffer or a Uint8Array`, name);
  return typeof SharedArrayBuffer !== 'undefined' && bytes.buffer instanceof SharedArrayBuffer ? bytes.slice() : bytes;
}

/** Runs `read(at, length, message, messageSize)`, one of the core's readers, over `bytes`, and
 * throws its refusal as a BundleError `code` (`code()` when it is a function; `out-of-memory` for
 * lack of memory). The message has room for all it quotes of the bytes and of `quoted` more
 * characters: at most 6 characters each (a control one escaped). */
function coreCheck(bytes, code, name, read, quoted = 0) {
  const messageSize = 6 * (bytes.length + quoted) + 256;
  withText(bytes, (at, length) => withMemory(messageSize, (message) => {
    const status = read(at, length, message, messageSize);
    if (status === 0) return;
    const malformed = STATUS_CODES[status] === 'malformed';
    throw namedError(malformed ? (typeof code === 'function' ? code() : code) : STATUS_CODES[status], cString(message), name);
  }));
}

/** The SubjectPublicKeyInfo of an Ed25519 key given as PEM text or DER bytes, checked by the core
 * to be one (what else it is, is in the error), and the key's id: `[spki, keyID]`. */
function ed25519Spki(key, name) {
  const pem = typeof key === 'string';
  const bytes = pem ? ENCODER.encode(key) : bytesToCheck(key, 'the public key', name);
  return withMemory(SPKI_BYTES + 17, (spki) => {
    coreCheck(bytes, 'key', name, (at, length, message, size) => core.nb_public_key_read(at, length, pem ? 1 : 0, spki,
      message, size));
    core.nb_public_key_id(spki, spki + SPKI_BYTES);
    memory();
    return [heap.slice(spki, spki + SPKI_BYTES), textAt(spki + SPKI_BYTES, 16)];
  });
}

/** Imports an Ed25519 public key for verifying signatures: PEM text (`-----BEGIN PUBLIC KEY-----`,
 * what `navforge keygen` writes as NAME.pub) or the DER bytes of its SubjectPublicKeyInfo. Resolves
 * to `{algorithm: 'Ed25519', keyID}`, `keyID` the first 16 hex digits of the SHA-256 of the raw
 * 32-byte key, as catalogs name it; the verify calls take it (or the PEM or DER itself).
 *
 * Rejects with a BundleError: `key` for anything but an Ed25519 public key (a private key, an
 * RSA or EC key, damaged PEM), `webcrypto-unavailable` without `crypto.subtle`, and
 * `signature-unavailable` where WebCrypto has no Ed25519 (browsers released before it: it is
 * never skipped). */
export async function importPublicKey(key, { name = null } = {}) {
  if (IMPORTED_KEYS.has(key)) return key;
  const [spki, keyID] = ed25519Spki(key, name);
  const subtle = subtleToCheck(name);
  let cryptoKey;
  try {
    cryptoKey = await subtle.importKey('spki', spki, { name: 'Ed25519' }, false, ['verify']);
  } catch (error) {
    // The bytes are an Ed25519 key by RFC 8410 (checked above): a DataError is WebCrypto refusing
    // the key itself, anything else (NotSupportedError, mostly) an implementation without Ed25519.
    if (error && error.name === 'DataError') {
      throw namedError('key', `WebCrypto refuses the Ed25519 public key: ${error.message}`, name);
    }
    throw namedError('signature-unavailable', 'this platform\'s WebCrypto cannot verify Ed25519 signatures '
      + `(${error && error.name}: ${error && error.message}), so the signature could not be checked; Ed25519 needs `
      + 'Node 20 or later, or a browser whose WebCrypto has it', name);
  }
  const imported = Object.freeze({ algorithm: 'Ed25519', keyID });
  IMPORTED_KEYS.set(imported, cryptoKey);
  return imported;
}

/** Checks an Ed25519 `signature` (64 bytes) over `message` (bytes) with `publicKey` (what
 * importPublicKey takes or returns). Resolves to the key's id; rejects with a BundleError
 * `signature` when the signature does not match, and with importPublicKey's codes. */
export async function verifySignature(publicKey, signature, message, { name = null } = {}) {
  const key = await importPublicKey(publicKey, { name });
  await checkSignature(key, bytesToCheck(signature, 'the signature', name), bytesToCheck(message, 'the message', name),
    'message', name);
  return key.keyID;
}

async function checkSignature(key, signature, message, what, name) {
  if (signature.length !== SIGNATURE_BYTES) {
    throw namedError('signature', `an Ed25519 signature has ${SIGNATURE_BYTES} bytes, this one ${signature.length}`, name);
  }
  let valid;
  try {
    valid = await subtleToCheck(name).verify('Ed25519', IMPORTED_KEYS.get(key), signature, message);
  } catch (error) {
    throw namedError('signature-unavailable', `WebCrypto could not verify an Ed25519 signature (${error && error.name}: `
      + `${error && error.message}), so the signature could not be checked`, name);
  }
  if (!valid) throw namedError('signature', `the signature does not match the ${what} and key ${key.keyID}`, name);
}

/** A statement's bytes: given as bytes, or as the text they decode to (which must be UTF-8). */
function statementBytes(statement, name) {
  if (typeof statement !== 'string') return bytesToCheck(statement, 'the statement', name);
  if (hasLoneSurrogate(statement)) throw namedError('statement', 'the statement is not UTF-8 text (a lone surrogate)', name);
  return ENCODER.encode(statement);
}

/** Refuses bundle bytes (or an opened bundle) that are not the file the nb_statement at
 * `statement` names, as the core compares them (nb_statement_matches): its size, its SHA-256 (by
 * WebCrypto), then with `checkMetadata` META's venue and version. */
async function checkSignedBundle(statement, bundle, checkMetadata, name) {
  const opened = bundle instanceof NavBundle ? bundle : null;
  const bytes = opened ? opened._bytes : bytesToCheck(bundle, 'the bundle', name);
  const size = BigInt(bytes.length);
  // The digest waits in RECORD: allocating could grow the memory, which holds an opened bundle's bytes.
  const matches = (digest, opening = null) => {
    if (digest !== null) (memory(), heap.set(digest, RECORD));
    const status = core.nb_statement_matches(statement, size, digest ? RECORD : 0, opening?._handle ?? 0, OUT, MESSAGE,
      MESSAGE_SIZE);
    if (status !== 0) throw opening._coreError(status);
    if (u32(OUT) === 0) throw namedError('bundle-mismatch', cString(MESSAGE), name);
  };
  matches(null);
  const digest = new Uint8Array(await subtleToCheck(name).digest('SHA-256', bytes));
  matches(digest);
  // The file is the one signed: its checksums were the signer's to check.
  if (checkMetadata) matches(digest, opened ?? await open(bytes, { verifyChecksums: false, name }));
}

/** Verifies a published version's signed statement: `statement` (the bytes of statement.json, or
 * their text), `signature` (the 64 bytes of statement.sig), `publicKey` (what importPublicKey
 * takes or returns). Checks the signature over the statement's exact bytes, then that the
 * statement is a `navforge-statement/1` with every field, of `venue` and `version` when given
 * (give them: an older version's statement is validly signed too), and, with `bundle` (its bytes
 * or an opened NavBundle), that the bundle has the size and SHA-256 signed, and with
 * `checkMetadata` that its META names the same venue and version. Resolves to the statement
 * (`{format, venue, version, bundle, size, sha256, keyID}`).
 *
 * Rejects with a BundleError: `signature`, `statement`, `bundle-mismatch`, `key`,
 * `signature-unavailable`, `webcrypto-unavailable` or `argument` (README.md), or open's codes
 * when `checkMetadata` opens bundle bytes that are not a bundle this reader reads. */
export async function verifyStatement({ statement, signature, publicKey, bundle = null, venue = null, version = null,
  checkMetadata = false, name = null } = {}) {
  const key = await importPublicKey(publicKey, { name });
  return verifiedStatement(key, statementBytes(statement, name), bytesToCheck(signature, 'the signature', name),
    { bundle, venue, version, checkMetadata, name });
}

/** The statement `bytes` once `signature` is found to be `key`'s over them and the core has read
 * it and found it to agree with `record` (a release record's JSON, or null), the expected venue
 * and version and the bundle. */
async function verifiedStatement(key, bytes, signature, { bundle, venue, version, checkMetadata, name }, record = null) {
  await checkSignature(key, signature, bytes, 'statement', name);
  for (const [field, wanted] of [['venue', venue], ['version', version]]) {
    if (wanted !== null && wanted !== undefined && typeof wanted !== 'string') {
      throw namedError('argument', `the expected ${field} must be a string`, name);
    }
  }
  // An nb_statement on wasm32: the four texts' addresses, their lengths, then the 64-bit size.
  const read = allocate(40);
  heap.fill(0, read, read + 40);
  try {
    coreCheck(bytes, 'statement', name, (at, length, message, size) => core.nb_statement_read(at, length, read, message, size));
    const given = (text, use) => withText(text ?? '', (at, length) => use(text === null || text === undefined ? 0 : at, length));
    coreCheck(record ?? bytes, 'statement', name, (at, length, message, size) => given(venue, (v, vLength) =>
      given(version, (w, wLength) => core.nb_statement_check(read, record === null ? 0 : at, length, v, vLength, w, wLength,
        message, size))), bytes.length + (venue?.length ?? 0) + (version?.length ?? 0));
    const text = (field) => textAt(u32(read + 4 * field), u32(read + 16 + 4 * field));
    const statement = { format: STATEMENT_FORMAT, venue: text(0), version: text(1), bundle: text(2), size: i64(read + 32),
      sha256: text(3) };
    if (bundle !== null && bundle !== undefined) await checkSignedBundle(read, bundle, checkMetadata, name);
    return Object.freeze({ ...statement, keyID: key.keyID });
  } finally {
    core.nb_statement_free(read);
    core.free(read);
  }
}

/** A release record's JSON checked by the core (nb_release_read): without `keyID` its own form,
 * with it also the key it is signed with, and then `[statement, signature]`, decoded. */
function readRelease(json, keyID, name) {
  // An nb_release on wasm32: the statement's address and length, the signature's, what is refused.
  return withText(keyID ?? '', (key) => withMemory(20, (out) => {
    coreCheck(json, () => RELEASE_CODES[u32(out + 16)] ?? 'statement', name, (at, length, message, size) =>
      core.nb_release_read(at, length, keyID === null ? 0 : key, out, message, size));
    memory();
    const decoded = [heap.slice(u32(out), u32(out) + u32(out + 4)), heap.slice(u32(out + 8), u32(out + 8) + u32(out + 12))];
    core.nb_release_free(out);
    return decoded;
  }));
}

/** Verifies a version from its release record in `catalog.json` or `VENUE/latest.json` before (and,
 * with `bundle`, after) downloading it: the signature (`signature.value`) over the statement the
 * record carries (`statementBase64`), with `publicKey`, whose id must be the record's `keyID`;
 * then that the record's venue, version, bundle file name, size and SHA-256 are the signed ones
 * (they are not signed themselves). Takes the options of verifyStatement but `statement` and
 * `signature`, and resolves as it does: download the bundle from the record's path and check its
 * bytes against the statement's `size` and `sha256` (or call again with `bundle`).
 *
 * A record without a signature, or signed by another algorithm, is refused (`signature`): an
 * unsigned version cannot be verified, and this says so rather than pass it. */
export async function verifyRelease(record, { publicKey, bundle = null, venue = null, version = null,
  checkMetadata = false, name = null } = {}) {
  // The core reads the record as JSON: the members it reads, as JSON.stringify writes them.
  const json = ENCODER.encode(JSON.stringify(record, RELEASE_MEMBERS) ?? 'null');
  readRelease(json, null, name); // What needs no key is refused before the key is read, as always.
  const key = await importPublicKey(publicKey, { name });
  const [statement, signature] = readRelease(json, key.keyID, name);
  return verifiedStatement(key, statement, signature, { bundle, venue, version, checkMetadata, name }, json);
}
