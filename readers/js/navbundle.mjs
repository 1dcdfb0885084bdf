/**
 * Read navforge bundles (formats 1.x and 2.0) in JavaScript, with no dependencies: Node 20 and
 * later, and evergreen browsers.
 *
 * The module takes the bundle's bytes (an ArrayBuffer or a Uint8Array) and reads them in place:
 * sections are DataView and typed-array views over the one buffer, never copies. Opening checks
 * the header, the section table and the required sections and, when asked, every checksum
 * (SHA-256 by WebCrypto); optional sections are checked in full the first time a call needs
 * them. A damaged or hostile file gives a BundleError, never a wrong answer or an error of
 * another kind. The layout is docs/bundle-format.md; like the C and Python readers this one
 * follows that text, so that the readers agreeing on readers/vectors means something.
 *
 * Routes use each profile's contraction hierarchy (CHxx, format 1.x) or the customisable
 * hierarchy every profile shares (CCHT, format 2.0), by the format's reference queries, so that
 * where several routes cost the same every reader returns the same one.
 */

const MAGIC = [0x4e, 0x41, 0x56, 0x46, 0x42, 0x4e, 0x44, 0x4c]; // "NAVFBNDL"
// Major 1, and major 2 (1.2 plus CCHT). Another major may lay the file out differently, so it is
// refused before anything else is read.
const SUPPORTED_MAJORS = [1, 2];
const HEADER_SIZE = 64;
const ENTRY_SIZE = 32;
const MAX_SECTIONS = 4096;
// Every section of formats 1.0 to 2.0 is at version 1; another version is a layout this reader
// does not know, which the format says to treat as absent.
const SECTION_VERSION = 1;
const REQUIRED = ['META', 'STRS', 'LEVL', 'NODE', 'ARCS', 'PROF', 'PLAC', 'EVNT'];
const NONE = 0xffffffff;
const NO_LEVEL = 0xffff;
const ORIGINAL_ARC = 0x80000000;
const HIERARCHY_MAGIC = 0x32764843; // "CHv2"
const CUSTOMISABLE_MAGIC = 0x31544343; // "CCT1"
/** A weight no path may take: an impassable arc, an infinite customised weight. */
export const INFINITE = 0xffffffff;
// Metres per 1e-7 degree of latitude: the format's conversion of snapping distances.
const METRES_PER_UNIT = 0.011131949079327357;
const SRCH_FIELDS = 4;
const ALIAS_FIELD = 4;
/** How many candidates an endpoint error lists (docs/endpoints.md). */
export const LISTED_CANDIDATES = 5;
// What docs/conditions.md allows and how it changes costs.
const CONNECTOR_ARC_KINDS = new Set([3, 4, 5, 6, 7]); // stairs, lift, escalator, ramp, steps
const DOOR_NODE_KINDS = new Set([1, 2]); // door, entrance
const EXIT_NODE_KIND = 2; // entrance: where the way out ends, emergency exits included
const MAX_FACTOR = 1000;
const SLOWEST = INFINITE - 1; // A slowed arc stays passable.
// More changed arcs than one in this many of ARCS take a full customisation instead of an
// update of the profile's metric arc by arc.
const INCREMENTAL_LIMIT = 16;
// Arrays and objects inside each other that conditions may nest; deeper text is refused by every
// reader alike.
const MAX_JSON_DEPTH = 64;
const DECIMAL_TEXT = /^-?[0-9]+(\.[0-9]+)?$/;
const POSITION_TEXT = /^(-?[0-9]+(?:\.[0-9]+)?) *, *(-?[0-9]+(?:\.[0-9]+)?) *(?:@([\s\S]*))?$/;

/** Names of NODE kinds, ARCS kinds, PLAC kinds and OUTL kinds, by their stored values. */
export const NODE_KINDS = ['junction', 'door', 'entrance', 'room', 'connector landing', 'point of interest'];
export const ARC_KINDS = ['walk', 'outdoor path', 'indoor path', 'stairs', 'lift', 'escalator', 'ramp', 'steps',
  'entrance threshold'];
export const PLACE_KINDS = ['room', 'point of interest'];
export const OUTLINE_KINDS = ['room', 'corridor', 'area', 'stairwell', 'lift', 'outdoor area', 'obstacle'];
/** Search key fields, in the order searchPrefix ranks them. */
export const FIELDS = ['ref', 'name', 'word', 'category', 'alias'];

/**
 * The bytes are not a bundle this reader can use, a section is damaged, the bundle lacks what a
 * call needs, or a call's argument is wrong. `code` says which (see README.md); `section` names
 * the section at fault when there is one.
 */
export class BundleError extends Error {
  constructor(code, message, section = null) {
    super(message);
    this.name = 'BundleError';
    this.code = code;
    this.section = section;
  }
}

/**
 * An endpoint text that names no single place or position (docs/endpoints.md): `code` is
 * `empty`, `unknown`, `ambiguous`, `elsewhere`, `needs-level`, `unknown-level` or
 * `bad-coordinate`; `candidates` the places it could mean (all of them for `ambiguous` and
 * `elsewhere`, up to three suggestions for `unknown`).
 */
export class EndpointError extends Error {
  constructor(code, text, candidates = []) {
    super(`${code}: ${JSON.stringify(text)}` + (candidates.length ? ` (${candidates.length} places)` : ''));
    this.name = 'EndpointError';
    this.code = code;
    this.text = text;
    this.candidates = [...candidates];
  }
}

/**
 * Conditions (docs/conditions.md) that cannot be applied. `code` is `invalid` (the text breaks
 * the format; `entries` holds the entry at fault, `closed[0]` or `slow[2]`, when there is one),
 * `ambiguous` (`entries` holds the first target that names several places and nothing else,
 * `candidates` those places) or `unmatched` (`entries` holds every target that covers no arc, in
 * file order).
 */
export class ConditionsError extends Error {
  constructor(code, message, entries = [], candidates = []) {
    super(message);
    this.name = 'ConditionsError';
    this.code = code;
    this.entries = [...entries];
    this.candidates = [...candidates];
  }
}

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
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else return true;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      return true;
    }
  }
  return false;
}

/** ASCII whitespace (0x09-0x0D and 0x20) off both ends: endpoints and targets are trimmed of
 * these, not of Unicode's, which `String.prototype.trim` would also take. */
function trimAscii(text) {
  let start = 0;
  let end = text.length;
  const space = (code) => code === 0x20 || (code >= 0x09 && code <= 0x0d);
  while (start < end && space(text.charCodeAt(start))) start++;
  while (end > start && space(text.charCodeAt(end - 1))) end--;
  return text.slice(start, end);
}

/** `value` rounded to an integer, halves away from zero as the format requires (Math.round
 * rounds halves up, towards +infinity). `magnitude - whole` is exact for doubles. */
export function roundHalfAway(value) {
  const magnitude = Math.abs(value);
  let whole = Math.floor(magnitude);
  if (magnitude - whole >= 0.5) whole += 1;
  return value >= 0 ? whole : -whole;
}

const FLOAT_BITS = new DataView(new ArrayBuffer(8));

/**
 * `value` with `digits` decimals exactly as C's printf("%.Nf") writes it: the exact binary value
 * rounded half to even. Number.prototype.toFixed takes the larger of two equally near results,
 * which differs at exact ties (0.0625 is "0.062" in C).
 */
export function formatFixed(value, digits = 3) {
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : value < 0 ? '-inf' : 'nan';
  FLOAT_BITS.setFloat64(0, value);
  const high = FLOAT_BITS.getUint32(0);
  const low = FLOAT_BITS.getUint32(4);
  const negative = high >>> 31 === 1;
  const exponentBits = (high >>> 20) & 0x7ff;
  let mantissa = (BigInt(high & 0xfffff) << 32n) | BigInt(low);
  let exponent;
  if (exponentBits === 0) {
    exponent = -1074;
  } else {
    mantissa |= 1n << 52n;
    exponent = exponentBits - 1075;
  }
  // value = mantissa * 2^exponent; scaled = value * 10^digits, rounded half to even.
  const scale = 10n ** BigInt(digits);
  let scaled;
  if (exponent >= 0) {
    scaled = (mantissa * scale) << BigInt(exponent);
  } else {
    const numerator = mantissa * scale;
    const denominator = 1n << BigInt(-exponent);
    scaled = numerator / denominator;
    const twice = 2n * (numerator % denominator);
    if (twice > denominator || (twice === denominator && scaled % 2n === 1n)) scaled += 1n;
  }
  let text = scaled.toString();
  if (digits > 0) {
    text = text.padStart(digits + 1, '0');
    text = `${text.slice(0, text.length - digits)}.${text.slice(text.length - digits)}`;
  }
  return (negative ? '-' : '') + text;
}

/** A double as Swift's `description` writes it ("2.0", "0.5", "1e-05", "1e+16"), which the route
 * instructions of the Swift reader use. */
export function swiftDouble(value) {
  if (Number.isNaN(value)) return 'nan';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const magnitude = Math.abs(value);
  if (magnitude < 1e-4 || magnitude >= 1e16) {
    const [digits, power] = value.toExponential().split('e');
    const sign = power[0] === '-' ? '-' : '+';
    return `${digits}e${sign}${power.replace(/^[+-]/, '').padStart(2, '0')}`;
  }
  const text = String(value);
  return Number.isInteger(value) ? `${text}.0` : text;
}

/** Step 1 of folding for an ASCII code point (the part no table is needed for). */
function foldAscii(code) {
  if (code >= 0x41 && code <= 0x5a) return String.fromCharCode(code + 0x20);
  if (code >= 0x09 && code <= 0x0d) return ' ';
  return String.fromCharCode(code);
}

/** Levenshtein distance between two strings, in code points. */
function editDistance(left, right) {
  const a = Array.from(left);
  const b = Array.from(right);
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

/** Bytewise comparison of `length` bytes of `bytes` from `start` with `other`: negative, 0 or
 * positive, a prefix before its extensions. */
/** How deep the arrays and objects of JSON `text` nest, brackets inside strings aside. */
function jsonDepth(text) {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      deepest = Math.max(deepest, ++depth);
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return deepest;
}

function compareBytes(bytes, start, length, other) {
  const common = Math.min(length, other.length);
  for (let i = 0; i < common; i++) {
    const difference = bytes[start + i] - other[i];
    if (difference !== 0) return difference;
  }
  return length - other.length;
}

function compareRanges(bytes, aStart, aLength, bStart, bLength) {
  const common = Math.min(aLength, bLength);
  for (let i = 0; i < common; i++) {
    const difference = bytes[aStart + i] - bytes[bStart + i];
    if (difference !== 0) return difference;
  }
  return aLength - bLength;
}

/** Whether CSR `offsets` start at 0, never fall and end exactly at `end`. */
function rises(offsets, end) {
  if (offsets.length === 0 || offsets[0] !== 0 || offsets[offsets.length - 1] !== end) return false;
  let previous = 0;
  for (let i = 0; i < offsets.length; i++) {
    const value = offsets[i];
    if (value < previous) return false;
    previous = value;
  }
  return true;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** A binary min-heap of (key, value) pairs ordered by key, then value: the (distance, rank) and
 * (distance, node) orders the format's searches settle in. Typed arrays, grown on demand, reused
 * across queries. */
class PairHeap {
  constructor(capacity = 64) {
    this.keys = new Float64Array(capacity);
    this.values = new Uint32Array(capacity);
    this.size = 0;
  }

  clear() {
    this.size = 0;
  }

  push(key, value) {
    if (this.size === this.keys.length) {
      const keys = new Float64Array(this.keys.length * 2);
      const values = new Uint32Array(this.values.length * 2);
      keys.set(this.keys);
      values.set(this.values);
      this.keys = keys;
      this.values = values;
    }
    const keys = this.keys;
    const values = this.values;
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const k = keys[parent];
      if (k < key || (k === key && values[parent] < value)) break;
      keys[i] = k;
      values[i] = values[parent];
      i = parent;
    }
    keys[i] = key;
    values[i] = value;
  }

  /** Removes the smallest pair; read it from `keys[0]` and `values[0]` first. */
  pop() {
    const keys = this.keys;
    const values = this.values;
    const size = --this.size;
    if (size === 0) return;
    const key = keys[size];
    const value = values[size];
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= size) break;
      const right = child + 1;
      if (right < size && (keys[right] < keys[child] || (keys[right] === keys[child] && values[right] < values[child]))) {
        child = right;
      }
      const k = keys[child];
      if (key < k || (key === k && value < values[child])) break;
      keys[i] = k;
      values[i] = values[child];
      i = child;
    }
    keys[i] = key;
    values[i] = value;
  }
}

// ---- Conditions text (docs/conditions.md) ----

/**
 * One JSON value by RFC 8259, as docs/conditions.md "Errors" says every reader reads it: no byte
 * order mark, comments, NaN or Infinity, control characters in a string, lone surrogates, names
 * twice in one object, more than MAX_JSON_DEPTH arrays and objects inside each other, or trailing
 * text. Objects become Maps (member order kept), arrays Arrays. `refuse(detail, deep)` makes the
 * error: `deep` for nesting past the limit, else `detail` says what breaks the grammar and where.
 * Signed statements are read by the same rules.
 */
function parseStrictJson(text, refuse = refuseConditions) {
  let at = 0;
  const invalid = (message) => refuse(`${message} at character ${at}`, false);
  const whitespace = () => {
    for (;;) {
      const c = text.charCodeAt(at);
      if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) at++;
      else return;
    }
  };
  const hex4 = () => {
    const digits = text.slice(at, at + 4);
    if (!/^[0-9a-fA-F]{4}$/.test(digits)) throw invalid('a \\u escape needs four hex digits');
    at += 4;
    return parseInt(digits, 16);
  };
  const string = () => {
    at++; // the opening quote
    let result = '';
    let start = at;
    for (;;) {
      if (at >= text.length) throw invalid('a string is not closed');
      const c = text.charCodeAt(at);
      if (c === 0x22) {
        result += text.slice(start, at);
        at++;
        return result;
      }
      if (c < 0x20) throw invalid('a control character stands unescaped in a string');
      if (c !== 0x5c) {
        at++;
        continue;
      }
      result += text.slice(start, at);
      at++;
      const escape = text[at++];
      switch (escape) {
        case '"': result += '"'; break;
        case '\\': result += '\\'; break;
        case '/': result += '/'; break;
        case 'b': result += '\b'; break;
        case 'f': result += '\f'; break;
        case 'n': result += '\n'; break;
        case 'r': result += '\r'; break;
        case 't': result += '\t'; break;
        case 'u': {
          const unit = hex4();
          if (unit >= 0xdc00 && unit <= 0xdfff) throw invalid('a \\u escape is a lone surrogate');
          if (unit >= 0xd800 && unit <= 0xdbff) {
            if (text[at] !== '\\' || text[at + 1] !== 'u') throw invalid('a \\u escape is a lone surrogate');
            at += 2;
            const low = hex4();
            if (low < 0xdc00 || low > 0xdfff) throw invalid('a \\u escape is a lone surrogate');
            result += String.fromCharCode(unit, low);
          } else {
            result += String.fromCharCode(unit);
          }
          break;
        }
        default:
          throw invalid('an unknown escape');
      }
      start = at;
    }
  };
  const number = () => {
    const match = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
    match.lastIndex = at;
    const found = match.exec(text);
    if (!found || found[0] === '-' || found[0] === '') throw invalid('not a JSON value');
    at += found[0].length;
    return Number(found[0]);
  };
  const value = (depth) => {
    whitespace();
    const c = text[at];
    if (c === '{' || c === '[') {
      if (depth > MAX_JSON_DEPTH) {
        throw refuse(null, true);
      }
      at++;
      whitespace();
      if (c === '[') {
        const list = [];
        if (text[at] === ']') {
          at++;
          return list;
        }
        for (;;) {
          list.push(value(depth + 1));
          whitespace();
          if (text[at] === ',') at++;
          else if (text[at] === ']') {
            at++;
            return list;
          } else throw invalid('expected "," or "]"');
        }
      }
      const members = new Map();
      if (text[at] === '}') {
        at++;
        return members;
      }
      for (;;) {
        whitespace();
        if (text[at] !== '"') throw invalid('expected a member name');
        const name = string();
        if (members.has(name)) throw invalid(`the name ${JSON.stringify(name)} is written twice in one object`);
        whitespace();
        if (text[at] !== ':') throw invalid('expected ":"');
        at++;
        members.set(name, value(depth + 1));
        whitespace();
        if (text[at] === ',') at++;
        else if (text[at] === '}') {
          at++;
          return members;
        } else throw invalid('expected "," or "}"');
      }
    }
    if (c === '"') return string();
    if (text.startsWith('true', at)) {
      at += 4;
      return true;
    }
    if (text.startsWith('false', at)) {
      at += 5;
      return false;
    }
    if (text.startsWith('null', at)) {
      at += 4;
      return null;
    }
    return number();
  };
  const result = value(1);
  whitespace();
  if (at !== text.length) throw invalid('text follows the value');
  return result;
}

function refuseConditions(detail, deep) {
  return new ConditionsError('invalid', deep ? `the conditions nest more than ${MAX_JSON_DEPTH} arrays and objects deep`
    : `the conditions are not JSON: ${detail}`);
}

/** `value` when it is a finite JSON number, else null. */
function jsonNumber(value) {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/**
 * Conditions from their JSON text (a string, or UTF-8 bytes as a Uint8Array or ArrayBuffer),
 * checked against docs/conditions.md: `{entries: [{position, target, factor}]}`, every target in
 * file order (`closed`, then `slow`), `factor` null for a closure; a target is `{kind: 'name',
 * text}`, `{kind: 'level', text}` or `{kind: 'polygon', text, polygon: [[lat, lon], ...]}`.
 * Anything that breaks the format throws ConditionsError `invalid`, naming the entry at fault
 * when there is one.
 */
export function parseConditions(conditions) {
  if (conditions && typeof conditions === 'object' && Array.isArray(conditions.entries) && conditions[PARSED]) {
    return conditions;
  }
  let text = conditions;
  if (conditions instanceof ArrayBuffer) text = new Uint8Array(conditions);
  if (text instanceof Uint8Array) {
    text = decodeUtf8(text);
    if (text === null) throw new ConditionsError('invalid', 'the conditions are not UTF-8 text');
  }
  if (typeof text !== 'string') throw new ConditionsError('invalid', 'the conditions must be JSON text');
  if (hasLoneSurrogate(text)) throw new ConditionsError('invalid', 'the conditions are not UTF-8 text (a lone surrogate)');
  const parsed = { entries: entriesOf(parseStrictJson(text)) };
  Object.defineProperty(parsed, PARSED, { value: true });
  return parsed;
}

const PARSED = Symbol('parsed conditions');

function entriesOf(value) {
  if (!(value instanceof Map)) throw new ConditionsError('invalid', 'the conditions must be a JSON object');
  for (const key of value.keys()) {
    if (key !== 'closed' && key !== 'slow') {
      throw new ConditionsError('invalid', `unknown key ${JSON.stringify(key)}; the keys are "closed" and "slow"`);
    }
  }
  const entries = [];
  for (const name of ['closed', 'slow']) {
    if (!value.has(name)) continue;
    const listed = value.get(name);
    if (!Array.isArray(listed)) throw new ConditionsError('invalid', `"${name}" must be a list`);
    listed.forEach((entry, index) => {
      const position = `${name}[${index}]`;
      let factor = null;
      if (name === 'slow') {
        if (!(entry instanceof Map)) {
          throw new ConditionsError('invalid', `${position} must be an object with "factor" and a target`, [position]);
        }
        factor = jsonNumber(entry.get('factor'));
        if (factor === null || !(factor >= 1 && factor <= MAX_FACTOR)) {
          throw new ConditionsError('invalid', `${position} needs a "factor" from 1 to 1000`, [position]);
        }
      }
      entries.push({ position, target: targetOf(entry, position, name === 'slow'), factor });
    });
  }
  return entries;
}

function targetOf(entry, position, slowed) {
  const invalid = (message) => new ConditionsError('invalid', `${position} ${message}`, [position]);
  if (typeof entry === 'string') {
    if (!trimAscii(entry)) throw invalid('is empty');
    return { kind: 'name', text: entry };
  }
  if (!(entry instanceof Map)) throw invalid('must be a string or an object with "ref", "level" or "polygon"');
  const keys = [...entry.keys()].filter((key) => !(slowed && key === 'factor')).sort();
  const text = (key) => {
    const value = entry.get(key);
    if (typeof value !== 'string' || !trimAscii(value)) throw invalid(`.${key} must be a non-empty string`);
    return value;
  };
  const shape = keys.join(',');
  if (shape === 'ref') return { kind: 'name', text: text('ref') };
  if (shape === 'level') return { kind: 'level', text: text('level') };
  if (shape === 'level,polygon') {
    const points = entry.get('polygon');
    if (!Array.isArray(points) || points.length < 3) {
      throw invalid('.polygon must list at least three [latitude, longitude] pairs');
    }
    const corners = points.map((point, index) => {
      const pair = Array.isArray(point) && point.length === 2 ? point.map(jsonNumber) : null;
      if (pair === null || pair[0] === null || pair[1] === null
        || !(pair[0] >= -90 && pair[0] <= 90 && pair[1] >= -180 && pair[1] <= 180)) {
        throw invalid(`.polygon[${index}] must be [latitude, longitude] in degrees`);
      }
      return [pair[0], pair[1]];
    });
    return { kind: 'polygon', text: text('level'), polygon: corners };
  }
  const besides = slowed ? ' besides "factor"' : '';
  throw invalid(`must have "ref", "level", or "polygon" with "level"${besides}, not ${JSON.stringify(keys)}`);
}

/** An arc's `cost` (u32 milliseconds) slowed by `factor`: the double product rounded half away
 * from zero, at most INFINITE - 1 so that the arc stays passable; an impassable arc stays so. */
export function slowedCost(cost, factor) {
  if (cost === INFINITE) return INFINITE;
  return Math.min(roundHalfAway(cost * factor), SLOWEST);
}

/** A target as messages name it: `"Aufzug2"`, `level "1"`, `polygon on level "0"`. */
function describe(target) {
  if (target.kind === 'name') return JSON.stringify(target.text);
  return (target.kind === 'level' ? 'level ' : 'polygon on level ') + JSON.stringify(target.text);
}

// ---- Opening ----

/**
 * Opens a bundle from its bytes (an ArrayBuffer or a Uint8Array, which the bundle then reads in
 * place: do not change them while it is in use). Checks the header, the section table and the
 * required sections; with `verifyChecksums` (the default) also every section's checksum and the
 * whole-file SHA-256, by WebCrypto. `name` (optional) starts every error message.
 *
 * Rejects with a BundleError: `webcrypto-unavailable` when checksums are asked for and
 * `crypto.subtle` is missing (a page that is not a secure context), else the code of the damage.
 */
export async function open(bytes, { verifyChecksums = true, name = null } = {}) {
  const bundle = new NavBundle(OPENING, toBytes(bytes), name);
  if (verifyChecksums) await bundle.verify();
  bundle._readRequired();
  return bundle;
}

const OPENING = Symbol('opening');

function toBytes(bytes) {
  let view;
  if (bytes instanceof ArrayBuffer) view = new Uint8Array(bytes);
  else if (bytes instanceof Uint8Array) view = bytes;
  else if (typeof SharedArrayBuffer !== 'undefined' && bytes instanceof SharedArrayBuffer) view = new Uint8Array(bytes);
  else throw new BundleError('argument', 'a bundle is opened from an ArrayBuffer or a Uint8Array');
  if (!LITTLE_ENDIAN) {
    throw new BundleError('unsupported-platform', 'this reader reads the bundle in place and needs a little-endian platform');
  }
  // Sections start at multiples of 8 from the file's start, and their arrays are aligned to their
  // element size, so typed arrays can view them in place when the file itself starts at a multiple
  // of 8 in its buffer. Bytes that do not are copied once, as a whole.
  // WebCrypto refuses views of shared memory: such bytes are copied once too.
  const shared = typeof SharedArrayBuffer !== 'undefined' && view.buffer instanceof SharedArrayBuffer;
  if (view.byteOffset % 8 !== 0 || shared) {
    const copy = new Uint8Array(view.length);
    copy.set(view);
    view = copy;
  }
  return view;
}

/** An opened bundle; `open` makes them. */
export class NavBundle {
  constructor(token, bytes, name) {
    if (token !== OPENING) throw new BundleError('argument', 'bundles are opened with open(bytes)');
    this._bytes = bytes;
    this._data = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this._name = name;
    this._cache = new Map();
    this._strings = new Map();
    this._hierarchies = new Map();
    this._metrics = new Map();
    this._topology = null;
    this._readTable();
  }

  // -- Reading helpers --

  _where() {
    return this._name ? `${this._name}: ` : '';
  }

  _fail(code, message, section = null) {
    return new BundleError(code, this._where() + message, section);
  }

  /** A BundleError for damage in section `tag`. */
  _error(tag, message) {
    return new BundleError('malformed', `${this._where()}section ${tag}: ${message}`, tag);
  }

  _argument(message) {
    return new BundleError('argument', this._where() + message);
  }

  _u32(offset) {
    return this._data.getUint32(offset, true);
  }

  _u16(offset) {
    return this._data.getUint16(offset, true);
  }

  /** `count` u32 values from byte `offset` of the file, viewed in place (the caller has checked
   * that they lie inside their section, and the format aligns them). */
  _view32(offset, count) {
    return new Uint32Array(this._bytes.buffer, this._bytes.byteOffset + offset, count);
  }

  _viewI32(offset, count) {
    return new Int32Array(this._bytes.buffer, this._bytes.byteOffset + offset, count);
  }

  _view16(offset, count) {
    return new Uint16Array(this._bytes.buffer, this._bytes.byteOffset + offset, count);
  }

  // -- Header and section table --

  _readTable() {
    const size = this._bytes.length;
    if (size < HEADER_SIZE) throw this._fail('not-a-bundle', `${size} bytes is too short for a bundle header`);
    for (let i = 0; i < 8; i++) {
      if (this._bytes[i] !== MAGIC[i]) throw this._fail('not-a-bundle', 'not a navforge bundle (its magic is not NAVFBNDL)');
    }
    const major = this._u16(8);
    const minor = this._u16(10);
    // The major is checked before anything else: another major may lay out the rest differently.
    if (!SUPPORTED_MAJORS.includes(major)) {
      const advice = major < SUPPORTED_MAJORS[0] ? 'rebuild the bundle' : 'update the reader';
      throw this._fail('unsupported-version', `format ${major}.${minor} is not supported; this reader reads `
        + `${SUPPORTED_MAJORS.map((known) => `${known}.x`).join(' and ')}; ${advice}`);
    }
    const count = this._u32(16);
    const headerSize = this._u32(20);
    const fileSize = this._data.getBigUint64(24, true);
    if (fileSize !== BigInt(size)) {
      throw this._fail('size-mismatch', `header says ${fileSize} bytes, the file has ${size}: truncated or extended`);
    }
    if (headerSize < HEADER_SIZE || headerSize % 8 !== 0) {
      throw this._fail('section-table', `header size ${headerSize} is not a multiple of 8 from ${HEADER_SIZE}`);
    }
    const tableEnd = headerSize + count * ENTRY_SIZE;
    if (count > MAX_SECTIONS || tableEnd > size) {
      throw this._fail('section-table', `a section table of ${count} entries does not fit the file`);
    }
    this._major = major;
    this._minor = minor;
    const sections = [];
    const byTag = new Map();
    for (let index = 0; index < count; index++) {
      const at = headerSize + index * ENTRY_SIZE;
      let tag = '';
      for (let c = 0; c < 4; c++) {
        const byte = this._bytes[at + c];
        // The format's tags are four ASCII characters.
        if (byte >= 0x80) throw this._fail('section-table', `section ${index} has a tag that is not ASCII`);
        tag += String.fromCharCode(byte);
      }
      const version = this._u16(at + 4);
      const offset = this._data.getBigUint64(at + 8, true);
      const length = this._data.getBigUint64(at + 16, true);
      const checksum = this._data.getBigUint64(at + 24, true);
      if (offset % 8n !== 0n || offset < BigInt(tableEnd) || offset + length > BigInt(size)) {
        throw this._fail('section-table', `section ${JSON.stringify(tag)} at ${offset}+${length} lies outside the file's sections`);
      }
      if (byTag.has(tag)) throw this._fail('section-table', `section ${JSON.stringify(tag)} appears twice`);
      const section = { tag, version, offset: Number(offset), length: Number(length), checksum };
      sections.push(section);
      byTag.set(tag, section);
    }
    const ordered = [...sections].sort((a, b) => a.offset - b.offset);
    for (let i = 1; i < ordered.length; i++) {
      const previous = ordered[i - 1];
      if (ordered[i].offset < previous.offset + previous.length) {
        throw this._fail('section-table', `sections ${previous.tag} and ${ordered[i].tag} overlap`);
      }
    }
    this._sections = ordered;
    this._byTag = byTag;
    // Required sections keep version 1 for the life of a major, so a missing one (or one at a
    // version this reader cannot read) means the file is not a usable bundle.
    const missing = REQUIRED.filter((tag) => !this.has(tag));
    if (missing.length) {
      throw this._fail('missing-section', `required section ${missing.join(', ')} is missing`, missing[0]);
    }
  }

  /**
   * Recomputes every section's checksum and the whole-file SHA-256 (WebCrypto); rejects at the
   * first mismatch with a BundleError `checksum`. Sections come first so that damage inside one is
   * reported by its tag; the file hash then covers what no section does (header, table, padding).
   */
  async verify() {
    const subtle = globalThis.crypto && globalThis.crypto.subtle;
    if (!subtle) {
      throw this._fail('webcrypto-unavailable', 'WebCrypto (crypto.subtle) is unavailable, as it is on a page that is '
        + 'not a secure context (served over plain HTTP): the checksums could not be checked. Serve the page over '
        + 'HTTPS or from localhost, or open with {verifyChecksums: false} a bundle whose checksums were checked before.');
    }
    const bytes = this._bytes;
    const digests = await Promise.all(this._sections.map((section) =>
      subtle.digest('SHA-256', bytes.subarray(section.offset, section.offset + section.length))));
    this._sections.forEach((section, index) => {
      const checksum = new DataView(digests[index]).getBigUint64(0, true);
      if (checksum !== section.checksum) {
        throw this._fail('checksum', `checksum mismatch in section ${section.tag}: the file is corrupt`, section.tag);
      }
    });
    // WebCrypto hashes one buffer at once: the file with its checksum field zeroed is a copy,
    // made for this check only.
    const whole = new Uint8Array(bytes.length);
    whole.set(bytes);
    whole.fill(0, 32, 64);
    const digest = new Uint8Array(await subtle.digest('SHA-256', whole));
    for (let i = 0; i < 32; i++) {
      if (digest[i] !== bytes[32 + i]) {
        throw this._fail('checksum', 'the whole-file SHA-256 does not match the header: the file is corrupt');
      }
    }
  }

  /** Whether section `tag` is present at a version this reader can read. */
  has(tag) {
    const entry = this._byTag.get(tag);
    return entry !== undefined && entry.version === SECTION_VERSION;
  }

  /** The section table in file order, sections this reader does not know included. */
  sections() {
    return this._sections.map(({ tag, version, offset, length }) => ({ tag, version, offset, length }));
  }

  /** `{major, minor}` of the bundle's format. */
  get formatVersion() {
    return { major: this._major, minor: this._minor };
  }

  /** Section `tag`'s entry; a BundleError `unavailable` when it is missing or at a section version
   * this reader does not know (which the format treats as missing). */
  _section(tag) {
    const entry = this._byTag.get(tag);
    if (entry === undefined) throw this._fail('unavailable', `no section ${tag}: not available in this bundle`, tag);
    if (entry.version !== SECTION_VERSION) {
      throw this._fail('unavailable', `section ${tag} has version ${entry.version}, which this reader does not know: `
        + 'not available', tag);
    }
    return entry;
  }

  /** Section `tag` and the count in its first u32, checked so that the header and `count` entries
   * of `entrySize` bytes fit: `{at, length, count}` (`at` the section's offset). */
  _counted(tag, headerBytes, entrySize, what = 'entries') {
    const { offset, length } = this._section(tag);
    if (length < headerBytes) throw this._error(tag, `${length} bytes is too short for its header`);
    const count = this._u32(offset);
    if (headerBytes + count * entrySize > length) {
      throw this._error(tag, `${count} ${what} of ${entrySize} bytes do not fit its ${length} bytes`);
    }
    return { at: offset, length, count };
  }

  /** The required sections, checked as far as every call relies on them (as the C reader does
   * when it opens a bundle), so that later calls read them without checks. */
  _readRequired() {
    // STRS: offsets rise and the strings end inside the section.
    {
      const { offset, length } = this._section('STRS');
      if (length < 8) throw this._error('STRS', `${length} bytes is too short for its header`);
      const count = this._u32(offset);
      const table = 8 + 4 * (count + 1);
      if (table > length) throw this._error('STRS', `the offset table of ${count} strings does not fit`);
      const offsets = this._view32(offset + 8, count + 1);
      for (let i = 0; i < count; i++) {
        if (offsets[i] > offsets[i + 1]) throw this._error('STRS', `string offsets fall at string ${i}`);
      }
      if (table + offsets[count] > length) throw this._error('STRS', 'the strings end outside the section');
      this._stringCount = count;
      this._stringOffsets = offsets;
      this._stringBytes = offset + table;
    }
    // LEVL
    const levels = this._counted('LEVL', 8, 24, 'levels');
    this._levelCount = levels.count;
    this._levelAt = levels.at + 8;
    // NODE: every level below LEVL's count, since snapping and steps select nodes by it.
    const nodes = this._counted('NODE', 8, 16, 'nodes');
    this._nodeCount = nodes.count;
    this._nodeWords = this._viewI32(nodes.at + 8, 4 * nodes.count);
    this._nodeHalves = this._view16(nodes.at + 8, 8 * nodes.count);
    this._nodeBytes = nodes.at + 8;
    for (let v = 0; v < nodes.count; v++) {
      if (this._nodeHalves[8 * v + 4] >= levels.count) {
        throw this._error('NODE', `node ${v} is on level ${this._nodeHalves[8 * v + 4]}, but LEVL has ${levels.count}`);
      }
    }
    // ARCS: the CSR offsets rise from 0 to the arc count, every head is a node.
    {
      const { offset, length } = this._section('ARCS');
      if (length < 8) throw this._error('ARCS', 'too short for its header');
      const nodeCount = this._u32(offset);
      const arcCount = this._u32(offset + 4);
      const table = 8 + 4 * (nodeCount + 1);
      const entries = Math.ceil(table / 8) * 8;
      if (entries + 16 * arcCount !== length) {
        throw this._error('ARCS', `does not hold ${nodeCount} nodes and ${arcCount} arcs`);
      }
      if (nodeCount !== nodes.count) throw this._error('ARCS', `${nodeCount} nodes, but NODE has ${nodes.count}`);
      const firstOut = this._view32(offset + 8, nodeCount + 1);
      if (!rises(firstOut, arcCount)) throw this._error('ARCS', `offsets do not rise to ${arcCount}`);
      const words = this._view32(offset + entries, 4 * arcCount);
      for (let arc = 0; arc < arcCount; arc++) {
        if (words[4 * arc] >= nodeCount) throw this._error('ARCS', `arc ${arc} ends outside its ${nodeCount} nodes`);
      }
      this._arcCount = arcCount;
      this._firstOut = firstOut;
      this._arcWords = words;
      this._arcBytes = offset + entries;
    }
    // PROF: fewer than 256 profiles, a cost per arc each, every profile named.
    {
      const { offset, length } = this._section('PROF');
      if (length < 8) throw this._error('PROF', 'too short for its header');
      const count = this._u32(offset);
      const arcs = this._u32(offset + 4);
      if (count >= 256) throw this._error('PROF', `${count} profiles, at most 255`);
      if (arcs !== this._arcCount || 8 + 8 * count + 4 * count * arcs !== length) {
        throw this._error('PROF', `does not hold ${count} profiles of ${this._arcCount} arcs`);
      }
      const names = [];
      for (let index = 0; index < count; index++) {
        const name = this._string(this._u32(offset + 8 + 8 * index), 'PROF');
        if (name === null) throw this._error('PROF', `profile ${index} has no name`);
        names.push(name);
      }
      this._profileNames = names;
      this._costs = names.map((_, index) => this._view32(offset + 8 + 8 * count + 4 * arcs * index, arcs));
    }
    // PLAC: levels and nodes in range.
    {
      const places = this._counted('PLAC', 8, 64, 'places');
      this._placeCount = places.count;
      this._placeAt = places.at + 8;
      for (let i = 0; i < places.count; i++) {
        const at = this._placeAt + 64 * i;
        const level = this._u16(at + 2);
        const node = this._u32(at + 4);
        if (level !== NO_LEVEL && level >= this._levelCount) {
          throw this._error('PLAC', `place ${i} is on level ${level}, but LEVL has ${this._levelCount}`);
        }
        if (node !== NONE && node >= this._nodeCount) {
          throw this._error('PLAC', `place ${i} ends at node ${node}, but NODE has ${this._nodeCount}`);
        }
      }
    }
    // EVNT: every event names a place.
    {
      const events = this._counted('EVNT', 8, 32, 'events');
      for (let i = 0; i < events.count; i++) {
        const place = this._u32(events.at + 8 + 32 * i);
        if (place >= this._placeCount) throw this._error('EVNT', `event ${i} names place ${place}, but PLAC has ${this._placeCount}`);
      }
      this._eventCount = events.count;
      this._eventAt = events.at + 8;
    }
  }

  // -- Records --

  /** String `index` of STRS, or null for 0xFFFFFFFF. `referrer` is the section holding the
   * index: an index past the table is that section's damage. */
  _string(index, referrer) {
    if (index === NONE) return null;
    let text = this._strings.get(index);
    if (text !== undefined) return text;
    if (index >= this._stringCount) throw this._error(referrer, `names string ${index}, but STRS has ${this._stringCount}`);
    const start = this._stringBytes + this._stringOffsets[index];
    const end = this._stringBytes + this._stringOffsets[index + 1];
    text = decodeUtf8(this._bytes.subarray(start, end));
    if (text === null) throw this._error('STRS', `string ${index} is not UTF-8`);
    this._strings.set(index, text);
    return text;
  }

  /** META, parsed: the venue, its sources with their attribution and licence, profiles, levels,
   * bounding box. */
  get metadata() {
    if (!this._cache.has('META')) {
      const { offset, length } = this._section('META');
      const text = decodeUtf8(this._bytes.subarray(offset, offset + length));
      if (text === null) throw this._error('META', 'is not UTF-8');
      // Nesting the engine cannot parse or copy would escape as a RangeError.
      if (jsonDepth(text) > MAX_JSON_DEPTH) throw this._error('META', `nests deeper than ${MAX_JSON_DEPTH}`);
      let value;
      try {
        value = JSON.parse(text);
      } catch (error) {
        throw this._error('META', `is not JSON: ${error.message}`);
      }
      if (value === null || typeof value !== 'object' || Array.isArray(value)) throw this._error('META', 'is not a JSON object');
      this._cache.set('META', value);
    }
    return structuredClone(this._cache.get('META'));
  }

  get levelCount() {
    return this._levelCount;
  }

  get nodeCount() {
    return this._nodeCount;
  }

  get arcCount() {
    return this._arcCount;
  }

  get placeCount() {
    return this._placeCount;
  }

  get eventCount() {
    return this._eventCount;
  }

  _levelRecords() {
    let levels = this._cache.get('LEVL');
    if (levels === undefined) {
      levels = [];
      for (let index = 0; index < this._levelCount; index++) {
        const at = this._levelAt + 24 * index;
        const [id, name, buildingId, buildingName] = [0, 4, 8, 12].map((field) => this._string(this._u32(at + field), 'LEVL'));
        const ordinal = this._data.getFloat64(at + 16, true);
        const whole = Math.round(ordinal) === ordinal && Math.abs(ordinal) < 1e6;
        // As the Swift reader names a level: its own name, else "level 2" from its ordinal.
        const shortName = name !== null ? name
          : buildingId === null ? (id ?? '')
            : `level ${whole ? String(Math.trunc(ordinal)) : swiftDouble(ordinal)}`;
        levels.push(Object.freeze({ index, id, name, buildingId, buildingName, ordinal, shortName,
          displayName: buildingName === null ? shortName : `${shortName}, ${buildingName}` }));
      }
      this._cache.set('LEVL', levels);
    }
    return levels;
  }

  /** The levels in LEVL order: `{index, id, name, buildingId, buildingName, ordinal, shortName,
   * displayName}`; snapping and outlines take an index into this list. */
  levels() {
    return this._levelRecords().map((level) => ({ ...level }));
  }

  _checkLevel(level) {
    if (!Number.isInteger(level) || level < 0 || level >= this._levelCount) {
      throw this._argument(`level ${level} is not one of the ${this._levelCount} levels`);
    }
  }

  _checkNode(node) {
    if (!Number.isInteger(node) || node < 0 || node >= this._nodeCount) {
      throw this._argument(`node ${node} is not one of the ${this._nodeCount} nodes`);
    }
  }

  _checkArc(arc) {
    if (!Number.isInteger(arc) || arc < 0 || arc >= this._arcCount) {
      throw this._argument(`arc ${arc} is not one of the ${this._arcCount} arcs`);
    }
  }

  _checkPlace(place) {
    if (!Number.isInteger(place) || place < 0 || place >= this._placeCount) {
      throw this._argument(`place ${place} is not one of the ${this._placeCount} places`);
    }
  }

  /** Node `index`: `{index, latitude, longitude, level, kind, label}`, position in degrees. */
  node(index) {
    this._checkNode(index);
    const words = this._nodeWords;
    return {
      index,
      latitude: words[4 * index] / 1e7,
      longitude: words[4 * index + 1] / 1e7,
      level: this._nodeHalves[8 * index + 4],
      kind: this._bytes[this._nodeBytes + 16 * index + 10],
      label: this._string(words[4 * index + 3] >>> 0, 'NODE'),
    };
  }

  /** The tail of every arc, from ARCS's offsets (made once). */
  _tails() {
    let tails = this._cache.get('tails');
    if (tails === undefined) {
      tails = new Uint32Array(this._arcCount);
      const first = this._firstOut;
      for (let v = 0; v < this._nodeCount; v++) tails.fill(v, first[v], first[v + 1]);
      this._cache.set('tails', tails);
    }
    return tails;
  }

  /** Arc `index`: `{index, tail, head, kind, label, length (metres), indoor}`. */
  arc(index) {
    this._checkArc(index);
    const words = this._arcWords;
    const at = this._arcBytes + 16 * index;
    return {
      index,
      tail: this._tails()[index],
      head: words[4 * index],
      kind: this._bytes[at + 12],
      label: this._string(words[4 * index + 2], 'ARCS'),
      length: words[4 * index + 1] / 100,
      indoor: (this._bytes[at + 13] & 1) === 1,
    };
  }

  /** The arcs leaving `node`, as indexes: `[first, end)`. */
  arcsFrom(node) {
    this._checkNode(node);
    return [this._firstOut[node], this._firstOut[node + 1]];
  }

  /** Arc `index`'s polyline from tail to head, `[[lat, lon], ...]` in degrees: its ends and, in
   * bundles with SHAP, the corners it bends around between them. */
  arcShape(index) {
    this._checkArc(index);
    const tail = this._tails()[index];
    const head = this._arcWords[4 * index];
    const words = this._nodeWords;
    const points = [[words[4 * tail] / 1e7, words[4 * tail + 1] / 1e7]];
    if (this.has('SHAP')) {
      const { first, corners } = this._shapes();
      for (let c = first[index]; c < first[index + 1]; c++) points.push([corners[2 * c] / 1e7, corners[2 * c + 1] / 1e7]);
    }
    points.push([words[4 * head] / 1e7, words[4 * head + 1] / 1e7]);
    return points;
  }

  _shapes() {
    let shapes = this._cache.get('SHAP');
    if (shapes === undefined) {
      const tag = 'SHAP';
      const { offset, length } = this._section(tag);
      if (length < 8) throw this._error(tag, 'too short for its header');
      const arcs = this._u32(offset);
      const count = this._u32(offset + 4);
      if (arcs !== this._arcCount) throw this._error(tag, `has ${arcs} arcs, but ARCS has ${this._arcCount}`);
      const table = 8 + 4 * (arcs + 1);
      const cornersAt = Math.ceil(table / 8) * 8;
      if (cornersAt + 8 * count > length) throw this._error(tag, `${count} corners do not fit its ${length} bytes`);
      const first = this._view32(offset + 8, arcs + 1);
      if (!rises(first, count)) throw this._error(tag, `corner offsets do not rise to ${count}`);
      shapes = { first, corners: this._viewI32(offset + cornersAt, 2 * count) };
      this._cache.set('SHAP', shapes);
    }
    return shapes;
  }

  /** Profile names, in PROF order. */
  profiles() {
    return [...this._profileNames];
  }

  _profileIndex(profile) {
    const index = this._profileNames.indexOf(profile);
    if (index < 0) throw this._argument(`no profile ${JSON.stringify(profile)}; the bundle has ${this._profileNames.join(', ')}`);
    return index;
  }

  /** The PROF costs of `profile`, one u32 (milliseconds, INFINITE where it may not go) per arc,
   * as a new Uint32Array the caller may change (to customise with). */
  costs(profile) {
    return this._costs[this._profileIndex(profile)].slice();
  }

  /** Place `index` of PLAC: `{index, kind, ref, name, category, description, building,
   * openingHours, phone, email, website, level, node, capacity, latitude, longitude,
   * geofenceRadius}`; level, node, capacity and position are null where the place has none. */
  place(index) {
    this._checkPlace(index);
    const at = this._placeAt + 64 * index;
    const bytes = this._bytes;
    const level = this._u16(at + 2);
    const node = this._u32(at + 4);
    const text = (field) => this._string(this._u32(at + 8 + 4 * field), 'PLAC');
    const capacity = this._data.getInt32(at + 44, true);
    const positioned = bytes[at + 1] !== 0;
    return {
      index,
      kind: bytes[at],
      ref: text(0),
      name: text(1),
      category: text(2),
      description: text(3),
      building: text(4),
      openingHours: text(5),
      phone: text(6),
      email: text(7),
      website: text(8),
      level: level === NO_LEVEL ? null : level,
      node: node === NONE ? null : node,
      capacity: capacity < 0 ? null : capacity,
      latitude: positioned ? this._data.getInt32(at + 48, true) / 1e7 : null,
      longitude: positioned ? this._data.getInt32(at + 52, true) / 1e7 : null,
      geofenceRadius: this._u32(at + 56) / 100,
    };
  }

  /** Place `index`'s level (or null) without reading its strings. */
  _placeLevel(index) {
    const level = this._u16(this._placeAt + 64 * index + 2);
    return level === NO_LEVEL ? null : level;
  }

  _placeNode(index) {
    const node = this._u32(this._placeAt + 64 * index + 4);
    return node === NONE ? null : node;
  }

  /** Event `index` of EVNT: `{index, place, title, description, start, end}`, times in seconds
   * since 1970 (Numbers; exact within ±2^53). */
  event(index) {
    if (!Number.isInteger(index) || index < 0 || index >= this._eventCount) {
      throw this._argument(`event ${index} is not one of the ${this._eventCount} events`);
    }
    const at = this._eventAt + 32 * index;
    return {
      index,
      place: this._u32(at),
      title: this._string(this._u32(at + 4), 'EVNT'),
      description: this._string(this._u32(at + 8), 'EVNT'),
      start: Number(this._data.getBigInt64(at + 16, true)),
      end: Number(this._data.getBigInt64(at + 24, true)),
    };
  }

  /** Whether the bundle carries a Wi-Fi radio map (WIFI). */
  get hasRadioMap() {
    return this.has('WIFI');
  }

  /** Whether the bundle has a customisable hierarchy (CCHT, format 2.0), which routes then use for
   * every profile and which customise, applyConditions and routeOn need. */
  get customisable() {
    return this.has('CCHT');
  }

  // -- Search (SRCH, ALIA) --

  /** SRCH, checked in full on first use: bisection is only right over keys that are really
   * sorted, and a fold table that is not folded is no fold table. */
  _searchIndex() {
    let index = this._cache.get('SRCH');
    if (index !== undefined) return index;
    const tag = 'SRCH';
    const { offset, length } = this._section(tag);
    if (length < 16) throw this._error(tag, 'too short for its header');
    const foldCount = this._u32(offset);
    const keyCount = this._u32(offset + 4);
    const foldBytes = this._u32(offset + 8);
    const keyBytes = this._u32(offset + 12);
    const foldAt = offset + 16;
    const keyAt = foldAt + 12 * foldCount;
    const foldTextAt = keyAt + 12 * keyCount;
    const keyTextAt = foldTextAt + foldBytes;
    if (keyTextAt + keyBytes > offset + length) {
      throw this._error(tag, `${foldCount} fold entries, ${keyCount} keys and ${foldBytes} + ${keyBytes} bytes of text `
        + `do not fit its ${length} bytes`);
    }
    const folds = new Map();
    let previous = 0x7f;
    const hex = (code) => code.toString(16).toUpperCase().padStart(4, '0');
    for (let i = 0; i < foldCount; i++) {
      const at = foldAt + 12 * i;
      const code = this._u32(at);
      const start = this._u32(at + 4);
      const size = this._u32(at + 8);
      if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) || code < 0x80) {
        throw this._error(tag, `fold entry U+${hex(code)} is not a non-ASCII Unicode scalar value`);
      }
      if (code <= previous) throw this._error(tag, `fold entry U+${hex(code)} follows U+${hex(previous)}: not in ascending order`);
      previous = code;
      if (start + size > foldBytes) throw this._error(tag, `the fold of U+${hex(code)} lies outside the fold text`);
      const text = decodeUtf8(this._bytes.subarray(foldTextAt + start, foldTextAt + start + size));
      if (text === null) throw this._error(tag, `the fold of U+${hex(code)} is not UTF-8`);
      folds.set(code, text);
    }
    // Replacements are folded already (folding is one pass); a table where they are not would
    // make readers that fold once and readers that fold twice disagree.
    for (const [code, replacement] of folds) {
      for (const character of replacement) {
        const point = character.codePointAt(0);
        const folded = point < 0x80 ? foldAscii(point) : (folds.get(point) ?? character);
        if (folded !== character) throw this._error(tag, `the fold of U+${hex(code)} is not folded itself`);
      }
    }
    const keys = this._readKeys(tag, keyAt, keyCount, keyTextAt, keyBytes, false);
    index = { folds, ...keys };
    this._cache.set('SRCH', index);
    return index;
  }

  /** Key entries of SRCH's layout (or ALIA's, with `alias`), checked: non-empty, inside the key
   * text, fields 0 to 3 (or 4), places below PLAC's count, strictly ascending by (text, field,
   * place). `{starts, lengths, fields, owners}`, `starts` absolute offsets in the file. */
  _readKeys(tag, keyAt, keyCount, textAt, textBytes, alias) {
    const starts = new Uint32Array(keyCount);
    const lengths = new Uint32Array(keyCount);
    const fields = new Uint8Array(keyCount);
    const owners = new Uint32Array(keyCount);
    const places = this._placeCount;
    const bytes = this._bytes;
    for (let position = 0; position < keyCount; position++) {
      const at = keyAt + 12 * position;
      const start = this._u32(at);
      const size = this._u16(at + 4);
      const field = bytes[at + 6];
      const place = this._u32(at + 8);
      if (size === 0 || start + size > textBytes) throw this._error(tag, `key ${position} is empty or lies outside the key text`);
      if (alias ? field !== ALIAS_FIELD : field >= SRCH_FIELDS) {
        throw this._error(tag, `key ${position} has field ${field}; `
          + (alias ? `the field of aliases is ${ALIAS_FIELD}` : `fields are 0 to ${SRCH_FIELDS - 1}`));
      }
      if (place >= places) throw this._error(tag, `key ${position} names place ${place}, but PLAC has ${places}`);
      if (alias && decodeUtf8(bytes.subarray(textAt + start, textAt + start + size)) === null) {
        throw this._error(tag, `key ${position} is not UTF-8`);
      }
      starts[position] = textAt + start;
      lengths[position] = size;
      fields[position] = field;
      owners[position] = place;
      if (position > 0) {
        const order = compareRanges(bytes, starts[position - 1], lengths[position - 1], starts[position], size)
          || fields[position - 1] - field || owners[position - 1] - place;
        if (order >= 0) throw this._error(tag, `key ${position} is not after key ${position - 1} (text, field, place)`);
      }
    }
    return { starts, lengths, fields, owners };
  }

  /** ALIA, checked in full on first use. */
  _aliasIndex() {
    let index = this._cache.get('ALIA');
    if (index !== undefined) return index;
    const tag = 'ALIA';
    const { offset, length } = this._section(tag);
    if (length < 16) throw this._error(tag, 'too short for its header');
    const placeCount = this._u32(offset);
    const aliasCount = this._u32(offset + 4);
    const keyCount = this._u32(offset + 8);
    const keyBytes = this._u32(offset + 12);
    if (placeCount !== this._placeCount) throw this._error(tag, `has ${placeCount} places, but PLAC has ${this._placeCount}`);
    const entriesAt = offset + 16 + 4 * (placeCount + 1);
    const keysAt = entriesAt + 12 * aliasCount;
    const textAt = keysAt + 12 * keyCount;
    if (textAt + keyBytes > offset + length) {
      throw this._error(tag, `${aliasCount} aliases and ${keyCount} keys do not fit its ${length} bytes`);
    }
    const first = this._view32(offset + 16, placeCount + 1);
    if (!rises(first, aliasCount)) throw this._error(tag, `alias offsets do not rise to ${aliasCount}`);
    const strings = this._stringCount;
    for (let position = 0; position < aliasCount; position++) {
      const at = entriesAt + 12 * position;
      const text = this._u32(at);
      const language = this._u32(at + 4);
      if (text === NONE || text >= strings || (language !== NONE && language >= strings)) {
        throw this._error(tag, `alias ${position} names string ${text} or ${language}, but STRS has ${strings}`);
      }
      if (!this._string(text, tag)) throw this._error(tag, `alias ${position} is empty`);
    }
    index = { first, entriesAt, ...this._readKeys(tag, keysAt, keyCount, textAt, keyBytes, true) };
    this._cache.set('ALIA', index);
    return index;
  }

  /** `text` folded by the bundle's own table (SRCH), the way its keys were: case, accents and runs
   * of whitespace do not matter, and every reader folds identically whatever its platform's
   * Unicode version. A string, or UTF-8 bytes. */
  fold(text) {
    const { folds } = this._searchIndex();
    if (text instanceof Uint8Array) {
      const decoded = decodeUtf8(text);
      if (decoded === null) throw this._argument('the text is not valid UTF-8');
      text = decoded;
    }
    if (typeof text !== 'string') throw this._argument('the text to fold must be a string');
    let folded = '';
    for (const character of text) {
      const point = character.codePointAt(0);
      if (point < 0x80) folded += foldAscii(point);
      else if (point >= 0xd800 && point <= 0xdfff) {
        throw this._argument(`the text holds a lone surrogate U+${point.toString(16).toUpperCase()}, not text`);
      } else folded += folds.get(point) ?? character;
    }
    return folded.split(' ').filter((word) => word).join(' ');
  }

  /** The first key position in a sorted key table whose text is not below `prefix` (bytes). */
  static _lowerBound(keys, prefix, bytes) {
    let low = 0;
    let high = keys.starts.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareBytes(bytes, keys.starts[middle], keys.lengths[middle], prefix) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /**
   * The places with a key starting with `text` folded: `[{place, field}]`, each place once with
   * its best key, ranked by field (0 ref, 1 name, 2 a later word of the name, 3 category, 4 alias)
   * and then by that key's position (SRCH's keys, then ALIA's), at most `limit`.
   */
  searchPrefix(text, limit = 10) {
    if (!Number.isInteger(limit) || limit < 0) throw this._argument(`limit ${limit} is not a non-negative integer`);
    const index = this._searchIndex();
    const prefix = ENCODER.encode(this.fold(text));
    if (prefix.length === 0) return [];
    const bytes = this._bytes;
    const best = new Map(); // place -> [field, position]
    const tables = [[index, 0]];
    if (this.has('ALIA')) tables.push([this._aliasIndex(), index.starts.length]);
    for (const [keys, shift] of tables) {
      // Keys extending the prefix sort right after it and before anything else not below it.
      for (let position = NavBundle._lowerBound(keys, prefix, bytes); position < keys.starts.length; position++) {
        if (keys.lengths[position] < prefix.length
          || compareBytes(bytes, keys.starts[position], prefix.length, prefix) !== 0) break;
        const place = keys.owners[position];
        const field = keys.fields[position];
        const known = best.get(place);
        if (known === undefined || field < known[0]) best.set(place, [field, shift + position]);
      }
    }
    const ranked = [...best].sort((a, b) => a[1][0] - b[1][0] || a[1][1] - b[1][1]);
    return ranked.slice(0, limit).map(([place, [field]]) => ({ place, field }));
  }

  // -- Snapping (SNAP) --

  /** SNAP, checked in full on first use: the ring walk is only exact if every node of a level
   * sits in the one cell its position names, so that is checked, not assumed. */
  _snapIndex() {
    let index = this._cache.get('SNAP');
    if (index !== undefined) return index;
    const tag = 'SNAP';
    const { offset, length } = this._section(tag);
    if (length < 24) throw this._error(tag, 'too short for its header');
    const levelCount = this._u32(offset);
    const nodeCount = this._u32(offset + 4);
    const cellCount = this._u32(offset + 8);
    const entryCount = this._u32(offset + 12);
    const scale = this._data.getFloat64(offset + 16, true);
    if (levelCount !== this._levelCount || nodeCount !== this._nodeCount) {
      throw this._error(tag, `indexes ${levelCount} levels and ${nodeCount} nodes, but LEVL has ${this._levelCount} `
        + `and NODE ${this._nodeCount}`);
    }
    const cellsAt = 24 + 32 * levelCount;
    const entriesAt = cellsAt + 4 * (cellCount + 1);
    if (entriesAt + 4 * entryCount > length) {
      throw this._error(tag, `${levelCount} levels, ${cellCount} cells and ${entryCount} entries do not fit its ${length} bytes`);
    }
    if (!(scale > 0 && scale <= 1)) throw this._error(tag, `longitude scale ${scale} is not a cosine of a latitude`);
    const cellFirst = this._view32(offset + cellsAt, cellCount + 1);
    const entries = this._view32(offset + entriesAt, entryCount);
    let previous = 0;
    for (let i = 0; i < cellFirst.length; i++) {
      if (cellFirst[i] < previous || cellFirst[i] > entryCount) {
        throw this._error(tag, `cell offsets do not rise within ${entryCount} entries`);
      }
      previous = cellFirst[i];
    }
    const grids = [];
    for (let level = 0; level < levelCount; level++) {
      const at = offset + 24 + 32 * level;
      grids.push({
        minLat: this._data.getInt32(at, true),
        minLon: this._data.getInt32(at + 4, true),
        cellLat: this._u32(at + 8),
        cellLon: this._u32(at + 12),
        rows: this._u32(at + 16),
        columns: this._u32(at + 20),
        firstCell: this._u32(at + 24),
      });
    }
    const words = this._nodeWords;
    const halves = this._nodeHalves;
    const onLevel = new Array(levelCount).fill(0);
    for (let v = 0; v < nodeCount; v++) onLevel[halves[8 * v + 4]]++;
    const seen = new Uint8Array(nodeCount);
    grids.forEach((grid, level) => {
      const { minLat, minLon, cellLat, cellLon, rows, columns, firstCell } = grid;
      const cells = rows * columns;
      if (cells === 0) {
        if (onLevel[level]) throw this._error(tag, `level ${level} has ${onLevel[level]} nodes but no cells`);
        return;
      }
      if (cellLat === 0 || cellLon === 0) throw this._error(tag, `level ${level} has cells of size zero`);
      if (firstCell + cells > cellCount) {
        throw this._error(tag, `level ${level}'s ${rows} x ${columns} cells from ${firstCell} pass the ${cellCount} cells`);
      }
      let found = 0;
      for (let row = 0; row < rows; row++) {
        for (let column = 0; column < columns; column++) {
          const cell = firstCell + row * columns + column;
          let last = -1;
          for (let entry = cellFirst[cell]; entry < cellFirst[cell + 1]; entry++) {
            const node = entries[entry];
            if (node >= nodeCount || node <= last) {
              throw this._error(tag, `cell ${cell} lists node ${node}: not a node, or not in ascending order`);
            }
            last = node;
            const latOffset = words[4 * node] - minLat;
            const lonOffset = words[4 * node + 1] - minLon;
            if (halves[8 * node + 4] !== level || seen[node] || latOffset < 0 || lonOffset < 0
              || Math.floor(latOffset / cellLat) !== row || Math.floor(lonOffset / cellLon) !== column) {
              throw this._error(tag, `cell ${cell} of level ${level} lists node ${node}, which is not in that cell or listed twice`);
            }
            seen[node] = 1;
            found++;
          }
        }
      }
      if (found !== onLevel[level]) throw this._error(tag, `level ${level}'s grid holds ${found} of its ${onLevel[level]} nodes`);
    });
    index = { scale, grids, cellFirst, entries };
    this._cache.set('SNAP', index);
    return index;
  }

  /**
   * The node on `level` nearest to the position (degrees) by the format's metric, ties to the lower
   * node: `{node, metres}`, or null when the level has no nodes. The SNAP grid is walked in rings
   * of cells until no unvisited cell can hold anything nearer, which gives the same answer as
   * measuring every node of the level.
   */
  snap(latitude, longitude, level) {
    const found = this._nearest(latitude, longitude, level, null);
    return found === null ? null : { node: found[0], metres: found[1] };
  }

  /**
   * The node on `level` nearest to the position among those in the main pieces of `profile`'s
   * usable graph (PIEC), else the nearest of any piece: `{node, metres, fallback}`, or null when
   * the level has no nodes. Without PIEC every node counts as in a main piece.
   */
  snapProfile(latitude, longitude, level, profile) {
    const index = this._profileIndex(profile);
    let accept = null;
    if (this.has('PIEC')) {
      const bits = this._pieces(index);
      accept = (node) => ((bits[node >>> 5] >>> (node & 31)) & 1) === 1;
    }
    let found = this._nearest(latitude, longitude, level, accept);
    if (found !== null) return { node: found[0], metres: found[1], fallback: false };
    found = this._nearest(latitude, longitude, level, null);
    return found === null ? null : { node: found[0], metres: found[1], fallback: true };
  }

  _nearest(latitude, longitude, level, accept) {
    this._checkLevel(level);
    if (!(typeof latitude === 'number' && typeof longitude === 'number' && latitude >= -90 && latitude <= 90
      && longitude >= -180 && longitude <= 180)) {
      throw this._argument(`(${latitude}, ${longitude}) is not a position in degrees`);
    }
    const { scale, grids, cellFirst, entries } = this._snapIndex();
    const { minLat, minLon, cellLat, cellLon, rows, columns, firstCell } = grids[level];
    if (rows * columns === 0) return null;
    const words = this._nodeWords;
    const queryLat = roundHalfAway(latitude * 1e7);
    const queryLon = roundHalfAway(longitude * 1e7);
    const row = Math.min(Math.max(Math.floor((queryLat - minLat) / cellLat), 0), rows - 1);
    const column = Math.min(Math.max(Math.floor((queryLon - minLon) / cellLon), 0), columns - 1);
    let best = Infinity;
    let bestNode = -1;
    for (let ring = 0; ; ring++) {
      const top = row - ring;
      const bottom = row + ring;
      const left = column - ring;
      const right = column + ring;
      const visit = (cellRow, cellColumn) => {
        const cell = firstCell + cellRow * columns + cellColumn;
        for (let entry = cellFirst[cell]; entry < cellFirst[cell + 1]; entry++) {
          const node = entries[entry];
          const dy = queryLat - words[4 * node];
          const dx = (queryLon - words[4 * node + 1]) * scale;
          const squared = dx * dx + dy * dy;
          if (squared < best || (squared === best && node < bestNode)) {
            if (accept === null || accept(node)) {
              best = squared;
              bestNode = node;
            }
          }
        }
      };
      for (let cellRow = Math.max(top, 0); cellRow <= Math.min(bottom, rows - 1); cellRow++) {
        if (cellRow === top || cellRow === bottom) {
          for (let cellColumn = Math.max(left, 0); cellColumn <= Math.min(right, columns - 1); cellColumn++) {
            visit(cellRow, cellColumn);
          }
        } else {
          if (left >= 0) visit(cellRow, left);
          if (right !== left && right < columns) visit(cellRow, right);
        }
      }
      // The nearest distance any unvisited cell could hold: to the nearest side of the visited
      // block that has cells beyond it.
      let bound = Infinity;
      let bounded = false;
      if (top > 0) {
        bound = queryLat - (minLat + top * cellLat);
        bounded = true;
      }
      if (bottom < rows - 1) {
        bound = Math.min(bound, minLat + (bottom + 1) * cellLat - queryLat);
        bounded = true;
      }
      if (left > 0) {
        bound = Math.min(bound, (queryLon - (minLon + left * cellLon)) * scale);
        bounded = true;
      }
      if (right < columns - 1) {
        bound = Math.min(bound, (minLon + (right + 1) * cellLon - queryLon) * scale);
        bounded = true;
      }
      if (!bounded || (bestNode >= 0 && best < bound * bound)) break;
    }
    if (bestNode < 0) return null; // No node of the level, or none that `accept` takes.
    return [bestNode, Math.sqrt(best) * METRES_PER_UNIT];
  }

  // -- Places of format 1.2: sources, aliases, attachments, pieces --

  /** The source feature id of place `index` (`node/123`), or null when it has none or the bundle
   * has no PSRC. */
  placeSource(index) {
    this._checkPlace(index);
    if (!this.has('PSRC')) return null;
    let sources = this._cache.get('PSRC');
    if (sources === undefined) {
      const { at, count } = this._counted('PSRC', 8, 4, 'sources');
      if (count !== this._placeCount) throw this._error('PSRC', `has ${count} sources, but PLAC has ${this._placeCount} places`);
      sources = this._view32(at + 8, count);
      this._cache.set('PSRC', sources);
    }
    return this._string(sources[index], 'PSRC');
  }

  /** The aliases of place `index`: `[{text, language, kind}]`, kind 0 a name in another language,
   * 1 an alternative name, 2 a keyword, 3 a platform synonym (others kept as they are); empty
   * without ALIA. */
  placeAliases(index) {
    this._checkPlace(index);
    if (!this.has('ALIA')) return [];
    const { first, entriesAt } = this._aliasIndex();
    const aliases = [];
    for (let alias = first[index]; alias < first[index + 1]; alias++) {
      const at = entriesAt + 12 * alias;
      aliases.push({ text: this._string(this._u32(at), 'ALIA'), language: this._string(this._u32(at + 4), 'ALIA'),
        kind: this._bytes[at + 8] });
    }
    return aliases;
  }

  _attachments() {
    let nodes = this._cache.get('ATCH');
    if (nodes === undefined) {
      const tag = 'ATCH';
      const { offset, length } = this._section(tag);
      if (length < 8) throw this._error(tag, 'too short for its header');
      const profiles = this._u32(offset);
      const places = this._u32(offset + 4);
      if (profiles !== this._profileNames.length || places !== this._placeCount) {
        throw this._error(tag, `holds ${profiles} profiles of ${places} places, but PROF has ${this._profileNames.length} `
          + `and PLAC ${this._placeCount}`);
      }
      if (8 + 4 * profiles * places > length) throw this._error(tag, `${profiles} x ${places} nodes do not fit its ${length} bytes`);
      nodes = this._view32(offset + 8, profiles * places);
      for (let i = 0; i < nodes.length; i++) {
        if (nodes[i] !== NONE && nodes[i] >= this._nodeCount) {
          throw this._error(tag, `a place attaches to a node past the ${this._nodeCount} of NODE`);
        }
      }
      this._cache.set('ATCH', nodes);
    }
    return nodes;
  }

  /** The node place `place` attaches to for `profile` (ATCH; PLAC's node without it), or null when
   * it is not on the graph. */
  attachedNode(place, profile) {
    const index = this._profileIndex(profile);
    this._checkPlace(place);
    if (!this.has('ATCH')) return this._placeNode(place);
    const node = this._attachments()[index * this._placeCount + place];
    return node === NONE ? null : node;
  }

  /** Profile `index`'s bits of PIEC, checked: counts, clear bits past the nodes, and
   * main_node_count equal to the bits set. */
  _pieces(index) {
    const key = `PIEC ${index}`;
    let bits = this._cache.get(key);
    if (bits === undefined) {
      const tag = 'PIEC';
      const { offset, length } = this._section(tag);
      if (length < 8) throw this._error(tag, 'too short for its header');
      const profiles = this._u32(offset);
      const nodes = this._u32(offset + 4);
      if (profiles !== this._profileNames.length || nodes !== this._nodeCount) {
        throw this._error(tag, `holds ${profiles} profiles of ${nodes} nodes, but PROF has ${this._profileNames.length} `
          + `and NODE ${this._nodeCount}`);
      }
      const words = Math.ceil(nodes / 32);
      const bitsAt = 8 + 16 * profiles;
      if (bitsAt + 4 * words * profiles > length) throw this._error(tag, `${profiles} tables of ${nodes} nodes do not fit its ${length} bytes`);
      const at = offset + 8 + 16 * index;
      const pieces = this._u32(at);
      const main = this._u32(at + 4);
      const mainNodes = this._u32(at + 8);
      bits = this._view32(offset + bitsAt + 4 * words * index, words);
      if (main > pieces || pieces > nodes || (nodes > 0 && main === 0)) {
        throw this._error(tag, `profile ${index} counts ${main} main of ${pieces} pieces for ${nodes} nodes`);
      }
      if (nodes % 32 && bits[words - 1] >>> (nodes % 32)) throw this._error(tag, `profile ${index} sets bits past its ${nodes} nodes`);
      let set = 0;
      for (let w = 0; w < words; w++) {
        let word = bits[w];
        while (word) {
          word &= word - 1;
          set++;
        }
      }
      if (set !== mainNodes) throw this._error(tag, `profile ${index} says ${mainNodes} nodes are in main pieces, its bits differ`);
      this._cache.set(key, bits);
    }
    return bits;
  }

  /** Whether `node` lies in a main piece of `profile`'s usable graph (always, without PIEC). */
  inMainPiece(node, profile) {
    const index = this._profileIndex(profile);
    this._checkNode(node);
    if (!this.has('PIEC')) return true;
    return ((this._pieces(index)[node >>> 5] >>> (node & 31)) & 1) === 1;
  }

  // -- Endpoints (docs/endpoints.md) --

  /**
   * What `text` names as a route endpoint, by the resolution order of docs/endpoints.md:
   * `{kind: 'place', place}` or `{kind: 'position', latitude, longitude, levels}`; an
   * EndpointError when it names no single one.
   */
  resolveEndpoint(text) {
    return this._resolveEndpoint(text, true);
  }

  _resolveEndpoint(text, suggest) {
    if (text instanceof Uint8Array) {
      const decoded = decodeUtf8(text);
      if (decoded === null) throw this._argument('the endpoint is not valid UTF-8');
      text = decoded;
    }
    if (typeof text !== 'string') throw this._argument('an endpoint is text');
    const trimmed = trimAscii(text);
    const position = POSITION_TEXT.exec(trimmed);
    if (position) {
      const latitude = Number(position[1]);
      const longitude = Number(position[2]);
      if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) throw new EndpointError('bad-coordinate', trimmed);
      const qualifier = position[3];
      let levels;
      if (qualifier === undefined) {
        if (this._levelCount !== 1) throw new EndpointError('needs-level', trimmed);
        levels = [0];
      } else {
        levels = this._levelsNamed(qualifier);
        if (!levels.length) throw new EndpointError('unknown-level', qualifier);
      }
      return { kind: 'position', latitude, longitude, levels };
    }
    const folded = ENCODER.encode(this.fold(trimmed));
    if (!folded.length) throw new EndpointError('empty', trimmed);
    let tier = this._tiers(folded);
    if (tier.length) return this._decide(tier, trimmed);
    let near = folded;
    let qualified = false;
    for (let at = 0; at < trimmed.length; at++) {
      if (trimmed[at] !== '@') continue;
      const name = ENCODER.encode(this.fold(trimmed.slice(0, at)));
      if (!name.length) continue;
      const levels = this._levelsNamed(trimmed.slice(at + 1));
      if (!levels.length) continue;
      if (!qualified) {
        near = name;
        qualified = true;
      }
      tier = this._tiers(name);
      if (!tier.length) continue;
      const onLevels = tier.filter((place) => levels.includes(this._placeLevel(place)));
      if (!onLevels.length) throw new EndpointError('elsewhere', trimmed, tier);
      return this._decide(onLevels, trimmed);
    }
    throw new EndpointError('unknown', trimmed, suggest ? this._suggestions(new TextDecoder().decode(near)) : []);
  }

  /** The node `endpoint` starts or ends at for `profile`: a place's attachment, or a position's
   * profile snap on its levels, the nearest (ties to the lower node); null when there is none. */
  endpointNode(endpoint, profile) {
    if (endpoint === null || typeof endpoint !== 'object') throw this._argument('an endpoint is what resolveEndpoint returns');
    if (endpoint.kind === 'place') return this.attachedNode(endpoint.place, profile);
    if (endpoint.kind !== 'position' || !Array.isArray(endpoint.levels)) {
      throw this._argument('an endpoint is what resolveEndpoint returns');
    }
    let best = null;
    for (const level of endpoint.levels) {
      const found = this.snapProfile(endpoint.latitude, endpoint.longitude, level, profile);
      if (found !== null && (best === null || found.metres < best.metres
        || (found.metres === best.metres && found.node < best.node))) best = found;
    }
    return best === null ? null : best.node;
  }

  _decide(places, text) {
    if (places.length === 1) return { kind: 'place', place: places[0] };
    throw new EndpointError('ambiguous', text, places);
  }

  /** The places of the first tier matching the folded `key` (bytes) exactly: refs, names,
   * aliases, source ids; ascending. */
  _tiers(key) {
    const bytes = this._bytes;
    const exact = (keys, wanted, field) => {
      const found = new Set();
      for (let position = NavBundle._lowerBound(keys, key, bytes); position < keys.starts.length; position++) {
        if (compareBytes(bytes, keys.starts[position], keys.lengths[position], key) !== 0) break;
        if (field === null || keys.fields[position] === field) found.add(keys.owners[position]);
      }
      return [...found].sort((a, b) => a - b);
    };
    const index = this._searchIndex();
    for (const field of [0, 1]) {
      const found = exact(index, key, field);
      if (found.length) return found;
    }
    if (this.has('ALIA')) {
      const found = exact(this._aliasIndex(), key, null);
      if (found.length) return found;
    }
    if (!this.has('PSRC')) return [];
    return [...(this._sourceIndex().get(new TextDecoder().decode(key)) ?? [])];
  }

  /** The places by folded PSRC source id, ascending, made once. */
  _sourceIndex() {
    let index = this._cache.get('PSRC index');
    if (index === undefined) {
      index = new Map();
      for (let place = 0; place < this._placeCount; place++) {
        const source = this.placeSource(place);
        if (source === null) continue;
        const folded = this.fold(source);
        if (!index.has(folded)) index.set(folded, []);
        index.get(folded).push(place);
      }
      this._cache.set('PSRC index', index);
    }
    return index;
  }

  /** The LEVL indexes the text after `@` names: by ordinal when it is a decimal number, or by the
   * folded id or name of the level or of its building. */
  _levelsNamed(qualifier) {
    const folded = this.fold(qualifier);
    if (!folded) return [];
    const number = DECIMAL_TEXT.test(folded) ? Number(folded) : null;
    const result = [];
    for (const level of this._levelRecords()) {
      if (number !== null && number === level.ordinal) {
        result.push(level.index);
        continue;
      }
      const names = [level.id, level.name, level.buildingId, level.buildingName];
      if (names.some((name) => name && this.fold(name) === folded)) result.push(level.index);
    }
    return result;
  }

  /** Up to three places whose folded ref or name is within max(2, n / 3) edits of the n code
   * points of `folded`, nearest first, ties to the lower place. */
  _suggestions(folded) {
    const limit = Math.max(2, Math.floor(Array.from(folded).length / 3));
    const scored = [];
    for (let index = 0; index < this._placeCount; index++) {
      const place = this.place(index);
      const distances = [];
      for (const text of [place.ref, place.name]) {
        if (!text) continue;
        const key = this.fold(text);
        if (key) distances.push(editDistance(folded, key));
      }
      if (distances.length && Math.min(...distances) <= limit) scored.push([Math.min(...distances), index]);
    }
    scored.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    return scored.slice(0, 3).map(([, index]) => index);
  }

  // -- Outlines (OUTL) --

  /** OUTL, checked in full on first use, so that drawing a level can trust every range. */
  _outlineIndex() {
    let index = this._cache.get('OUTL');
    if (index !== undefined) return index;
    const tag = 'OUTL';
    const { offset, length } = this._section(tag);
    if (length < 16) throw this._error(tag, 'too short for its header');
    const levelCount = this._u32(offset);
    const outlineCount = this._u32(offset + 4);
    const ringCount = this._u32(offset + 8);
    const pointCount = this._u32(offset + 12);
    if (levelCount !== this._levelCount) throw this._error(tag, `has ${levelCount} levels, but LEVL has ${this._levelCount}`);
    const levelAt = 16;
    const ringAt = levelAt + 4 * (levelCount + 1);
    const pointFirstAt = ringAt + 4 * (outlineCount + 1);
    const outlinesAt = Math.ceil((pointFirstAt + 4 * (ringCount + 1)) / 8) * 8;
    const pointsAt = Math.ceil((outlinesAt + 12 * outlineCount) / 8) * 8;
    if (pointsAt + 8 * pointCount > length) {
      throw this._error(tag, `${outlineCount} outlines, ${ringCount} rings and ${pointCount} points do not fit its ${length} bytes`);
    }
    const levelFirst = this._view32(offset + levelAt, levelCount + 1);
    const ringFirst = this._view32(offset + ringAt, outlineCount + 1);
    const pointFirst = this._view32(offset + pointFirstAt, ringCount + 1);
    for (const [name, offsets, end] of [['level', levelFirst, outlineCount], ['ring', ringFirst, ringCount],
      ['point', pointFirst, pointCount]]) {
      if (!rises(offsets, end)) throw this._error(tag, `${name} offsets do not rise to ${end}`);
    }
    for (let outline = 0; outline < outlineCount; outline++) {
      if (ringFirst[outline] === ringFirst[outline + 1]) throw this._error(tag, `outline ${outline} has no exterior ring`);
    }
    for (let ring = 0; ring < ringCount; ring++) {
      if (pointFirst[ring + 1] - pointFirst[ring] < 3) throw this._error(tag, `ring ${ring} has fewer than 3 corners`);
    }
    const records = this._view32(offset + outlinesAt, 3 * outlineCount);
    for (let outline = 0; outline < outlineCount; outline++) {
      const label = records[3 * outline];
      const place = records[3 * outline + 1];
      if (place !== NONE && place >= this._placeCount) {
        throw this._error(tag, `outline ${outline} names place ${place}, but PLAC has ${this._placeCount}`);
      }
      if (label !== NONE && label >= this._stringCount) {
        throw this._error(tag, `outline ${outline} names string ${label}, but STRS has ${this._stringCount}`);
      }
    }
    index = { levelFirst, ringFirst, pointFirst, records, recordBytes: offset + outlinesAt,
      points: this._viewI32(offset + pointsAt, 2 * pointCount) };
    this._cache.set('OUTL', index);
    return index;
  }

  /**
   * The space outlines of `level`, for drawing a floor plan: `[{kind, label, place, rings}]`, the
   * first ring the exterior, the others holes, each a list of open `[lat, lon]` corners in
   * degrees; kinds as OUTLINE_KINDS names them.
   */
  outlines(level) {
    this._checkLevel(level);
    const { levelFirst, ringFirst, pointFirst, records, recordBytes, points } = this._outlineIndex();
    const result = [];
    for (let outline = levelFirst[level]; outline < levelFirst[level + 1]; outline++) {
      const rings = [];
      for (let ring = ringFirst[outline]; ring < ringFirst[outline + 1]; ring++) {
        const corners = [];
        for (let p = pointFirst[ring]; p < pointFirst[ring + 1]; p++) corners.push([points[2 * p] / 1e7, points[2 * p + 1] / 1e7]);
        rings.push(corners);
      }
      const place = records[3 * outline + 1];
      result.push({ kind: this._bytes[recordBytes + 12 * outline + 8], label: this._string(records[3 * outline], 'OUTL'),
        place: place === NONE ? null : place, rings });
    }
    return result;
  }

  // -- Routing --

  /**
   * The fastest route from node `from` to node `to` for `profile`: `{profile, duration, nodes,
   * arcs}` (`duration` in milliseconds, `nodes` from `from` to `to`, `arcs[i]` leading from
   * `nodes[i]` to `nodes[i + 1]`), or null when `to` cannot be reached.
   *
   * With a customisable hierarchy (CCHT, format 2.0) the route is found on the profile's metric
   * (customised from its PROF costs on the first route of the profile and kept), else on the
   * profile's contraction hierarchy (CHxx); either way by the format's reference query.
   */
  route(profile, from, to) {
    this._checkNode(from);
    this._checkNode(to);
    if (this.customisable) return this.routeOn(this.customise(profile), from, to);
    const found = this._hierarchy(profile).shortest(from, to);
    return found === null ? null : this._routeOf(profile, from, found[0], found[1]);
  }

  _routeOf(profile, from, duration, arcs) {
    const words = this._arcWords;
    const nodes = new Array(arcs.length + 1);
    nodes[0] = from;
    for (let i = 0; i < arcs.length; i++) nodes[i + 1] = words[4 * arcs[i]];
    return { profile, duration, nodes, arcs };
  }

  _hierarchy(profile) {
    const index = this._profileIndex(profile);
    let hierarchy = this._hierarchies.get(index);
    if (hierarchy === undefined) {
      const tag = `CH${index.toString(16).toUpperCase().padStart(2, '0')}`;
      if (!this.has(tag)) {
        throw this._fail('unavailable', `no contraction hierarchy for ${JSON.stringify(profile)} (section ${tag}): `
          + 'routing is not available', tag);
      }
      hierarchy = new Hierarchy(this, this._section(tag), tag, this._costs[index]);
      this._hierarchies.set(index, hierarchy);
    }
    return hierarchy;
  }

  /**
   * `profile`'s weights customised on the bundle's CCHT: a Metric for routeOn. Without `weights`
   * the metric is made from the profile's PROF costs on first use and kept (route uses it).
   * `weights` replaces them: one integer per ARCS arc, in milliseconds, INFINITE where the arc is
   * closed (start from `costs(profile)`). An arc no profile may use has no place in the hierarchy,
   * so a weight given for it is ignored: weights can close and slow arcs, not open new ones.
   * The first call checks the whole CCHT section once.
   */
  customise(profile, weights = undefined) {
    const index = this._profileIndex(profile);
    const topology = this._customisableTopology();
    if (weights === undefined || weights === null) {
      let metric = this._metrics.get(index);
      if (metric === undefined) {
        metric = new Metric(this, profile, topology, this._costs[index].slice());
        this._metrics.set(index, metric);
      }
      return metric;
    }
    if (weights.length !== this._arcCount || typeof weights === 'string') {
      throw this._argument(`${weights.length} weights for the ${this._arcCount} arcs of ARCS`);
    }
    const checked = new Uint32Array(this._arcCount);
    for (let i = 0; i < checked.length; i++) {
      const weight = weights[i];
      if (!Number.isInteger(weight) || weight < 0 || weight > INFINITE) {
        throw this._argument(`weights must be integers from 0 to ${INFINITE}`);
      }
      checked[i] = weight;
    }
    return new Metric(this, profile, topology, checked);
  }

  /** The lightest route from `from` to `to` under `metric` (from this bundle's customise or
   * applyConditions), by the format's reference query on the customisable hierarchy: as route
   * gives it, `duration` the sum of the metric's weights along it; null when no route is open. */
  routeOn(metric, from, to) {
    if (!(metric instanceof Metric) || metric._bundle !== this) throw this._argument('the metric was not customised by this bundle');
    this._checkNode(from);
    this._checkNode(to);
    const found = metric._topology.shortest(metric, from, to);
    return found === null ? null : this._routeOf(metric.profile, from, found[0], found[1]);
  }

  /** CCHT, checked in full on first use (once per bundle): every later customisation and query
   * trusts it. */
  _customisableTopology() {
    if (this._topology === null) {
      const tag = 'CCHT';
      if (!this.has(tag)) {
        throw this._fail('unavailable', `no customisable hierarchy (section ${tag}): customised routing is not available`, tag);
      }
      // An arc belongs to the topology when some profile may use it.
      const usable = new Uint8Array(this._arcCount);
      for (const costs of this._costs) {
        for (let arc = 0; arc < costs.length; arc++) if (costs[arc] !== INFINITE) usable[arc] = 1;
      }
      this._topology = new Topology(this, this._section(tag), tag, usable);
    }
    return this._topology;
  }

  // -- Ways out --

  /**
   * The way out from `node` for `profile` by the egress table (EGRS): `{node, duration, nodes,
   * arcs, arcSeconds}` (the exit, milliseconds to it, the path, and each arc's seconds as the
   * table's times to exit drop along it), or null when no exit is reachable.
   */
  nearestExit(profile, node) {
    this._checkNode(node);
    const index = this._profileIndex(profile);
    const tag = 'EGRS';
    const { offset, length } = this._section(tag);
    if (length < 8) throw this._error(tag, 'too short for its header');
    const tables = this._u32(offset);
    const tableNodes = this._u32(offset + 4);
    const nodes = this._nodeCount;
    if (tableNodes !== nodes || index >= tables || 8 + 12 * tables * nodes !== length) {
      throw this._error(tag, `has no table of ${nodes} nodes for ${JSON.stringify(profile)}`);
    }
    const table = this._view32(offset + 8 + 12 * nodes * index, 3 * nodes);
    const exit = table[3 * node];
    const cost = table[3 * node + 1];
    if (exit === NONE) return null;
    if (exit >= nodes) throw this._error(tag, `node ${node} exits at node ${exit}, which does not exist`);
    const path = [node];
    const arcs = [];
    const arcSeconds = [];
    let current = node;
    for (let step = 0; step <= nodes; step++) {
      if (current === exit) return { node: exit, duration: cost, nodes: path, arcs, arcSeconds };
      const arc = table[3 * current + 2];
      if (arc >= this._arcCount || arc < this._firstOut[current] || arc >= this._firstOut[current + 1]) {
        throw this._error(tag, `sends node ${current} along arc ${arc}, which does not leave it`);
      }
      const next = this._arcWords[4 * arc];
      // Times of leaving come from the table itself: each arc costs the drop in time to exit.
      const drop = table[3 * current + 1] - table[3 * next + 1];
      if (drop < 0) throw this._error(tag, `the way out from node ${node} gets longer at node ${next}`);
      arcs.push(arc);
      arcSeconds.push(drop / 1000);
      current = next;
      path.push(current);
    }
    throw this._error(tag, `loops from node ${node}`);
  }

  /**
   * The way out from `node` for `profile` under the conditions `conditions` (JSON text, as
   * applyConditions takes it): `{node, duration, nodes, arcs, arcSeconds}`, or null when no exit
   * is open. Dijkstra from `node` over the profile's costs of leaving (PROF with EGRC's arcs
   * replaced) with the conditions applied, until the first exit (a node of kind entrance) is
   * settled; nodes settle in (distance, node) order (docs/conditions.md "The way out").
   * BundleError `unavailable` without EGRC; ConditionsError as applyConditions throws it.
   */
  exitUnderConditions(profile, node, conditions) {
    this._checkNode(node);
    const leaving = this._leaving(profile);
    const { costs } = conditioned(leaving, this.resolveConditions(conditions));
    return this._wayOut(costs, node);
  }

  /** `profile`'s costs of leaving, one u32 per ARCS arc, as a new Uint32Array: its PROF costs
   * with EGRC's arcs at their cost when leaving. BundleError `unavailable` without EGRC. */
  leavingCosts(profile) {
    return this._leaving(profile).slice();
  }

  _leaving(profile) {
    const index = this._profileIndex(profile);
    const key = `leaving ${index}`;
    let leaving = this._cache.get(key);
    if (leaving === undefined) {
      const { arcs, costs } = this._leavingExceptions()[index];
      leaving = this._costs[index].slice();
      for (let i = 0; i < arcs.length; i++) leaving[arcs[i]] = costs[i];
      this._cache.set(key, leaving);
    }
    return leaving;
  }

  /** EGRC, checked in full on first use: per profile in PROF order, its entries' arcs and costs. */
  _leavingExceptions() {
    const tag = 'EGRC';
    let exceptions = this._cache.get(tag);
    if (exceptions === undefined) {
      if (!this.has(tag)) {
        throw this._fail('unavailable', `no costs of leaving (section ${tag}, written with CCHT when the bundle has egress `
          + 'tables): the way out under conditions is not available', tag);
      }
      const { offset, length } = this._section(tag);
      if (length < 8) throw this._error(tag, `${length} bytes is too short for its header`);
      const profiles = this._u32(offset);
      const count = this._u32(offset + 4);
      if (profiles !== this._profileNames.length) throw this._error(tag, `${profiles} profiles, but PROF has ${this._profileNames.length}`);
      const table = 8 + 4 * (profiles + 1);
      const entriesAt = Math.ceil(table / 8) * 8;
      if (entriesAt + 8 * count !== length) throw this._error(tag, `${length} bytes do not hold ${profiles} profiles and ${count} entries`);
      const first = this._view32(offset + 8, profiles + 1);
      if (!rises(first, count)) throw this._error(tag, `the profiles' first entries do not rise from 0 to ${count}`);
      const words = this._view32(offset + entriesAt, 2 * count);
      exceptions = [];
      for (let profile = 0; profile < profiles; profile++) {
        const arcs = [];
        const costs = [];
        let before = -1;
        for (let entry = first[profile]; entry < first[profile + 1]; entry++) {
          const arc = words[2 * entry];
          if (!(before < arc && arc < this._arcCount)) {
            throw this._error(tag, `arc ${arc} of profile ${JSON.stringify(this._profileNames[profile])} is not an arc of `
              + 'ARCS above the one before it');
          }
          before = arc;
          arcs.push(arc);
          costs.push(words[2 * entry + 1]);
        }
        exceptions.push({ arcs, costs });
      }
      this._cache.set(tag, exceptions);
    }
    return exceptions;
  }

  /** Dijkstra from `source` over `costs` to the first exit settled. The heap orders (distance,
   * node) pairs, the settling order the way out is defined by; a node is pushed only when strictly
   * nearer, so an entry whose distance is no longer the node's is stale. */
  _wayOut(costs, source) {
    const first = this._firstOut;
    const words = this._arcWords;
    const kinds = this._bytes;
    const kindAt = this._nodeBytes + 10;
    const distance = new Float64Array(this._nodeCount).fill(Infinity);
    const reachedBy = new Int32Array(this._nodeCount).fill(-1);
    const heap = new PairHeap();
    distance[source] = 0;
    heap.push(0, source);
    while (heap.size) {
      const reached = heap.keys[0];
      const node = heap.values[0];
      heap.pop();
      if (reached !== distance[node]) continue;
      if (kinds[kindAt + 16 * node] === EXIT_NODE_KIND) {
        const tails = this._tails();
        const arcs = [];
        for (let at = node; at !== source; at = tails[reachedBy[at]]) arcs.push(reachedBy[at]);
        arcs.reverse();
        const nodes = [source, ...arcs.map((arc) => words[4 * arc])];
        return { node, duration: reached, nodes, arcs, arcSeconds: arcs.map((arc) => costs[arc] / 1000) };
      }
      for (let arc = first[node]; arc < first[node + 1]; arc++) {
        const cost = costs[arc];
        if (cost === INFINITE) continue;
        const total = reached + cost;
        const head = words[4 * arc];
        if (total < distance[head]) {
          distance[head] = total;
          reachedBy[head] = arc;
          heap.push(total, head);
        }
      }
    }
    return null;
  }

  // -- Conditions (docs/conditions.md) --

  /**
   * `profile`'s metric with `conditions` (the JSON text of docs/conditions.md, a string or UTF-8
   * bytes) applied: a Metric for routeOn, whose `weights` are the profile's PROF costs changed by
   * the conditions. A closed arc costs INFINITE, a slowed one its cost times the largest factor
   * covering it, rounded half away from zero, at most INFINITE - 1. The profile's own metric is
   * brought up to date arc by arc where few arcs change, and customised in full where more than
   * one in sixteen do; both give exactly the metric a full customisation gives. Every call starts
   * from the profile's costs. Throws ConditionsError (`invalid`, `ambiguous`, `unmatched`), and
   * BundleError for an unknown profile or a bundle without CCHT.
   */
  applyConditions(profile, conditions) {
    this.customise(profile); // The profile and the hierarchy first: without them nothing applies.
    return this._metricWith(profile, this.resolveConditions(conditions));
  }

  _metricWith(profile, resolved) {
    const base = this.customise(profile);
    const { costs, changed } = conditioned(base.weights, resolved);
    if (!changed.length) return base;
    const topology = base._topology;
    if (changed.length * INCREMENTAL_LIMIT > costs.length) return new Metric(this, profile, topology, costs);
    return new Metric(this, profile, topology, costs, topology.update(base, costs, changed));
  }

  /**
   * The ARCS arcs `conditions` cover, by "Resolution, exactly" of docs/conditions.md: `{closed,
   * factors}`, the closed arcs ascending and a Map of each slowed arc to its largest factor.
   * Targets resolve in file order; the first that names several places and nothing else throws
   * ConditionsError `ambiguous`; then, when any covers no arc, `unmatched` lists them all.
   */
  resolveConditions(conditions) {
    const { resolved, error } = this._resolveEntries(parseConditions(conditions));
    if (error) throw error;
    return resolved;
  }

  /** The arcs each entry covers, in file order, until an ambiguous one; the resolved conditions,
   * or the error. */
  _resolveEntries(parsed) {
    const covered = [];
    const unmatched = [];
    for (const entry of parsed.entries) {
      let arcs;
      try {
        arcs = this._covered(entry);
      } catch (error) {
        if (error instanceof ConditionsError) return { covered, resolved: null, error };
        throw error;
      }
      const sorted = Int32Array.from(arcs).sort();
      covered.push({ entry, arcs: sorted });
      if (!sorted.length) unmatched.push(entry);
    }
    if (unmatched.length) {
      const listed = unmatched.map((entry) => `${entry.position} ${describe(entry.target)}`).join(', ');
      return { covered, resolved: null, error: new ConditionsError('unmatched', `nothing in the bundle matches ${listed}`,
        unmatched.map((entry) => entry.position)) };
    }
    const closed = new Set();
    const factors = new Map();
    for (const { entry, arcs } of covered) {
      for (const arc of arcs) {
        if (entry.factor === null) closed.add(arc);
        else if ((factors.get(arc) ?? 0) < entry.factor) factors.set(arc, entry.factor);
      }
    }
    return { covered, resolved: { closed: [...closed].sort((a, b) => a - b), factors }, error: null };
  }

  /**
   * What `conditions` close and slow, for drawing: `{entries, closed, slowed, error}`. `entries`
   * lists each target resolved, in file order, as `{position, target, factor, arcs}` (`factor`
   * null for a closure, `arcs` ascending); `closed` the closed arcs and `slowed` `[{arc, factor}]`
   * the others slowed, each with its largest factor. When the conditions cannot be applied,
   * `error` is `{code, message, entries, candidates}` as ConditionsError has them, `closed` and
   * `slowed` are empty and `entries` holds what resolved before the error (nothing for `invalid`,
   * the targets before the first ambiguous one, every target for `unmatched`). Never throws a
   * ConditionsError; a damaged bundle still throws its BundleError.
   */
  conditionsOverlay(conditions) {
    let parsed;
    try {
      parsed = parseConditions(conditions);
    } catch (error) {
      if (error instanceof ConditionsError) return { entries: [], closed: [], slowed: [], error: errorRecord(error) };
      throw error;
    }
    const { covered, resolved, error } = this._resolveEntries(parsed);
    const entries = covered.map(({ entry, arcs }) => ({ position: entry.position, target: entry.target,
      factor: entry.factor, arcs: [...arcs] }));
    if (error) return { entries, closed: [], slowed: [], error: errorRecord(error) };
    const closed = new Set(resolved.closed);
    const slowed = [...resolved.factors].filter(([arc]) => !closed.has(arc)).sort((a, b) => a[0] - b[0])
      .map(([arc, factor]) => ({ arc, factor }));
    return { entries, closed: resolved.closed, slowed, error: null };
  }

  /** The set of arcs one entry's target covers. */
  _covered(entry) {
    const target = entry.target;
    if (target.kind === 'name') return this._arcsNamed(entry);
    const levels = new Set(this._levelsNamed(target.text));
    if (target.kind === 'level') {
      const index = this._conditionsIndex();
      const covered = new Set();
      for (const level of levels) {
        for (const arc of index.fromLevel[level]) covered.add(arc);
        for (const arc of index.toLevel[level]) covered.add(arc);
      }
      return covered;
    }
    return this._arcsWithin([target.polygon], levels);
  }

  /** Rule 1: connectors and doors by folded label, and the place the text names. */
  _arcsNamed(entry) {
    const index = this._conditionsIndex();
    const text = trimAscii(entry.target.text);
    const key = this.fold(text);
    const covered = new Set(index.connectors.get(key) ?? []);
    for (const node of index.doors.get(key) ?? []) this._addArcsTouching(node, covered);
    let endpoint;
    try {
      endpoint = this._resolveEndpoint(text, false);
    } catch (error) {
      if (!(error instanceof EndpointError)) throw error;
      // A name several places share is only an error when no connector or door has it.
      if (error.code === 'ambiguous' && !covered.size) {
        throw new ConditionsError('ambiguous', `${entry.position} ${describe(entry.target)} names ${error.candidates.length} places`,
          [entry.position], error.candidates);
      }
      return covered;
    }
    if (endpoint.kind === 'place') {
      const node = this._placeNode(endpoint.place);
      const level = this._placeLevel(endpoint.place);
      if (node !== null) this._addArcsTouching(node, covered);
      if (level !== null && this.has('OUTL')) {
        const rings = index.placeRings(endpoint.place, level);
        if (rings.length) for (const arc of this._arcsWithin(rings, new Set([level]))) covered.add(arc);
      }
    }
    return covered;
  }

  /** Adds the arcs out of and into `node` to `covered`. */
  _addArcsTouching(node, covered) {
    const index = this._conditionsIndex();
    for (let arc = this._firstOut[node]; arc < this._firstOut[node + 1]; arc++) covered.add(arc);
    for (let at = index.incomingFirst[node]; at < index.incomingFirst[node + 1]; at++) covered.add(index.incoming[at]);
  }

  /** Rule 3: the arcs whose tail and head lie on `levels` and whose tail, head or middle is inside
   * `rings` (even-odd over all rings), positions in degrees. */
  _arcsWithin(rings, levels) {
    const index = this._conditionsIndex();
    const { tails, latitudes, longitudes } = index;
    const words = this._arcWords;
    const nodeLevels = this._nodeHalves;
    const box = ringBox(rings);
    const inside = new Map(); // node -> whether it is inside, each node tested once
    const test = (node) => {
      let found = inside.get(node);
      if (found === undefined) {
        found = isInside(latitudes[node], longitudes[node], rings, box);
        inside.set(node, found);
      }
      return found;
    };
    const covered = new Set();
    for (const level of levels) {
      for (const arc of index.near(level, box)) {
        const head = words[4 * arc];
        if (!levels.has(nodeLevels[8 * head + 4])) continue;
        const tail = tails[arc];
        const tailInside = test(tail);
        const headInside = test(head);
        if (tailInside || headInside || isInside((latitudes[tail] + latitudes[head]) / 2,
          (longitudes[tail] + longitudes[head]) / 2, rings, box)) covered.add(arc);
      }
    }
    return covered;
  }

  /** What resolving targets reads, made once per bundle so that applying conditions scans nothing. */
  _conditionsIndex() {
    let index = this._cache.get('conditions');
    if (index === undefined) {
      index = new ConditionsIndex(this);
      this._cache.set('conditions', index);
    }
    return index;
  }

  // -- Wi-Fi locating (WIFI) --

  /** The radio map (WIFI): its header checked on first use, every other value where it is used. */
  _radioMap() {
    let map = this._cache.get('WIFI');
    if (map === undefined) {
      map = new RadioMap(this, this._section('WIFI'));
      this._cache.set('WIFI', map);
    }
    return map;
  }

  /**
   * Locates a Wi-Fi scan on the bundle's radio map by the exact steps of docs/bundle-format.md
   * (WIFI, "Locating a scan"), so that every reader gives the same fix to the bit. `scan` is an
   * array of `{id, rssi}` (an access point id, `00:0B:86:1A:2B:3C`, `000b861a2b3c` or a survey's
   * label, and dBm). Returns null when the scan hears no access point the map knows above its
   * weakest signal ("unknown", confidence 0), else `{building, buildingName, floor, floorName,
   * ordinal, venueLevel, latitude, longitude, latitudeE7, longitudeE7, confidence, neighbours}`:
   * radio map building and floor indexes and names, the floor's ordinal and bundle level (null
   * when the survey joined none), the position in degrees and in 1e-7 degree, the share of the
   * nearest reference points' vote held by the chosen floor, and how many reference points the
   * position averages. BundleError `unavailable` without WIFI.
   */
  locate(scan) {
    if (!Array.isArray(scan)) throw this._argument('a scan is an array of {id, rssi} readings');
    for (const reading of scan) {
      if (reading === null || typeof reading !== 'object' || typeof reading.id !== 'string' || typeof reading.rssi !== 'number') {
        throw this._argument('a scan is an array of {id, rssi} readings, ids strings and RSSIs numbers');
      }
    }
    return this._radioMap().locate(scan);
  }

  /**
   * Scans made from the radio map's own reference points, so that a viewer can offer samples to
   * locate: up to `limit` of them, spread evenly over the reference points, each `{label,
   * buildingName, floorName, floor, referencePoint, latitude, longitude, scan}`, `scan` being the
   * point's readings as `{id, rssi}` at their mean RSSI. Locating one finds its point's floor, but
   * not necessarily its exact position: neighbours are averaged. Empty without WIFI.
   */
  radioMapSamples(limit = 10) {
    if (!Number.isInteger(limit) || limit < 0) throw this._argument(`limit ${limit} is not a non-negative integer`);
    if (!this.hasRadioMap) return [];
    return this._radioMap().samples(limit);
  }

  // -- Route steps and instructions (as the Swift reader's VenueBundle.steps(of:) and
  //    instruction(for:) give them) --

  /** How arc `arc` climbs (STPC): `{steps, rise}`, the flight's step count (null when unknown)
   * and its change of level ordinal, positive up; level and uncounted without an entry. */
  climb(arc) {
    this._checkArc(arc);
    if (!this.has('STPC')) return { steps: null, rise: 0 };
    let table = this._cache.get('STPC');
    if (table === undefined) {
      const { at, count } = this._counted('STPC', 8, 8, 'entries');
      if (count > this._arcCount) throw this._error('STPC', `${count} entries for the ${this._arcCount} arcs of ARCS`);
      table = { count, arcs: this._view32(at + 8, 2 * count), halves: this._view16(at + 8, 4 * count) };
      this._cache.set('STPC', table);
    }
    // Entries are sorted by arc, so this is a bisection; an entry out of order is corruption that
    // may hide an arc's entry but never reads outside the section.
    let low = 0;
    let high = table.count;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (table.arcs[2 * middle] < arc) low = middle + 1;
      else high = middle;
    }
    if (low >= table.count || table.arcs[2 * low] !== arc) return { steps: null, rise: 0 };
    const steps = table.halves[4 * low + 2];
    const rise = (table.halves[4 * low + 3] << 16) >> 16; // i16
    return { steps: steps > 0 ? steps : null, rise: rise / 100 };
  }

  /**
   * A route's arcs grouped into steps a person can follow: `[{action, label, fromLevel, toLevel,
   * length, duration, stepCount, rise, isAlongPath, startIndex, endIndex}]` (metres, seconds,
   * positions in `route.nodes`), exactly as the Swift reader's `steps(of:)` groups them. `route`
   * is what route, routeOn, nearestExit or exitUnderConditions return: `{nodes, arcs}` with
   * `profile` (seconds from its PROF costs) or `arcSeconds`.
   */
  steps(route) {
    if (route === null || typeof route !== 'object' || !Array.isArray(route.nodes) || !Array.isArray(route.arcs)
      || route.nodes.length !== route.arcs.length + 1) {
      throw this._argument('steps takes a route of nodes and the arcs between them');
    }
    const profile = this._profileNames.indexOf(route.profile);
    const steps = [];
    let leading = null; // A link at the start, waiting for the first step.
    route.arcs.forEach((arcIndex, position) => {
      const arc = this.arc(arcIndex);
      const fromLevel = this.node(route.nodes[position]).level;
      const toLevel = this.node(route.nodes[position + 1]).level;
      const action = this._action(arc, fromLevel, toLevel);
      const seconds = Array.isArray(route.arcSeconds) ? route.arcSeconds[position]
        : profile >= 0 ? this._costs[profile][arcIndex] / 1000 : 0;
      const { steps: stepsOnArc, rise } = this.climb(arcIndex);
      // Unnamed links (a door meeting a walkway, walkways of two ways meeting at one spot) are no
      // step of their own.
      if (arc.kind === 0 && arc.label === null && (fromLevel === toLevel || arc.length < 1)) {
        const last = steps[steps.length - 1];
        if (last) {
          last.length += arc.length;
          last.duration += seconds;
          last.endIndex = position + 1;
        } else {
          leading = { length: (leading?.length ?? 0) + arc.length, duration: (leading?.duration ?? 0) + seconds };
        }
        return;
      }
      const alongPath = arc.kind === 2;
      const last = steps[steps.length - 1];
      if (last && last.action === action && last.label === arc.label && last.isAlongPath === alongPath && !standsAlone(action)) {
        last.toLevel = toLevel;
        last.length += arc.length;
        last.duration += seconds;
        if (stepsOnArc !== null) last.stepCount = (last.stepCount ?? 0) + stepsOnArc;
        last.rise += rise;
        last.endIndex = position + 1;
      } else {
        const step = { action, label: arc.label, fromLevel, toLevel, length: arc.length, duration: seconds,
          stepCount: stepsOnArc, rise, isAlongPath: alongPath, startIndex: position, endIndex: position + 1 };
        if (!steps.length && leading) {
          step.length += leading.length;
          step.duration += leading.duration;
          step.startIndex = 0;
        }
        steps.push(step);
      }
    });
    // A route of unnamed links alone (two nodes at one spot) is still one step.
    if (!steps.length && leading && route.arcs.length) {
      steps.push({ action: 'walk', label: null, fromLevel: this.node(route.nodes[0]).level,
        toLevel: this.node(route.nodes[route.nodes.length - 1]).level, length: leading.length, duration: leading.duration,
        stepCount: null, rise: 0, isAlongPath: false, startIndex: 0, endIndex: route.arcs.length });
    }
    return absorbingShortWalks(steps);
  }

  _action(arc, fromLevel, toLevel) {
    switch (arc.kind) {
      case 0: case 2: return 'walk';
      case 1: return 'walkOutside';
      case 3: return 'stairs';
      case 4: return 'elevator';
      case 5: return 'escalator';
      case 6: return 'ramp';
      case 7: return 'steps';
      case 8: {
        const levels = this._levelRecords();
        return levels[toLevel].buildingId !== null && levels[fromLevel].buildingId === null ? 'enterBuilding' : 'leaveBuilding';
      }
      default:
        throw this._error('ARCS', `arc ${arc.index} has unknown kind ${arc.kind}`);
    }
  }

  /** What to tell a person for a step, in the words of the Swift reader (and so of `navforge route`
   * and its GeoJSON): "Walk through Corridor A.1", "Take the stairs down, 24 steps, from level 0 to
   * level -1", "Take the lift down from level 2 to level -1". */
  instruction(step) {
    if (step === null || typeof step !== 'object') throw this._argument('instruction takes a step of steps(route)');
    this._checkLevel(step.fromLevel);
    this._checkLevel(step.toLevel);
    const levels = this._levelRecords();
    const from = levels[step.fromLevel];
    const to = levels[step.toLevel];
    const rise = step.rise ?? 0;
    // The climb says the way when the bundle has it; otherwise the levels do.
    const climbs = rise !== 0 ? rise > 0 : to.ordinal > from.ordinal;
    const direction = climbs ? 'up' : 'down';
    // A step that ends on a half-landing does not reach the level its node is drawn on: say how far
    // it climbs instead.
    const reachesLevel = rise === 0 || Math.abs(rise - (to.ordinal - from.ordinal)) < 0.01;
    const span = reachesLevel ? `from ${from.shortName} to ${to.shortName}` : `${part(Math.abs(rise))} from ${from.shortName}`;
    const label = step.label ?? null;
    const count = step.stepCount ?? null;
    switch (step.action) {
      case 'walk':
        return label === null ? 'Walk' : step.isAlongPath ? `Walk along ${label}` : `Walk through ${label}`;
      case 'walkOutside':
        return label === null ? 'Walk outside' : `Walk outside along ${label}`;
      case 'enterBuilding':
        return `Enter ${to.buildingName ?? 'the building'} through ${label ?? 'the entrance'}`;
      case 'leaveBuilding':
        return `Leave ${from.buildingName ?? 'the building'} through ${label ?? 'the exit'}`;
      case 'stairs': case 'escalator': case 'ramp': case 'elevator': {
        const way = means(step.action, label);
        if (step.fromLevel === step.toLevel && rise === 0) return `Use ${way}` + (count === null ? '' : `, ${count} steps`);
        if (count === null) return `Take ${way} ${direction} ${span}`;
        return `Take ${way} ${direction}, ${count} steps, ${span}`;
      }
      case 'steps':
        return `Take ${means(step.action, label)}` + (count === null ? '' : `, ${count} steps`);
      default:
        throw this._argument(`unknown step action ${JSON.stringify(step.action)}`);
    }
  }
}

/** Crossing a threshold is one event even when two entrances follow each other. */
function standsAlone(action) {
  return action === 'enterBuilding' || action === 'leaveBuilding';
}

/** An unnamed walk of less than a metre (where two walkways or a door meet) is part of the step
 * before it, or at the start, of the one after. */
function absorbingShortWalks(steps) {
  const result = [];
  let leading = null;
  for (const step of steps) {
    const short = (step.action === 'walk' || step.action === 'walkOutside') && step.label === null && step.length < 1
      && step.fromLevel === step.toLevel;
    if (short && result.length) {
      const last = result[result.length - 1];
      last.length += step.length;
      last.duration += step.duration;
      last.endIndex = step.endIndex;
    } else if (short) {
      leading = step;
    } else {
      const merged = { ...step };
      if (leading && !result.length) {
        merged.length += leading.length;
        merged.duration += leading.duration;
        merged.startIndex = leading.startIndex;
        leading = null;
      }
      // Two steps of one kind through one place, once a link between them is gone, are one.
      const last = result[result.length - 1];
      if (last && last.action === merged.action && last.label === merged.label && last.isAlongPath === merged.isAlongPath
        && !standsAlone(merged.action)) {
        last.toLevel = merged.toLevel;
        last.length += merged.length;
        last.duration += merged.duration;
        if (merged.stepCount !== null) last.stepCount = (last.stepCount ?? 0) + merged.stepCount;
        last.rise += merged.rise;
        last.endIndex = merged.endIndex;
      } else {
        result.push(merged);
      }
    }
  }
  if (!result.length && leading) result.push(leading);
  return result;
}

/** "half a level", "a level", "2 levels": how far a step climbs, in words. */
function part(levels) {
  if (Math.abs(levels - 0.5) < 0.01) return 'half a level';
  if (Math.abs(levels - 1) < 0.01) return 'a level';
  if (levels < 1) return 'part of a level';
  return Math.round(levels) === levels ? `${Math.trunc(levels)} levels` : `${swiftDouble(levels)} levels`;
}

/** The connector or way a step uses: its own name, or what it is ("the stairs", "the lift"). */
function means(action, label) {
  const noun = { stairs: 'the stairs', escalator: 'the escalator', elevator: 'the lift', ramp: 'the ramp',
    steps: 'the steps' }[action] ?? 'the way';
  // Unnamed connectors carry their kind as their label (`stairs`, `elevator`).
  if (label === null || ['stairs', 'escalator', 'elevator', 'ramp', 'steps'].includes(label)) return noun;
  return label;
}

function errorRecord(error) {
  return { code: error.code, message: error.message, entries: [...error.entries], candidates: [...error.candidates] };
}

// ---- Signed statements (what `navforge publish --sign-key` writes) ----

// A published version's signature covers its statement's exact bytes: compact JSON naming the
// venue, the version and the bundle file by name, size and SHA-256. Nothing here re-encodes the
// JSON, so a signature that `openssl pkeyutl -verify -rawin` accepts is the one accepted here.
const STATEMENT_FORMAT = 'navforge-statement/1';
const LATEST_FORMAT = 'navforge-latest/1';
const SIGNATURE_ALGORITHM = 'ed25519';
const SIGNATURE_BYTES = 64;
// RFC 8410, section 4: an Ed25519 SubjectPublicKeyInfo is SEQUENCE { SEQUENCE { OID 1.3.101.112 },
// BIT STRING (no unused bits, the 32-byte key) }, whose DER is these 12 bytes and the key. DER has
// one encoding, so any other bytes are not an Ed25519 public key.
const ED25519_SPKI_PREFIX = [0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00];
const ED25519_KEY_BYTES = 32;
const ED25519_OID = '2b6570';
// Keys of other kinds a PEM may hold, by the DER of their algorithm's OID: named in the error.
const OTHER_KEY_ALGORITHMS = new Map([
  ['2a864886f70d010101', 'an RSA key'], ['2a8648ce3d0201', 'an elliptic-curve (ECDSA) key'],
  ['2b6571', 'an Ed448 key'], ['2b656e', 'an X25519 key'], ['2b656f', 'an X448 key'],
]);
const SHA256_HEX = /^[0-9a-f]{64}$/;
// Standard base64 with its padding, as the catalog writes it; whitespace only inside a PEM block.
const BASE64_TEXT = /^[A-Za-z0-9+/]*={0,2}$/;
const PEM_WHITESPACE = /[\t\n\v\f\r ]/g;
// The keys importPublicKey made, each with its CryptoKey: only these pass as imported keys, so
// a key id cannot be claimed by an object made elsewhere.
const IMPORTED_KEYS = new WeakMap();

/** A BundleError about a signature, a statement or a key; `name` starts the message. */
function signingError(code, message, name) {
  return new BundleError(code, (name ? `${name}: ` : '') + message);
}

/** `crypto.subtle`, or a BundleError `webcrypto-unavailable` saying what could not be checked. */
function subtleToCheck(name) {
  const subtle = globalThis.crypto && globalThis.crypto.subtle;
  if (!subtle) {
    throw signingError('webcrypto-unavailable', 'WebCrypto (crypto.subtle) is unavailable, as it is on a page that is '
      + 'not a secure context (served over plain HTTP): the signature could not be checked. Serve the page over HTTPS '
      + 'or from localhost.', name);
  }
  return subtle;
}

/** `value` (an ArrayBuffer or a Uint8Array) as bytes WebCrypto reads: shared memory is copied. */
function bytesToCheck(value, what, name) {
  let bytes;
  if (value instanceof ArrayBuffer) bytes = new Uint8Array(value);
  else if (value instanceof Uint8Array) bytes = value;
  else if (typeof SharedArrayBuffer !== 'undefined' && value instanceof SharedArrayBuffer) bytes = new Uint8Array(value);
  else throw signingError('argument', `${what} must be an ArrayBuffer or a Uint8Array`, name);
  if (typeof SharedArrayBuffer !== 'undefined' && bytes.buffer instanceof SharedArrayBuffer) {
    const copy = new Uint8Array(bytes.length);
    copy.set(bytes);
    bytes = copy;
  }
  return bytes;
}

function hexOf(bytes) {
  let text = '';
  for (const byte of bytes) text += byte.toString(16).padStart(2, '0');
  return text;
}

/** Strict standard base64 (length a multiple of 4, padding only at the end) as bytes; a
 * BundleError `code` naming `what` otherwise. */
function base64Bytes(text, what, code, name) {
  if (typeof text !== 'string' || text.length % 4 !== 0 || !BASE64_TEXT.test(text)) {
    throw signingError(code, `${what} is not base64`, name);
  }
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The DER inside a PEM text's `PUBLIC KEY` block. */
function pemPublicKey(text, name) {
  const begin = '-----BEGIN PUBLIC KEY-----';
  const end = '-----END PUBLIC KEY-----';
  const start = text.indexOf(begin);
  const stop = start < 0 ? -1 : text.indexOf(end, start + begin.length);
  if (start >= 0 && stop < 0) throw signingError('key', `the PUBLIC KEY block has no ${end} line`, name);
  if (start < 0) {
    const other = /-----BEGIN ([A-Z0-9 ]+)-----/.exec(text);
    if (other && /PRIVATE/.test(other[1])) {
      throw signingError('key', `the key is a ${other[1]}, not a PUBLIC KEY: verify with the public key `
        + '(NAME.pub beside the NAME.key `navforge keygen` writes); the private key stays with whoever signs', name);
    }
    throw signingError('key', other ? `the key is a ${other[1]} block, not a PUBLIC KEY`
      : `the key text is not PEM (it has no ${begin} line)`, name);
  }
  return base64Bytes(text.slice(start + begin.length, stop).replace(PEM_WHITESPACE, ''), 'the PUBLIC KEY block', 'key', name);
}

/** The algorithm OID (hex of its DER) at the start of a SubjectPublicKeyInfo, or null when the
 * bytes do not start as one does. Only to name the kind of key in an error. */
function spkiAlgorithm(der) {
  let at = 0;
  // The lengths of the two SEQUENCEs are read past, not checked: a cut key is still named.
  const header = (tag) => {
    if (at + 2 > der.length || der[at] !== tag) return -1;
    let length = der[at + 1];
    at += 2;
    if (length & 0x80) {
      const digits = length & 0x7f;
      if (digits === 0 || digits > 3 || at + digits > der.length) return -1;
      length = 0;
      for (let i = 0; i < digits; i++) length = length * 256 + der[at++];
    }
    return tag !== 0x06 || at + length <= der.length ? length : -1;
  };
  if (header(0x30) < 0 || header(0x30) < 0) return null;
  const length = header(0x06);
  return length < 0 ? null : hexOf(der.subarray(at, at + length));
}

/** The SubjectPublicKeyInfo of an Ed25519 key given as PEM text or DER bytes, checked to be one. */
function ed25519Spki(key, name) {
  const der = typeof key === 'string' ? pemPublicKey(key, name) : bytesToCheck(key, 'the public key', name);
  const matches = der.length === ED25519_SPKI_PREFIX.length + ED25519_KEY_BYTES
    && ED25519_SPKI_PREFIX.every((byte, i) => der[i] === byte);
  if (!matches) {
    const algorithm = spkiAlgorithm(der);
    const kind = algorithm === null ? 'not a SubjectPublicKeyInfo (RFC 5280)'
      : algorithm === ED25519_OID ? 'an Ed25519 key not encoded as RFC 8410 says'
        : `${OTHER_KEY_ALGORITHMS.get(algorithm) ?? 'a key of another algorithm'}, not an Ed25519 key`;
    throw signingError('key', `the public key is ${kind}: navforge signs with Ed25519 (\`navforge keygen\`, or `
      + '`openssl genpkey -algorithm ed25519`)', name);
  }
  return der;
}

/**
 * Imports an Ed25519 public key for verifying signatures: PEM text (`-----BEGIN PUBLIC KEY-----`,
 * what `navforge keygen` writes as NAME.pub) or the DER bytes of its SubjectPublicKeyInfo. Resolves
 * to `{algorithm: 'Ed25519', keyID}`, `keyID` the first 16 hex digits of the SHA-256 of the raw
 * 32-byte key, as catalogs name it; the verify calls take it (or the PEM or DER itself).
 *
 * Rejects with a BundleError: `key` for anything but an Ed25519 public key (a private key, an
 * RSA or EC key, damaged PEM), `webcrypto-unavailable` without `crypto.subtle`, and
 * `signature-unavailable` where WebCrypto has no Ed25519 (browsers released before it: it is
 * never skipped).
 */
export async function importPublicKey(key, { name = null } = {}) {
  if (IMPORTED_KEYS.has(key)) return key;
  const spki = ed25519Spki(key, name);
  const subtle = subtleToCheck(name);
  let cryptoKey;
  try {
    cryptoKey = await subtle.importKey('spki', spki, { name: 'Ed25519' }, false, ['verify']);
  } catch (error) {
    // The bytes are an Ed25519 key by RFC 8410 (checked above): a DataError is WebCrypto refusing
    // the key itself, anything else (NotSupportedError, mostly) an implementation without Ed25519.
    if (error && error.name === 'DataError') {
      throw signingError('key', `WebCrypto refuses the Ed25519 public key: ${error.message}`, name);
    }
    throw signingError('signature-unavailable', 'this platform\'s WebCrypto cannot verify Ed25519 signatures '
      + `(${error && error.name}: ${error && error.message}), so the signature could not be checked; Ed25519 needs `
      + 'Node 20 or later, or a browser whose WebCrypto has it', name);
  }
  const raw = spki.subarray(ED25519_SPKI_PREFIX.length);
  const keyID = hexOf(new Uint8Array(await subtle.digest('SHA-256', raw))).slice(0, 16);
  const imported = Object.freeze({ algorithm: 'Ed25519', keyID });
  IMPORTED_KEYS.set(imported, cryptoKey);
  return imported;
}

/**
 * Checks an Ed25519 `signature` (64 bytes) over `message` (bytes) with `publicKey` (what
 * importPublicKey takes or returns). Resolves to the key's id; rejects with a BundleError
 * `signature` when the signature does not match, and with importPublicKey's codes.
 */
export async function verifySignature(publicKey, signature, message, { name = null } = {}) {
  const key = await importPublicKey(publicKey, { name });
  await checkSignature(key, bytesToCheck(signature, 'the signature', name), bytesToCheck(message, 'the message', name),
    'message', name);
  return key.keyID;
}

async function checkSignature(key, signature, message, what, name) {
  if (signature.length !== SIGNATURE_BYTES) {
    throw signingError('signature', `an Ed25519 signature has ${SIGNATURE_BYTES} bytes, this one ${signature.length}`, name);
  }
  let valid;
  try {
    valid = await subtleToCheck(name).verify('Ed25519', IMPORTED_KEYS.get(key), signature, message);
  } catch (error) {
    throw signingError('signature-unavailable', `WebCrypto could not verify an Ed25519 signature (${error && error.name}: `
      + `${error && error.message}), so the signature could not be checked`, name);
  }
  if (!valid) throw signingError('signature', `the signature does not match the ${what} and key ${key.keyID}`, name);
}

/** A statement's bytes: given as bytes, or as the text they decode to (which must be UTF-8). */
function statementBytes(statement, name) {
  if (typeof statement !== 'string') return bytesToCheck(statement, 'the statement', name);
  if (hasLoneSurrogate(statement)) throw signingError('statement', 'the statement is not UTF-8 text (a lone surrogate)', name);
  return ENCODER.encode(statement);
}

/** `{format, venue, version, bundle, size, sha256}` from a statement's bytes, each field checked. */
function parseStatement(bytes, name) {
  const text = decodeUtf8(bytes);
  if (text === null) throw signingError('statement', 'the statement is not UTF-8 text', name);
  const value = parseStrictJson(text, (detail, deep) => signingError('statement', deep
    ? `the statement nests more than ${MAX_JSON_DEPTH} arrays and objects deep` : `the statement is not JSON: ${detail}`, name));
  if (!(value instanceof Map)) throw signingError('statement', 'the statement is not a JSON object', name);
  const format = value.get('format');
  if (format !== STATEMENT_FORMAT) {
    throw signingError('statement', format === undefined ? `the statement has no "format"; this reader reads ${STATEMENT_FORMAT}`
      : `the statement's format is ${JSON.stringify(format)}, not ${STATEMENT_FORMAT}`, name);
  }
  const statement = { format };
  for (const field of ['venue', 'version', 'bundle']) {
    const text = value.get(field);
    if (typeof text !== 'string' || text === '') {
      throw signingError('statement', `the statement's "${field}" must be a non-empty string`, name);
    }
    statement[field] = text;
  }
  const size = value.get('size');
  if (!Number.isSafeInteger(size) || size < 0) {
    throw signingError('statement', 'the statement\'s "size" must be a whole number of bytes', name);
  }
  statement.size = size;
  const sha256 = value.get('sha256');
  if (typeof sha256 !== 'string' || !SHA256_HEX.test(sha256)) {
    throw signingError('statement', 'the statement\'s "sha256" must be 64 lowercase hex digits', name);
  }
  statement.sha256 = sha256;
  return statement;
}

/** Refuses a statement for another venue or version than the caller asked for: an old version's
 * valid signature must not pass for the new one. */
function checkExpected(statement, venue, version, name) {
  for (const [field, wanted] of [['venue', venue], ['version', version]]) {
    if (wanted === null || wanted === undefined) continue;
    if (typeof wanted !== 'string') throw signingError('argument', `the expected ${field} must be a string`, name);
    if (statement[field] !== wanted) {
      throw signingError('statement', `the signed statement is for ${field} ${JSON.stringify(statement[field])}, `
        + `not ${JSON.stringify(wanted)}`, name);
    }
  }
}

/** Refuses bundle bytes (or an opened bundle) that are not the file the statement names: its size
 * and SHA-256, then with `checkMetadata` META's venue and version. */
async function checkSignedBundle(statement, bundle, checkMetadata, name) {
  const opened = bundle instanceof NavBundle ? bundle : null;
  const bytes = opened ? opened._bytes : bytesToCheck(bundle, 'the bundle', name);
  if (bytes.length !== statement.size) {
    throw signingError('bundle-mismatch', `the bundle has ${bytes.length} bytes, the signed statement says `
      + `${statement.size}: it is not the bundle that was signed`, name);
  }
  const sha256 = hexOf(new Uint8Array(await subtleToCheck(name).digest('SHA-256', bytes)));
  if (sha256 !== statement.sha256) {
    throw signingError('bundle-mismatch', `the bundle's SHA-256 is ${sha256}, the signed statement's ${statement.sha256}: `
      + 'it is not the bundle that was signed', name);
  }
  if (!checkMetadata) return;
  // The file is the one signed: its checksums were the signer's to check.
  const metadata = (opened ?? await open(bytes, { verifyChecksums: false, name })).metadata;
  for (const [key, field] of [['venueID', 'venue'], ['bundleVersion', 'version']]) {
    if (metadata[key] !== statement[field]) {
      throw signingError('bundle-mismatch', `the bundle's META ${key} is ${JSON.stringify(metadata[key])}, the signed `
        + `statement's ${field} ${JSON.stringify(statement[field])}`, name);
    }
  }
}

/**
 * Verifies a published version's signed statement: `statement` (the bytes of statement.json, or
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
 * when `checkMetadata` opens bundle bytes that are not a bundle this reader reads.
 */
export async function verifyStatement({ statement, signature, publicKey, bundle = null, venue = null, version = null,
  checkMetadata = false, name = null } = {}) {
  const key = await importPublicKey(publicKey, { name });
  return verifiedStatement(key, statementBytes(statement, name), bytesToCheck(signature, 'the signature', name),
    { bundle, venue, version, checkMetadata, name });
}

/** The statement `bytes` once `signature` is found to be `key`'s over them, it is read, and
 * `checkRecord(statement)`, the expected venue and version and the bundle agree with it. */
async function verifiedStatement(key, bytes, signature, { bundle, venue, version, checkMetadata, name },
  checkRecord = () => {}) {
  await checkSignature(key, signature, bytes, 'statement', name);
  const statement = parseStatement(bytes, name);
  checkRecord(statement);
  checkExpected(statement, venue, version, name);
  if (bundle !== null && bundle !== undefined) await checkSignedBundle(statement, bundle, checkMetadata, name);
  return Object.freeze({ ...statement, keyID: key.keyID });
}

/** The release record in a catalog entry (`{pinned, release}`), latest.json or the record itself. */
function releaseRecord(record, name) {
  if (record === null || typeof record !== 'object') {
    throw signingError('argument', 'a release record is an object (a catalog version\'s "release", or latest.json)', name);
  }
  let release = record;
  if (record.statementBase64 === undefined && record.release !== null && typeof record.release === 'object') {
    release = record.release;
  }
  if (release.statementBase64 === undefined) {
    throw signingError('argument', 'not a release record (it has no statementBase64): give a catalog version\'s '
      + '"release", or latest.json', name);
  }
  if (release === record) return record;
  if (record.format === LATEST_FORMAT && (record.venue !== release.venue || record.version !== release.version)) {
    throw signingError('statement', `latest.json names ${record.venue} ${record.version} and holds the record of `
      + `${release.venue} ${release.version}`, name);
  }
  return release;
}

/**
 * Verifies a version from its release record in `catalog.json` or `VENUE/latest.json` before (and,
 * with `bundle`, after) downloading it: the signature (`signature.value`) over the statement the
 * record carries (`statementBase64`), with `publicKey`, whose id must be the record's `keyID`;
 * then that the record's venue, version, bundle file name, size and SHA-256 are the signed ones
 * (they are not signed themselves). Takes the options of verifyStatement but `statement` and
 * `signature`, and resolves as it does: download the bundle from the record's path and check its
 * bytes against the statement's `size` and `sha256` (or call again with `bundle`).
 *
 * A record without a signature, or signed by another algorithm, is refused (`signature`): an
 * unsigned version cannot be verified, and this says so rather than pass it.
 */
export async function verifyRelease(record, { publicKey, bundle = null, venue = null, version = null,
  checkMetadata = false, name = null } = {}) {
  const release = releaseRecord(record, name);
  const signature = release.signature;
  const what = `version ${JSON.stringify(release.version)} of ${JSON.stringify(release.venue)}`;
  if (signature === undefined || signature === null) {
    throw signingError('signature', `${what} is not signed (its record has no signature), so it cannot be verified`, name);
  }
  if (typeof signature !== 'object') throw signingError('signature', `the signature of ${what} is not an object`, name);
  if (signature.algorithm !== SIGNATURE_ALGORITHM) {
    throw signingError('signature', `${what} is signed by ${JSON.stringify(signature.algorithm)}; this reader verifies `
      + `${SIGNATURE_ALGORITHM}`, name);
  }
  const key = await importPublicKey(publicKey, { name });
  if (signature.keyID !== key.keyID) {
    throw signingError('signature', `${what} is signed with key ${JSON.stringify(signature.keyID)}, not with the key `
      + `given (${key.keyID})`, name);
  }
  const statement = base64Bytes(release.statementBase64, `the statementBase64 of ${what}`, 'statement', name);
  const value = base64Bytes(signature.value, `the signature value of ${what}`, 'signature', name);
  // The record's own fields are unsigned: one that disagrees with its statement was changed after.
  const file = release.bundle !== null && typeof release.bundle === 'object' ? release.bundle : {};
  const recorded = [['venue', release.venue], ['version', release.version],
    ['bundle', typeof file.path === 'string' ? file.path.slice(file.path.lastIndexOf('/') + 1) : file.path],
    ['size', file.size], ['sha256', file.sha256]];
  const checkRecord = (signed) => {
    for (const [field, recordedValue] of recorded) {
      if (recordedValue !== signed[field]) {
        throw signingError('statement', `the record of ${what} says ${field} ${JSON.stringify(recordedValue)}, its `
          + `signed statement ${JSON.stringify(signed[field])}: the record was changed after signing`, name);
      }
    }
  };
  return verifiedStatement(key, statement, value, { bundle, venue, version, checkMetadata, name }, checkRecord);
}

// ---- Conditions: costs and geometry ----

/** A copy of `costs` changed by resolved conditions as docs/conditions.md says, and the arcs
 * whose cost changed, ascending: a closed arc costs INFINITE, a slowed one slowedCost with its
 * largest factor, closing winning. */
function conditioned(costs, resolved) {
  const changed = costs.slice();
  for (const [arc, factor] of resolved.factors) changed[arc] = slowedCost(changed[arc], factor);
  for (const arc of resolved.closed) changed[arc] = INFINITE;
  const touched = new Set(resolved.closed);
  for (const arc of resolved.factors.keys()) touched.add(arc);
  const different = [...touched].filter((arc) => changed[arc] !== costs[arc]).sort((a, b) => a - b);
  return { costs: changed, changed: different };
}

// Longitudes the point test may place a ring's edge beyond its corners, and an arc's middle beyond
// its ends, through rounding are far below this (about 1e-13 degree): a point this far outside the
// corners' longitudes is outside without the test, and a middle lies within its ends' bounding box
// widened by it.
const BOX_MARGIN = 1e-9;
// The side of the cells (in degrees of latitude and of longitude, about 10 m) that polygons find
// their arcs by, and the most cells an arc is listed in: a longer one is always a candidate.
const CELL = 0.0001;
const MOST_CELLS = 16;

/** [lowest latitude, highest latitude, west, east] of the corners, west and east widened by
 * BOX_MARGIN: what isInside may decide without counting edges. */
function ringBox(rings) {
  let low = Infinity;
  let high = -Infinity;
  let west = Infinity;
  let east = -Infinity;
  for (const ring of rings) {
    for (const [latitude, longitude] of ring) {
      low = Math.min(low, latitude);
      high = Math.max(high, latitude);
      west = Math.min(west, longitude);
      east = Math.max(east, longitude);
    }
  }
  return [low, high, west - BOX_MARGIN, east + BOX_MARGIN];
}

/** Whether the point is inside `rings` by the even-odd rule of docs/conditions.md: an edge from
 * corner p to corner c counts when it crosses the point's latitude east of it. A point at or above
 * the highest corner or below the lowest crosses no edge, and one west of every corner crosses an
 * even number in each closed ring, so the box decides those exactly. */
function isInside(latitude, longitude, rings, box) {
  const [low, high, west, east] = box;
  if (!(low <= latitude && latitude < high && west < longitude && longitude < east)) return false;
  let inside = false;
  for (const ring of rings) {
    let [yp, xp] = ring[ring.length - 1];
    for (const [yc, xc] of ring) {
      if ((yc > latitude) !== (yp > latitude) && longitude < (xp - xc) * (latitude - yc) / (yp - yc) + xc) inside = !inside;
      yp = yc;
      xp = xc;
    }
  }
  return inside;
}

/** What resolving conditions reads from a bundle, gathered once: connector arcs and door nodes by
 * folded label, the arcs into each node, the arcs from and to each level, node positions in
 * degrees, and (on first use) place outlines and per-level grids of arcs. */
class ConditionsIndex {
  constructor(bundle) {
    const nodes = bundle._nodeCount;
    const arcs = bundle._arcCount;
    const words = bundle._arcWords;
    const bytes = bundle._bytes;
    const folded = new Map();
    const fold = (string, referrer) => {
      let key = folded.get(string);
      if (key === undefined) {
        key = bundle.fold(bundle._string(string, referrer));
        folded.set(string, key);
      }
      return key;
    };
    this.connectors = new Map();
    for (let arc = 0; arc < arcs; arc++) {
      const label = words[4 * arc + 2];
      if (CONNECTOR_ARC_KINDS.has(bytes[bundle._arcBytes + 16 * arc + 12]) && label !== NONE) {
        const key = fold(label, 'ARCS');
        if (!this.connectors.has(key)) this.connectors.set(key, []);
        this.connectors.get(key).push(arc);
      }
    }
    this.doors = new Map();
    for (let node = 0; node < nodes; node++) {
      const label = bundle._nodeWords[4 * node + 3] >>> 0;
      if (DOOR_NODE_KINDS.has(bytes[bundle._nodeBytes + 16 * node + 10]) && label !== NONE) {
        const key = fold(label, 'NODE');
        if (!this.doors.has(key)) this.doors.set(key, []);
        this.doors.get(key).push(node);
      }
    }
    const tails = bundle._tails();
    const levels = bundle._nodeHalves;
    this.tails = tails;
    // The arcs into each node, as CSR (by head, ascending arc within each).
    const incomingFirst = new Uint32Array(nodes + 1);
    for (let arc = 0; arc < arcs; arc++) incomingFirst[words[4 * arc] + 1]++;
    for (let node = 0; node < nodes; node++) incomingFirst[node + 1] += incomingFirst[node];
    const fill = incomingFirst.slice(0, nodes);
    const incoming = new Uint32Array(arcs);
    for (let arc = 0; arc < arcs; arc++) incoming[fill[words[4 * arc]]++] = arc;
    this.incomingFirst = incomingFirst;
    this.incoming = incoming;
    this.fromLevel = Array.from({ length: bundle._levelCount }, () => []);
    this.toLevel = Array.from({ length: bundle._levelCount }, () => []);
    for (let arc = 0; arc < arcs; arc++) {
      this.fromLevel[levels[8 * tails[arc] + 4]].push(arc);
      this.toLevel[levels[8 * words[4 * arc] + 4]].push(arc);
    }
    this.latitudes = new Float64Array(nodes);
    this.longitudes = new Float64Array(nodes);
    for (let node = 0; node < nodes; node++) {
      this.latitudes[node] = bundle._nodeWords[4 * node] / 1e7;
      this.longitudes[node] = bundle._nodeWords[4 * node + 1] / 1e7;
    }
    this._bundle = bundle;
    this._rings = null;
    this._grids = new Array(bundle._levelCount).fill(null);
    this.cell = CELL;
  }

  /** The arcs from `level` that may have their tail, head or middle in `box`: those whose ends'
   * bounding box, widened by BOX_MARGIN, meets a cell the box meets. */
  near(level, box) {
    let grid = this._grids[level];
    if (grid === null) grid = this._grids[level] = this._grid(level);
    const { cells, longArcs } = grid;
    const [low, high, west, east] = box;
    const cell = this.cell;
    const top = Math.floor((low - BOX_MARGIN) / cell);
    const bottom = Math.floor((high + BOX_MARGIN) / cell);
    const left = Math.floor(west / cell);
    const right = Math.floor(east / cell);
    const found = new Set(longArcs);
    if ((bottom - top + 1) * (right - left + 1) <= cells.size) {
      for (let row = top; row <= bottom; row++) {
        for (let column = left; column <= right; column++) {
          const listed = cells.get(`${row},${column}`);
          if (listed) for (const arc of listed) found.add(arc);
        }
      }
    } else { // A box larger than the level: look at the cells the level has.
      for (const [key, listed] of cells) {
        const [row, column] = key.split(',').map(Number);
        if (top <= row && row <= bottom && left <= column && column <= right) for (const arc of listed) found.add(arc);
      }
    }
    return found;
  }

  _grid(level) {
    const cells = new Map();
    const longArcs = [];
    const { latitudes, longitudes, tails } = this;
    const words = this._bundle._arcWords;
    const cell = this.cell;
    for (const arc of this.fromLevel[level]) {
      const tail = tails[arc];
      const head = words[4 * arc];
      const south = Math.min(latitudes[tail], latitudes[head]);
      const north = Math.max(latitudes[tail], latitudes[head]);
      const west = Math.min(longitudes[tail], longitudes[head]);
      const east = Math.max(longitudes[tail], longitudes[head]);
      const top = Math.floor((south - BOX_MARGIN) / cell);
      const bottom = Math.floor((north + BOX_MARGIN) / cell);
      const left = Math.floor((west - BOX_MARGIN) / cell);
      const right = Math.floor((east + BOX_MARGIN) / cell);
      if ((bottom - top + 1) * (right - left + 1) > MOST_CELLS) {
        longArcs.push(arc);
        continue;
      }
      for (let row = top; row <= bottom; row++) {
        for (let column = left; column <= right; column++) {
          const key = `${row},${column}`;
          let listed = cells.get(key);
          if (!listed) cells.set(key, listed = []);
          listed.push(arc);
        }
      }
    }
    return { cells, longArcs };
  }

  /** The rings of every outline of `place` on `level`, together (read on first use). */
  placeRings(place, level) {
    if (this._rings === null) {
      const rings = new Map();
      for (let index = 0; index < this._bundle._levelCount; index++) {
        for (const outline of this._bundle.outlines(index)) {
          if (outline.place === null) continue;
          const key = `${outline.place},${index}`;
          if (!rings.has(key)) rings.set(key, []);
          rings.get(key).push(...outline.rings);
        }
      }
      this._rings = rings;
    }
    return this._rings.get(`${place},${level}`) ?? [];
  }
}

// ---- Hierarchies ----

/**
 * Input weights customised on a bundle's customisable hierarchy (CCHT): what routeOn routes on.
 * `profile` is the profile it was made for and `weights` its input weights (one per ARCS arc,
 * INFINITE where closed); `up`, `down`, `upVia` and `downVia` are the format's customised arrays,
 * one entry per CCHT arc. They are the reader's own memory, made from a checked topology, so
 * queries trust them: do not change them. customise and applyConditions make metrics.
 */
export class Metric {
  constructor(bundle, profile, topology, weights, customised = null) {
    if (!(topology instanceof Topology)) throw new BundleError('argument', 'metrics are made by customise or applyConditions');
    this.profile = profile;
    this.weights = weights;
    this._bundle = bundle;
    this._topology = topology;
    [this.up, this.down, this.upVia, this.downVia] = customised ?? topology.customise(weights);
  }
}

/** One CHxx section (layout CHv2), checked in full before any query, so that the query itself can
 * follow every index without a check. */
class Hierarchy {
  constructor(bundle, section, tag, costs) {
    const fail = (message) => bundle._error(tag, message);
    const { offset, length } = section;
    if (length < 16) throw fail('too short for a hierarchy');
    if (length % 4 !== 0) throw fail(`${length} bytes is not a whole number of u32`);
    const words = bundle._view32(offset, length / 4);
    const [magic, n, u, d] = words;
    if (magic !== HIERARCHY_MAGIC) throw fail('not a CHv2 hierarchy');
    if (words.length !== 4 + 4 * n + 2 + 5 * (u + d)) throw fail(`${words.length} words do not hold ${n} nodes and ${u} + ${d} arcs`);
    if (n !== bundle._nodeCount) throw fail(`${n} nodes, but ARCS has ${bundle._nodeCount}`);
    let cursor = 4;
    const take = (count) => {
      const part = words.subarray(cursor, cursor + count);
      cursor += count;
      return part;
    };
    this.rank = take(n);
    this.nodeAtRank = take(n);
    this.upFirst = take(n + 1);
    this.upHead = take(u);
    this.upWeight = take(u);
    this.upVia = take(u);
    this.downFirst = take(n + 1);
    this.downTail = take(d);
    this.downWeight = take(d);
    this.downVia = take(d);
    this.halves = take(2 * (u + d));
    this.n = n;
    this._bundle = bundle;
    this._tag = tag;
    this._costs = costs;
    this._check(fail);
    this._distance = [new Float64Array(n).fill(Infinity), new Float64Array(n).fill(Infinity)];
    this._parentArc = [new Int32Array(n), new Int32Array(n)];
    this._parentRank = [new Int32Array(n).fill(-1), new Int32Array(n).fill(-1)];
    this._touched = [[], []];
    this._queues = [new PairHeap(), new PairHeap()];
  }

  _check(fail) {
    const { n, rank, nodeAtRank, upFirst, upHead, upWeight, upVia, downFirst, downTail, downWeight, downVia, halves } = this;
    const inputArcs = this._bundle._arcCount;
    if (upHead.length + downTail.length >= ORIGINAL_ARC) throw fail('more arcs than a hierarchy can index');
    const seen = new Uint8Array(n);
    for (let position = 0; position < n; position++) {
      const node = nodeAtRank[position];
      if (node >= n || rank[node] !== position || seen[node]) throw fail(`ranks are not a permutation at ${position}`);
      seen[node] = 1;
    }
    for (const [first, other, name] of [[upFirst, upHead, 'upward'], [downFirst, downTail, 'downward']]) {
      if (!rises(first, other.length)) throw fail(`${name} offsets do not rise to ${other.length}`);
      for (let r = 0; r < n; r++) {
        let previous = r;
        for (let arc = first[r]; arc < first[r + 1]; arc++) {
          if (!(previous < other[arc] && other[arc] < n)) throw fail(`${name} arc ${arc} of node ${r} does not climb in order`);
          previous = other[arc];
        }
      }
    }
    const limit = Math.max(inputArcs, 1);
    const upSize = new Float64Array(upHead.length);
    const downSize = new Float64Array(downTail.length);
    const tails = this._bundle._tails();
    const heads = this._bundle._arcWords;
    const costs = this._costs;
    const size = (via, first, second, weight, tail, head, owner) => {
      if (via >= ORIGINAL_ARC) {
        if (first !== via || second !== via) throw fail(`an input arc of node ${owner} has halves`);
        const arc = via - ORIGINAL_ARC;
        if (arc >= inputArcs) throw fail(`an arc of node ${owner} names input arc ${arc} of ${inputArcs}`);
        // Beyond the format's list: an input arc must be the ARCS arc joining the same nodes at the
        // profile's cost, or a route could jump or misstate its ETA.
        if (tails[arc] !== nodeAtRank[tail] || heads[4 * arc] !== nodeAtRank[head] || costs[arc] !== weight) {
          throw fail(`an arc of node ${owner} names input arc ${arc}, which joins other nodes or costs otherwise`);
        }
        return 1;
      }
      const middle = via;
      if (middle >= owner) throw fail(`a shortcut of node ${owner} passes node ${middle}, not below it`);
      const down = first - upFirst[middle];
      const up = second - downFirst[middle + 1];
      if (!(downFirst[middle] <= down && down < downFirst[middle + 1] && downTail[down] === tail
        && upFirst[middle] <= up && up < upFirst[middle + 1] && upHead[up] === head
        && downWeight[down] + upWeight[up] === weight)) {
        throw fail(`a shortcut of node ${owner} via ${middle} does not match the arcs there`);
      }
      const total = downSize[down] + upSize[up];
      if (total > limit) throw fail(`a shortcut of node ${owner} unpacks to more than ${limit} arcs`);
      return total;
    };
    for (let r = 0; r < n; r++) {
      for (let arc = upFirst[r]; arc < upFirst[r + 1]; arc++) {
        const at = downFirst[r + 1] + arc;
        upSize[arc] = size(upVia[arc], halves[2 * at], halves[2 * at + 1], upWeight[arc], r, upHead[arc], r);
      }
      for (let arc = downFirst[r]; arc < downFirst[r + 1]; arc++) {
        const at = upFirst[r] + arc;
        downSize[arc] = size(downVia[arc], halves[2 * at], halves[2 * at + 1], downWeight[arc], downTail[arc], r, r);
      }
    }
  }

  /**
   * [distance, input arcs] from node `source` to node `target`, or null: the format's reference
   * query step by step. Any correct search finds the same distance, but only this exact order of
   * settling, meeting and stalling picks the same path as the other readers where several cost
   * the same.
   */
  shortest(source, target) {
    const { upFirst, upHead, upWeight, downFirst, downTail, downWeight, halves } = this;
    // Side 0 climbs upward arcs from the source; side 1 climbs downward arcs (from where they are
    // stored to their tail) from the target. Each stalls on the other side's arcs.
    const climbFirst = [upFirst, downFirst];
    const climbEnd = [upHead, downTail];
    const climbWeight = [upWeight, downWeight];
    const distance = this._distance;
    const parentArc = this._parentArc;
    const parentRank = this._parentRank;
    const touched = this._touched;
    const queues = this._queues;
    const start = [this.rank[source], this.rank[target]];
    for (const side of [0, 1]) {
      queues[side].clear();
      distance[side][start[side]] = 0;
      touched[side].push(start[side]);
      queues[side].push(0, start[side]);
    }
    let best = Infinity;
    let meeting = -1;
    let turn = 0;
    const open = [false, false];
    try {
      for (;;) {
        for (const side of [0, 1]) {
          const queue = queues[side];
          const known = distance[side];
          // Outdated: the rank was reached again at a shorter distance.
          while (queue.size && queue.keys[0] !== known[queue.values[0]]) queue.pop();
          open[side] = queue.size > 0 && queue.keys[0] < best;
        }
        if (!open[0] && !open[1]) break;
        const side = open[turn] ? turn : 1 - turn;
        const other = 1 - side;
        turn = other;
        const queue = queues[side];
        const k = queue.keys[0];
        const v = queue.values[0];
        queue.pop();
        const mine = distance[side];
        const reached = distance[other][v];
        if (reached !== Infinity && k + reached < best) {
          best = k + reached;
          meeting = v;
        }
        const stallFirst = climbFirst[other];
        const stallEnd = climbEnd[other];
        const stallWeight = climbWeight[other];
        let stalled = false;
        for (let arc = stallFirst[v]; arc < stallFirst[v + 1]; arc++) {
          const u = stallEnd[arc];
          if (mine[u] !== Infinity && mine[u] + stallWeight[arc] < k) {
            stalled = true;
            break;
          }
        }
        if (stalled) continue;
        const first = climbFirst[side];
        const ends = climbEnd[side];
        const weights = climbWeight[side];
        for (let arc = first[v]; arc < first[v + 1]; arc++) {
          const w = ends[arc];
          const total = k + weights[arc];
          if (total < mine[w]) {
            if (mine[w] === Infinity) touched[side].push(w);
            mine[w] = total;
            parentArc[side][w] = arc;
            parentRank[side][w] = v;
            queues[side].push(total, w);
          }
        }
      }
      if (meeting < 0) return null;
      const slots = [];
      for (let node = meeting; parentRank[0][node] >= 0; node = parentRank[0][node]) {
        slots.push(downFirst[parentRank[0][node] + 1] + parentArc[0][node]);
      }
      slots.reverse();
      for (let node = meeting; parentRank[1][node] >= 0; node = parentRank[1][node]) {
        slots.push(upFirst[parentRank[1][node]] + parentArc[1][node]);
      }
      // Expand slots depth first, the next to expand on top: a shortcut's slot holds the slots of
      // its halves, an input arc's slot holds its via.
      const stack = slots.reverse();
      const arcs = [];
      while (stack.length) {
        const slot = stack.pop();
        const firstHalf = halves[2 * slot];
        if (firstHalf >= ORIGINAL_ARC) {
          arcs.push(firstHalf - ORIGINAL_ARC);
        } else {
          stack.push(halves[2 * slot + 1]);
          stack.push(firstHalf);
        }
      }
      this._confirm(source, target, best, arcs);
      return [best, arcs];
    } finally {
      for (const side of [0, 1]) {
        for (const r of touched[side]) {
          distance[side][r] = Infinity;
          parentRank[side][r] = -1;
        }
        touched[side].length = 0;
      }
    }
  }

  /** The unpacked path must chain from source to target and cost what the search found; the full
   * check makes this certain, so failing here means this reader is wrong. */
  _confirm(source, target, best, arcs) {
    const tails = this._bundle._tails();
    const heads = this._bundle._arcWords;
    let node = source;
    let total = 0;
    for (const arc of arcs) {
      if (tails[arc] !== node) throw this._bundle._error(this._tag, `the route from ${source} to ${target} does not chain at arc ${arc}`);
      node = heads[4 * arc];
      total += this._costs[arc];
    }
    if (node !== target || total !== best) {
      throw this._bundle._error(this._tag, `the route from ${source} to ${target} ends at ${node} or costs ${total}, not ${best}`);
    }
  }
}

/**
 * The CCHT section, checked in full once as the format's "Trust" paragraph asks, with the slots of
 * the ARCS arcs and, for every lower triangle, the arc that closes it: customising and querying
 * then follow every index without a check.
 */
class Topology {
  constructor(bundle, section, tag, usable) {
    const fail = (message) => bundle._error(tag, message);
    const { offset, length } = section;
    if (length < 16) throw fail(`${length} bytes is too short for a customisable hierarchy`);
    const words = bundle._view32(offset, Math.floor(length / 4));
    const [magic, n, m, inputs] = words;
    if (magic !== CUSTOMISABLE_MAGIC) throw fail(`not a CCT1 customisable hierarchy (magic 0x${magic.toString(16).toUpperCase()})`);
    if (n !== bundle._nodeCount) throw fail(`${n} ranks, but NODE has ${bundle._nodeCount} nodes`);
    if (inputs !== bundle._arcCount) throw fail(`made for ${inputs} input arcs, but ARCS has ${bundle._arcCount}`);
    if (5 + 2 * n + m > words.length) throw fail(`${n} ranks and ${m} arcs do not fit its ${length} bytes`);
    if (n >= ORIGINAL_ARC || inputs >= ORIGINAL_ARC) throw fail(`${n} ranks or ${inputs} input arcs are too many to tell apart in a via`);
    const rank = words.subarray(4, 4 + n);
    const first = words.subarray(4 + n, 5 + 2 * n);
    const head = words.subarray(5 + 2 * n, 5 + 2 * n + m);
    const seen = new Uint8Array(n);
    for (let node = 0; node < n; node++) {
      const r = rank[node];
      if (r >= n || seen[r]) throw fail(`the ranks are not a permutation (node ${node} has rank ${r})`);
      seen[r] = 1;
    }
    if (!rises(first, m)) throw fail(`the arc offsets do not rise from 0 to its ${m} arcs`);
    // Heads rise strictly within each rank and lie above it: a rank's first arc leads to its parent
    // in the elimination tree, and the chains a query walks climb to a root.
    const tail = new Uint32Array(m);
    const parent = new Int32Array(n).fill(-1);
    for (let r = 0; r < n; r++) {
      const a = first[r];
      const b = first[r + 1];
      if (a === b) continue;
      let previous = r;
      for (let arc = a; arc < b; arc++) {
        if (!(previous < head[arc] && head[arc] < n)) {
          throw fail(`arc ${arc} of rank ${r} leads to rank ${head[arc]}, not above rank ${previous} and below ${n}`);
        }
        previous = head[arc];
      }
      parent[r] = head[a];
      tail.fill(r, a, b);
    }
    // Slots: each usable ARCS arc that is no loop gives the weight of the arc joining its ends'
    // ranks in its direction, and that arc must exist.
    const tails = bundle._tails();
    const arcWords = bundle._arcWords;
    const upInputs = [];
    const upArcs = [];
    const downInputs = [];
    const downArcs = [];
    for (let arc = 0; arc < inputs; arc++) {
      if (!usable[arc]) continue;
      let low = rank[tails[arc]];
      let high = rank[arcWords[4 * arc]];
      if (low === high) continue; // A loop: no route takes it.
      let inputsList = upInputs;
      let arcsList = upArcs;
      if (low > high) {
        [low, high] = [high, low];
        inputsList = downInputs;
        arcsList = downArcs;
      }
      const at = lowerBound(head, high, first[low], first[low + 1]);
      if (at === first[low + 1] || head[at] !== high) throw fail(`ARCS arc ${arc} joins ranks ${low} and ${high}, which no arc joins`);
      inputsList.push(arc);
      arcsList.push(at);
    }
    // Triangles: for each rank v and each pair of its arcs j < k (to x < y), the arc from x to y, in
    // the order customisation offers them. A missing one means the graph is not chordal, which only
    // damage causes.
    let pairs = 0;
    for (let v = 0; v < n; v++) {
      const count = first[v + 1] - first[v];
      pairs += count * (count - 1) / 2;
    }
    // A city's hierarchy has about two triangles per arc (Heidelberg: 952,535 for 446,311 arcs), but
    // the count grows with the square of a rank's arcs, so a hostile section could ask for more
    // memory than there is.
    let triangles;
    try {
      triangles = new Uint32Array(pairs);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      throw new BundleError('out-of-memory', `${bundle._where()}section ${tag}: its ${pairs} triangles do not fit in memory`, tag);
    }
    let p = 0;
    for (let v = 0; v < n; v++) {
      const b = first[v + 1];
      for (let i = first[v]; i < b - 1; i++) {
        const x = head[i];
        let at = first[x];
        const end = first[x + 1];
        for (let k = i + 1; k < b; k++) {
          const y = head[k];
          while (at < end && head[at] < y) at++;
          if (at === end || head[at] !== y) {
            throw fail(`ranks ${x} and ${y} are joined to rank ${v} but not to each other: a triangle's arc is missing`);
          }
          triangles[p++] = at;
        }
      }
    }
    this.n = n;
    this.m = m;
    this.rank = rank;
    this.first = first;
    this.head = head;
    this.tail = tail;
    this.parent = parent;
    this.upInputs = Uint32Array.from(upInputs);
    this.upArcs = Uint32Array.from(upArcs);
    this.downInputs = Uint32Array.from(downInputs);
    this.downArcs = Uint32Array.from(downArcs);
    this.triangles = triangles;
    this._bundle = bundle;
    this._tag = tag;
    this._update = null;
    this._forward = new Float64Array(n).fill(Infinity);
    this._backward = new Float64Array(n).fill(Infinity);
    this._forwardParent = new Int32Array(n);
    this._backwardParent = new Int32Array(n);
    this._forwardChain = new Int32Array(n + 1);
    this._backwardChain = new Int32Array(n + 1);
  }

  /** [up, down, upVia, downVia] for `weights` (one per input arc), by the format's two steps: input
   * arcs in index order, then every lower triangle, ranks ascending. Only a strictly lighter way
   * replaces a weight, which makes every via the canonical one. */
  customise(weights) {
    const { n, m, first, triangles } = this;
    const up = new Uint32Array(m).fill(INFINITE);
    const down = new Uint32Array(m).fill(INFINITE);
    const upVia = new Uint32Array(m).fill(INFINITE);
    const downVia = new Uint32Array(m).fill(INFINITE);
    for (const [side, sideVia, inputs, arcs] of [[up, upVia, this.upInputs, this.upArcs],
      [down, downVia, this.downInputs, this.downArcs]]) {
      for (let i = 0; i < inputs.length; i++) {
        const index = inputs[i];
        const arc = arcs[i];
        const weight = weights[index];
        if (weight < side[arc]) {
          side[arc] = weight;
          sideVia[arc] = ORIGINAL_ARC + index;
        }
      }
    }
    // A sum with an infinite (0xFFFFFFFF) part is at least 0xFFFFFFFF, so it is never below a
    // weight; nor is a finite sum that large, which a u32 weight could not hold.
    let p = 0;
    for (let v = 0; v < n; v++) {
      const a = first[v];
      const b = first[v + 1];
      for (let j = a; j < b - 1; j++) {
        const into = down[j];
        const out = up[j];
        for (let k = j + 1; k < b; k++) {
          const t = triangles[p++];
          let way = into + up[k]; // x -> v -> y
          if (way < up[t]) {
            up[t] = way;
            upVia[t] = v;
          }
          way = down[k] + out; // y -> v -> x
          if (way < down[t]) {
            down[t] = way;
            downVia[t] = v;
          }
        }
      }
    }
    return [up, down, upVia, downVia];
  }

  /**
   * [up, down, upVia, downVia] for `weights`, made from `metric` (a metric of this topology whose
   * weights differ from `weights` at most at the input arcs `changed`) by recomputing only what the
   * change reaches: exactly what customise(weights) gives. The arcs standing for a changed input arc
   * are recomputed, lowest first, each from scratch by the rule of a full customisation; when an
   * arc's weight changes, so may the arcs it is a lower side of, which are queued in turn. Arcs are
   * numbered by their lower rank, and every arc an arc is a lower side of has a higher lower rank,
   * so taking queued arcs in ascending order finishes both sides of a triangle before the arc it
   * closes.
   */
  update(metric, weights, changed) {
    const { first, tail, triangles } = this;
    const { slotOf, inputFirst, inputs, upward, lowerFirst, lowerSides, higherSides, pairFirst } = this._updateIndex();
    const up = metric.up.slice();
    const down = metric.down.slice();
    const upVia = metric.upVia.slice();
    const downVia = metric.downVia.slice();
    const queued = new Uint8Array(this.m);
    const pending = new PairHeap();
    const queue = (arc) => {
      if (!queued[arc]) {
        queued[arc] = 1;
        pending.push(arc, arc);
      }
    };
    for (const arc of changed) if (slotOf[arc] !== NONE) queue(slotOf[arc]);
    while (pending.size) {
      const arc = pending.values[0];
      pending.pop();
      let upWeight = INFINITE;
      let downWeight = INFINITE;
      let upOrigin = INFINITE;
      let downOrigin = INFINITE;
      for (let position = inputFirst[arc]; position < inputFirst[arc + 1]; position++) {
        const index = inputs[position];
        const weight = weights[index];
        if (upward[position]) {
          if (weight < upWeight) {
            upWeight = weight;
            upOrigin = ORIGINAL_ARC + index;
          }
        } else if (weight < downWeight) {
          downWeight = weight;
          downOrigin = ORIGINAL_ARC + index;
        }
      }
      // The lower triangles (v, x, y) by ascending v: arcs (v, x) and (v, y).
      for (let at = lowerFirst[arc]; at < lowerFirst[arc + 1]; at++) {
        const toX = lowerSides[at];
        const toY = higherSides[at];
        const v = tail[toX];
        let way = down[toX] + up[toY]; // x -> v -> y
        if (way < upWeight) {
          upWeight = way;
          upOrigin = v;
        }
        way = down[toY] + up[toX]; // y -> v -> x
        if (way < downWeight) {
          downWeight = way;
          downOrigin = v;
        }
      }
      upVia[arc] = upOrigin;
      downVia[arc] = downOrigin;
      if (upWeight === up[arc] && downWeight === down[arc]) continue;
      up[arc] = upWeight;
      down[arc] = downWeight;
      // The arc (x, y) is a lower side of the triangle x, y, z for every other upward neighbour z of
      // x: its change reaches the arc joining y and z. Triangles lists those arcs per pair of x's
      // arcs (j < k), pairs in order.
      const x = tail[arc];
      const a = first[x];
      const count = first[x + 1] - a;
      const p = arc - a;
      const base = pairFirst[x];
      for (let q = 0; q < p; q++) queue(triangles[base + q * (count - 1) - q * (q - 1) / 2 + p - q - 1]);
      const start = base + p * (count - 1) - p * (p - 1) / 2;
      for (let at = start; at < start + count - 1 - p; at++) queue(triangles[at]);
    }
    return [up, down, upVia, downVia];
  }

  /** What update reads besides the topology, made on its first use: the arc of each input arc
   * (NONE without a slot); each arc's input arcs, ascending, and whether each gives its upward
   * weight; each arc's lower triangles by ascending middle rank, as their two sides; and where each
   * rank's pairs start in `triangles`. */
  _updateIndex() {
    if (this._update === null) {
      const { n, m, first, triangles } = this;
      const inputCount = this._bundle._arcCount;
      const slotOf = new Uint32Array(inputCount).fill(NONE);
      const inputFirst = new Uint32Array(m + 1);
      for (const arc of this.upArcs) inputFirst[arc + 1]++;
      for (const arc of this.downArcs) inputFirst[arc + 1]++;
      for (let arc = 0; arc < m; arc++) inputFirst[arc + 1] += inputFirst[arc];
      // Each arc's inputs ascending by input index (an input arc gives one direction of one arc).
      const placed = [];
      for (let i = 0; i < this.upArcs.length; i++) placed.push([this.upArcs[i], this.upInputs[i], 1]);
      for (let i = 0; i < this.downArcs.length; i++) placed.push([this.downArcs[i], this.downInputs[i], 0]);
      placed.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      const inputs = new Uint32Array(placed.length);
      const upward = new Uint8Array(placed.length);
      placed.forEach(([arc, index, direction], position) => {
        slotOf[index] = arc;
        inputs[position] = index;
        upward[position] = direction;
      });
      const lowerFirst = new Uint32Array(m + 1);
      for (const top of triangles) lowerFirst[top + 1]++;
      for (let arc = 0; arc < m; arc++) lowerFirst[arc + 1] += lowerFirst[arc];
      const fill = lowerFirst.slice(0, m);
      const lowerSides = new Uint32Array(triangles.length);
      const higherSides = new Uint32Array(triangles.length);
      const pairFirst = new Float64Array(n + 1);
      let p = 0;
      for (let v = 0; v < n; v++) {
        const a = first[v];
        const b = first[v + 1];
        pairFirst[v + 1] = pairFirst[v] + (b - a) * (b - a - 1) / 2;
        for (let j = a; j < b - 1; j++) {
          for (let k = j + 1; k < b; k++) {
            const top = triangles[p++];
            const at = fill[top]++;
            lowerSides[at] = j;
            higherSides[at] = k;
          }
        }
      }
      this._update = { slotOf, inputFirst, inputs, upward, lowerFirst, lowerSides, higherSides, pairFirst };
    }
    return this._update;
  }

  /** The arc from rank `lower` to the higher rank `higher`; it exists wherever a via names `lower`
   * as a middle (customisation found it). */
  _arc(lower, higher) {
    return lowerBound(this.head, higher, this.first[lower], this.first[lower + 1]);
  }

  /**
   * [weight, input arcs] from node `source` to node `target` under `metric`, or null: the format's
   * reference query. Both chains of the elimination tree are walked together in ascending rank,
   * meeting first, then each side relaxing while below the best meeting; ties keep what came
   * first, so every reader finds the same path.
   */
  shortest(metric, source, target) {
    const { n, first, head, parent, tail } = this;
    const { up, down } = metric;
    const forward = this._forward;
    const backward = this._backward;
    const forwardParent = this._forwardParent;
    const backwardParent = this._backwardParent;
    const forwardChain = this._forwardChain;
    const backwardChain = this._backwardChain;
    const start = this.rank[source];
    const goal = this.rank[target];
    let length = 0;
    for (let r = start; r >= 0; r = parent[r]) forwardChain[length++] = r;
    forwardChain[length] = n; // Past every rank: the end of the walk.
    const forwardLength = length;
    length = 0;
    for (let r = goal; r >= 0; r = parent[r]) backwardChain[length++] = r;
    backwardChain[length] = n;
    const backwardLength = length;
    forward[start] = 0;
    backward[goal] = 0;
    let best = Infinity;
    let meeting = -1;
    try {
      let i = 0;
      let j = 0;
      for (;;) {
        const f = forwardChain[i];
        const b = backwardChain[j];
        const v = f < b ? f : b;
        if (v === n) break;
        if (f === b) {
          const total = forward[v] + backward[v];
          if (total < best) {
            best = total;
            meeting = v;
          }
        }
        if (f === v) {
          const distance = forward[v];
          if (distance < best) {
            for (let arc = first[v]; arc < first[v + 1]; arc++) {
              const weight = up[arc];
              if (weight !== INFINITE) {
                const y = head[arc];
                const candidate = distance + weight;
                if (candidate < forward[y]) {
                  forward[y] = candidate;
                  forwardParent[y] = arc;
                }
              }
            }
          }
          i++;
        }
        if (b === v) {
          const distance = backward[v];
          if (distance < best) {
            for (let arc = first[v]; arc < first[v + 1]; arc++) {
              const weight = down[arc];
              if (weight !== INFINITE) {
                const y = head[arc];
                const candidate = distance + weight;
                if (candidate < backward[y]) {
                  backward[y] = candidate;
                  backwardParent[y] = arc;
                }
              }
            }
          }
          j++;
        }
      }
      if (meeting < 0) return null;
      const steps = []; // [arc, downward] pairs, flattened
      for (let r = meeting; r !== start; r = tail[forwardParent[r]]) steps.push(forwardParent[r]);
      steps.reverse();
      const upward = steps.length;
      for (let r = meeting; r !== goal; r = tail[backwardParent[r]]) steps.push(backwardParent[r]);
      // Unpack depth first, the next step on top: a via below ORIGINAL_ARC is the middle rank of a
      // triangle, whose two sides replace the arc, each in its own direction.
      const { upVia, downVia } = metric;
      const stack = [];
      for (let s = steps.length - 1; s >= 0; s--) stack.push(steps[s], s >= upward ? 1 : 0);
      const arcs = [];
      while (stack.length) {
        const downward = stack.pop();
        const arc = stack.pop();
        const via = downward ? downVia[arc] : upVia[arc];
        if (via >= ORIGINAL_ARC) {
          arcs.push(via - ORIGINAL_ARC);
          continue;
        }
        const lowSide = this._arc(via, tail[arc]);
        const highSide = this._arc(via, head[arc]);
        if (downward) { // high -> middle -> low
          stack.push(lowSide, 0);
          stack.push(highSide, 1);
        } else { // low -> middle -> high
          stack.push(highSide, 0);
          stack.push(lowSide, 1);
        }
      }
      this._confirm(metric, source, target, best, arcs);
      return [best, arcs];
    } finally {
      // Every rank a query reaches is on its own side's chain: a rank's upward neighbours are its
      // ancestors in the elimination tree.
      for (let k = 0; k < forwardLength; k++) forward[forwardChain[k]] = Infinity;
      for (let k = 0; k < backwardLength; k++) backward[backwardChain[k]] = Infinity;
    }
  }

  _confirm(metric, source, target, best, arcs) {
    const tails = this._bundle._tails();
    const heads = this._bundle._arcWords;
    const weights = metric.weights;
    let node = source;
    let total = 0;
    for (const arc of arcs) {
      if (tails[arc] !== node) throw this._bundle._error(this._tag, `the route from ${source} to ${target} does not chain at arc ${arc}`);
      node = heads[4 * arc];
      total += weights[arc];
    }
    if (node !== target || total !== best) {
      throw this._bundle._error(this._tag, `the route from ${source} to ${target} ends at ${node} or weighs ${total}, not ${best}`);
    }
  }
}

/** The first position in `values[low, high)` (ascending) not below `wanted`. */
function lowerBound(values, wanted, low, high) {
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (values[middle] < wanted) low = middle + 1;
    else high = middle;
  }
  return low;
}

// ---- Wi-Fi radio map (WIFI) ----

// Weights are multiples of 2^-24, so that readers whose pow differs in the last bit agree.
const WEIGHT_SCALE = 16777216;
const NO_VENUE_LEVEL = 0xffff;
const HEX_DIGIT = /^[0-9a-fA-F]$/;

/** A scanned access point id as the map stores it: twelve hex digits, or six groups of one or two
 * hex digits all joined by `:` or all by `-`, become six lower-case pairs joined by `:`; any other
 * id stays as it is. */
export function normalisedAccessPoint(text) {
  const hex = (group) => [...group].every((character) => HEX_DIGIT.test(character));
  let groups;
  if (text.length === 12 && hex(text)) {
    groups = [0, 2, 4, 6, 8, 10].map((at) => text.slice(at, at + 2));
  } else {
    const colons = text.split(':');
    groups = colons.length === 6 ? colons : text.split('-');
  }
  if (groups.length !== 6 || !groups.every((group) => group.length >= 1 && group.length <= 2 && hex(group))) return text;
  return groups.map((group) => group.toLowerCase().padStart(2, '0')).join(':');
}

/** `w(x)` of the format: 0 at or below `weakest`, else `min(1, (x - weakest) / -weakest)^e`
 * rounded half away from zero to a multiple of 2^-24. */
function signalWeight(rssi, weakest, exponent) {
  if (!(rssi > weakest)) return 0;
  const exact = Math.min(1, (rssi - weakest) / -weakest) ** exponent;
  return roundHalfAway(exact * WEIGHT_SCALE) / WEIGHT_SCALE;
}

const vote = (distance) => 1 / (distance + 1e-6);

const sorensen = (difference, mass) => (mass > 0 ? Math.max(0, difference) / mass : 1);

/**
 * The positions of the `k` candidates nearest by `distances` among those `accepted`, nearest
 * first, ties to the lower position (candidates ascend by reference point, so to the lower
 * reference point): what sorting them all and taking `k` gives, kept by insertion in a short list.
 */
function nearestOf(k, distances, accepted) {
  const chosen = [];
  for (let c = 0; c < distances.length; c++) {
    if (!accepted(c)) continue;
    const distance = distances[c];
    if (chosen.length === k && !(distance < distances[chosen[k - 1]])) continue;
    let at = chosen.length === k ? k - 1 : chosen.length;
    // Later positions lose ties, so an equal distance stays behind the ones already chosen.
    while (at > 0 && distance < distances[chosen[at - 1]]) {
      chosen[at] = chosen[at - 1];
      at--;
    }
    chosen[at] = c;
  }
  return chosen;
}

/** The key with the most votes, ties to the lower key. */
function winner(votes) {
  let best = -1;
  let most = -Infinity;
  for (const [key, total] of votes) {
    if (total > most || (total === most && key < best)) {
      best = key;
      most = total;
    }
  }
  return best;
}

/** A WIFI section read in place: its header and table sizes checked when it is first used, every
 * value a locate reads checked where it reads it (docs/bundle-format.md: indexes, offsets,
 * postings, readings, floors, buildings, venue levels). */
class RadioMap {
  constructor(bundle, section) {
    const tag = 'WIFI';
    this._bundle = bundle;
    this._fail = (message) => bundle._error(tag, message);
    const { offset, length } = section;
    if (length < 64) throw this._fail(`${length} bytes is too short for its header`);
    const data = bundle._data;
    const count = (field) => data.getUint32(offset + field, true);
    this.accessPoints = count(0);
    this.buildings = count(4);
    this.floors = count(8);
    this.referencePoints = count(12);
    this.readings = count(16);
    this.postings = count(20);
    this.strings = count(24);
    this.stringBytes = count(28);
    this.floorExponent = data.getFloat64(offset + 32, true);
    this.positionExponent = data.getFloat64(offset + 40, true);
    this.weakest = data.getFloat64(offset + 48, true);
    this.buildingNeighbours = data.getUint16(offset + 56, true);
    this.floorNeighbours = data.getUint16(offset + 58, true);
    this.neighbours = data.getUint16(offset + 60, true);
    this.candidateAccessPoints = data.getUint16(offset + 62, true);
    const counts = [this.buildingNeighbours, this.floorNeighbours, this.neighbours, this.candidateAccessPoints];
    const exponents = [this.floorExponent, this.positionExponent];
    if (!counts.every((value) => value >= 1 && value <= 1000) || !exponents.every((value) => value > 0 && value <= 16)
      || !(this.weakest >= -150 && this.weakest < -1)) {
      throw this._fail('the locator parameters are out of range');
    }
    const aligned = (at) => Math.ceil(at / 8) * 8;
    this.accessPointsAt = 64;
    this.postingFirstAt = aligned(64 + 4 * this.accessPoints);
    this.buildingsAt = aligned(this.postingFirstAt + 4 * (this.accessPoints + 1));
    this.floorsAt = aligned(this.buildingsAt + 4 * this.buildings);
    this.referencePointsAt = this.floorsAt + 16 * this.floors;
    this.readingsAt = this.referencePointsAt + 16 * this.referencePoints;
    this.postingsAt = this.readingsAt + 8 * this.readings;
    this.stringOffsetsAt = aligned(this.postingsAt + 4 * this.postings);
    this.stringDataAt = this.stringOffsetsAt + 4 * (this.strings + 1);
    const size = aligned(this.stringDataAt + this.stringBytes);
    if (this.accessPoints >= 0xffff || size > length) throw this._fail(`its tables need ${size} bytes, the section has ${length}`);
    // Every table starts at a multiple of 4 from the section's start, so typed arrays view them.
    this.words = bundle._view32(offset, size / 4);
    this.halves = bundle._view16(offset, size / 2);
    this.bytes = bundle._bytes.subarray(offset, offset + size);
    this.ints = bundle._viewI32(offset, size / 4);
    // w(mean) of every quantised mean, per exponent.
    this.floorWeights = new Float64Array(256);
    this.positionWeights = new Float64Array(256);
    for (let q = 0; q < 256; q++) {
      this.floorWeights[q] = signalWeight(q / 2 - 128, this.weakest, this.floorExponent);
      this.positionWeights[q] = signalWeight(q / 2 - 128, this.weakest, this.positionExponent);
    }
    this._ids = new Map();
  }

  _stringRange(index) {
    if (index >= this.strings) throw this._fail(`string ${index} of ${this.strings}`);
    const start = this.words[this.stringOffsetsAt / 4 + index];
    const end = this.words[this.stringOffsetsAt / 4 + index + 1];
    if (start > end || end > this.stringBytes) throw this._fail(`string ${index} lies outside the string bytes`);
    return [this.stringDataAt + start, this.stringDataAt + end];
  }

  string(index) {
    const [start, end] = this._stringRange(index);
    const text = decodeUtf8(this.bytes.subarray(start, end));
    if (text === null) throw this._fail(`string ${index} is not UTF-8`);
    return text;
  }

  /** The index of the access point with id `id` (bytes), by binary search over the sorted ids. */
  accessPoint(id) {
    let low = 0;
    let high = this.accessPoints;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const [start, end] = this._stringRange(this.words[this.accessPointsAt / 4 + middle]);
      const order = compareBytes(this.bytes, start, end - start, id);
      if (order === 0) return middle;
      if (order < 0) low = middle + 1;
      else high = middle;
    }
    return -1;
  }

  floor(index) {
    if (index >= this.floors) throw this._fail(`floor ${index} of ${this.floors}`);
    const at = this.floorsAt + 16 * index;
    const building = this.halves[at / 2 + 2];
    const venueLevel = this.halves[at / 2 + 3];
    if (building >= this.buildings) throw this._fail(`floor ${index} names building ${building}`);
    if (venueLevel !== NO_VENUE_LEVEL && venueLevel >= this._bundle._levelCount) {
      throw this._fail(`floor ${index} joins level ${venueLevel} of ${this._bundle._levelCount}`);
    }
    return { name: this.words[at / 4], building, venueLevel: venueLevel === NO_VENUE_LEVEL ? null : venueLevel,
      ordinal: this.ints[at / 4 + 2] / 1000 };
  }

  buildingName(index) {
    return this.string(this.words[this.buildingsAt / 4 + index]);
  }

  /** Reference point `index` (below the count): position, floor, scans and its readings' range. */
  referencePoint(index) {
    const at = this.referencePointsAt + 16 * index;
    const first = this.words[at / 4 + 2];
    const end = index + 1 < this.referencePoints ? this.words[(at + 16) / 4 + 2] : this.readings;
    const floor = this.halves[at / 2 + 6];
    const scans = this.halves[at / 2 + 7];
    if (!(first <= end && end <= this.readings && floor < this.floors && scans > 0)) {
      throw this._fail(`reference point ${index} is malformed`);
    }
    return { index, latitude: this.ints[at / 4], longitude: this.ints[at / 4 + 1], floor, scans, first, end };
  }

  locate(scan) {
    const weakest = this.weakest;
    // A phone may list an access point twice (two radios, two channels): keep the stronger.
    const heard = new Map();
    for (const { id, rssi } of scan) {
      if (!Number.isFinite(rssi) || !(rssi > weakest)) continue;
      let key = this._ids.get(id);
      if (key === undefined) {
        key = ENCODER.encode(normalisedAccessPoint(id));
        if (this._ids.size < 4096) this._ids.set(id, key);
      }
      const index = this.accessPoint(key);
      if (index < 0) continue;
      heard.set(index, Math.max(heard.get(index) ?? -Infinity, rssi));
    }
    if (!heard.size) return null;
    // Strongest first, ties to the lower access point index.
    const strongest = [...heard].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    // The scan's weights by access point, in arrays kept between calls (0 where not heard).
    this._floorQuery ??= new Float64Array(this.accessPoints);
    this._positionQuery ??= new Float64Array(this.accessPoints);
    const floorQuery = this._floorQuery;
    const positionQuery = this._positionQuery;
    let floorTotal = 0;
    let positionTotal = 0;
    for (const [index, rssi] of strongest) {
      floorQuery[index] = signalWeight(rssi, weakest, this.floorExponent);
      positionQuery[index] = signalWeight(rssi, weakest, this.positionExponent);
      floorTotal += floorQuery[index];
      positionTotal += positionQuery[index];
    }
    try {
      return this._located(strongest, floorQuery, positionQuery, floorTotal, positionTotal);
    } finally {
      for (const [index] of strongest) {
        floorQuery[index] = 0;
        positionQuery[index] = 0;
      }
    }
  }

  _located(strongest, floorQuery, positionQuery, floorTotal, positionTotal) {
    // Candidates: the postings of the strongest access points, merged, without repeats, ascending.
    // A mark per reference point, kept between calls and cleared after, finds the repeats.
    const words = this.words;
    const marked = (this._marked ??= new Uint8Array(this.referencePoints));
    const found = [];
    const postingFirst = this.postingFirstAt / 4;
    const postings = this.postingsAt / 4;
    const strongestCount = Math.min(strongest.length, this.candidateAccessPoints);
    try {
      for (let k = 0; k < strongestCount; k++) {
        const accessPoint = strongest[k][0];
        const first = words[postingFirst + accessPoint];
        const last = words[postingFirst + accessPoint + 1];
        if (first > last || last > this.postings) throw this._fail(`access point ${accessPoint} lists postings ${first}..<${last}`);
        for (let posting = first; posting < last; posting++) {
          const point = words[postings + posting];
          if (point >= this.referencePoints) throw this._fail(`posting ${posting} names reference point ${point}`);
          if (marked[point] === 0) {
            marked[point] = 1;
            found.push(point);
          }
        }
      }
    } finally {
      for (const point of found) marked[point] = 0;
    }
    if (!found.length) return null;
    const candidates = Uint32Array.from(found).sort();
    const count = candidates.length;
    const floorDistances = new Float64Array(count);
    const positionDistances = new Float64Array(count);
    const pointFloors = new Uint32Array(count);
    const { halves, bytes, floorWeights, positionWeights } = this;
    const readingHalves = this.readingsAt / 2;
    const accessPoints = this.accessPoints;
    for (let c = 0; c < count; c++) {
      const index = candidates[c];
      const at = this.referencePointsAt + 16 * index;
      const first = words[at / 4 + 2];
      const end = index + 1 < this.referencePoints ? words[(at + 16) / 4 + 2] : this.readings;
      const floor = halves[at / 2 + 6];
      const scans = halves[at / 2 + 7];
      if (!(first <= end && end <= this.readings && floor < this.floors && scans > 0)) {
        throw this._fail(`reference point ${index} is malformed`);
      }
      pointFloors[c] = floor;
      let floorDifference = 0;
      let floorMass = 0;
      let positionDifference = 0;
      let positionMass = 0;
      for (let reading = first; reading < end; reading++) {
        const half = readingHalves + 4 * reading;
        const accessPoint = halves[half];
        const heardCount = halves[half + 1];
        if (accessPoint >= accessPoints || heardCount > scans) {
          throw this._fail(`a reading of reference point ${index} is malformed`);
        }
        const mean = bytes[2 * half + 4];
        const share = heardCount / scans;
        const floorWeight = floorWeights[mean] * share;
        const positionWeight = positionWeights[mean] * share;
        const floorScan = floorQuery[accessPoint];
        const positionScan = positionQuery[accessPoint];
        floorDifference += Math.abs(floorScan - floorWeight) - floorScan;
        floorMass += floorWeight;
        positionDifference += Math.abs(positionScan - positionWeight) - positionScan;
        positionMass += positionWeight;
      }
      floorDistances[c] = sorensen(floorTotal + floorDifference, floorTotal + floorMass);
      positionDistances[c] = sorensen(positionTotal + positionDifference, positionTotal + positionMass);
    }
    return this._decide(candidates, pointFloors, floorDistances, positionDistances);
  }

  /** The building of floor `index`, its floor record checked on first use. */
  _floorBuilding(index) {
    const known = (this._floorBuildings ??= new Int32Array(this.floors).fill(-1));
    if (known[index] < 0) known[index] = this.floor(index).building;
    return known[index];
  }

  /**
   * Building by vote, floor by vote within it, position by weighted mean on that floor. The
   * candidates (ascending reference points) come with their floors and both distances.
   */
  _decide(candidates, pointFloors, floorDistances, positionDistances) {
    const everyone = () => true;
    const nearest = nearestOf(this.buildingNeighbours, floorDistances, everyone);
    const buildingVotes = new Map();
    for (const c of nearest) {
      const building = this._floorBuilding(pointFloors[c]);
      buildingVotes.set(building, (buildingVotes.get(building) ?? 0) + vote(floorDistances[c]));
    }
    const building = winner(buildingVotes);
    const floorVotes = new Map();
    const inBuilding = (c) => this._floorBuilding(pointFloors[c]) === building;
    for (const c of nearestOf(this.floorNeighbours, floorDistances, inBuilding)) {
      floorVotes.set(pointFloors[c], (floorVotes.get(pointFloors[c]) ?? 0) + vote(floorDistances[c]));
    }
    const chosen = winner(floorVotes);
    // A floor lies in one building, so the candidates on it are in the chosen building.
    const onFloor = nearestOf(this.neighbours, positionDistances, (c) => pointFloors[c] === chosen);
    let latitude = 0;
    let longitude = 0;
    let total = 0;
    for (const c of onFloor) {
      const weight = vote(positionDistances[c]);
      const at = this.referencePointsAt / 4 + 4 * candidates[c];
      latitude += this.ints[at] * weight;
      longitude += this.ints[at + 1] * weight;
      total += weight;
    }
    // Measured over the building vote's neighbours: with the single nearest deciding the floor,
    // its own agreement would always be 1.
    let agreeing = 0;
    let all = 0;
    for (const c of nearest) {
      const weight = vote(floorDistances[c]);
      all += weight;
      if (pointFloors[c] === chosen) agreeing += weight;
    }
    const details = this.floor(chosen);
    const latitudeE7 = roundHalfAway(latitude / total);
    const longitudeE7 = roundHalfAway(longitude / total);
    return {
      building, buildingName: this.buildingName(building), floor: chosen, floorName: this.string(details.name),
      ordinal: details.ordinal, venueLevel: details.venueLevel, latitude: latitudeE7 / 1e7, longitude: longitudeE7 / 1e7,
      latitudeE7, longitudeE7, confidence: all > 0 ? agreeing / all : 0, neighbours: onFloor.length,
    };
  }

  samples(limit) {
    const count = Math.min(limit, this.referencePoints);
    const samples = [];
    for (let i = 0; i < count; i++) {
      // Spread evenly: the first point, then every (R / count)-th.
      const index = Math.floor((i * this.referencePoints) / count);
      const point = this.referencePoint(index);
      const details = this.floor(point.floor);
      const buildingName = this.buildingName(details.building);
      const floorName = this.string(details.name);
      const scan = [];
      for (let reading = point.first; reading < point.end; reading++) {
        const at = this.readingsAt + 8 * reading;
        const accessPoint = this.halves[at / 2];
        if (accessPoint >= this.accessPoints) throw this._fail(`a reading of reference point ${index} is malformed`);
        scan.push({ id: this.string(this.words[this.accessPointsAt / 4 + accessPoint]), rssi: this.bytes[at + 4] / 2 - 128 });
      }
      samples.push({ label: `${buildingName}, ${floorName}: reference point ${index}`, buildingName, floorName,
        floor: point.floor, referencePoint: index, latitude: point.latitude / 1e7, longitude: point.longitude / 1e7, scan });
    }
    return samples;
  }
}
