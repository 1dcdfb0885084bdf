#!/usr/bin/env node
/**
 * Answer reader test-vector queries: `answer.mjs BUNDLE QUERIES`.
 *
 * Prints one canonical answer line per query (readers/vectors/README.md), so that the JavaScript
 * reader's output can be compared byte for byte with the Swift, C and Python readers'. A bundle
 * that cannot be used or a query line that does not parse ends the run with a message on stderr
 * and a non-zero status: a partial comparison would hide the very disagreements it exists to find.
 *
 * `answer.mjs --check BUNDLE...` opens each bundle with every checksum verified and prints a line
 * `ok`, or `refused CLASS` with the class of the refusal in the readers' shared vocabulary
 * (readers/vectors/README.md, "Damaged bundles"), the reader's own code and message on stderr.
 */
import { readFileSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  BundleError, ConditionsError, EndpointError, LISTED_CANDIDATES, formatFixed, open, roundHalfAway,
} from './navbundle.mjs';

// The vectors format names numbers in plain decimal.
const INTEGER = /^[0-9]+$/;
const DECIMAL = /^-?[0-9]+(\.[0-9]+)?$/;

/** The shared class of each BundleError code a bundle can be refused with when it is opened. */
export const REFUSAL_CLASSES = {
  'not-a-bundle': 'format',
  'unsupported-version': 'format',
  'size-mismatch': 'format',
  'section-table': 'format',
  'missing-section': 'format',
  malformed: 'format',
  checksum: 'checksum',
};

class QueryError extends Error {}

function integer(word, what) {
  if (!INTEGER.test(word)) throw new QueryError(`${what} ${JSON.stringify(word)} is not a decimal integer`);
  return Number(word);
}

function decimal(word, what) {
  if (!DECIMAL.test(word)) throw new QueryError(`${what} ${JSON.stringify(word)} is not a decimal number`);
  return Number(word);
}

/** `line` split at its first `count - 1` spaces, the rest kept whole (Python's split(" ", n)). */
function splitFirst(line, count) {
  const parts = [];
  let rest = line;
  while (parts.length < count - 1) {
    const at = rest.indexOf(' ');
    if (at < 0) break;
    parts.push(rest.slice(0, at));
    rest = rest.slice(at + 1);
  }
  parts.push(rest);
  return parts;
}

function words(line, verb, count, usage) {
  const parts = line.split(' ');
  if (parts.length !== count) throw new QueryError(`${verb} takes ${usage}`);
  return parts.slice(1);
}

/** `ID:RSSI` pairs joined by commas, the RSSI after the id's last colon, written as an optional
 * minus, digits and an optional fraction; null when the text is not such a list. */
export function scanOf(text) {
  const readings = [];
  for (const pair of text.split(',')) {
    const colon = pair.lastIndexOf(':');
    if (colon <= 0) return null;
    const number = pair.slice(colon + 1);
    if (!/^-?[0-9]+(\.[0-9]+)?$/.test(number)) return null;
    readings.push({ id: pair.slice(0, colon), rssi: Number(number) });
  }
  return readings;
}

function routeAnswer(found) {
  return found === null ? 'none' : [found.duration, ...found.nodes].join(' ');
}

/** The `steps` answer: `none` when unreachable, `empty` without steps, else per step
 * `START-END CENTIMETRES MILLISECONDS INSTRUCTION`, joined by ` | `. */
function stepsAnswer(bundle, found) {
  if (found === null) return 'none';
  const steps = bundle.steps(found);
  if (!steps.length) return 'empty';
  return steps.map((step) => `${step.startIndex}-${step.endIndex} ${Math.round(step.length * 100)} `
    + `${Math.round(step.duration * 1000)} ${bundle.instruction(step)}`).join(' | ');
}

/** The `maneuvers` answer: `none` when unreachable, `empty` without arcs, else per maneuver
 * `AT KIND MODIFIER BEFORE AFTER CENTIMETRES MILLISECONDS LEVEL CHANGE LANDMARK WAY`, joined by ` | `. */
function maneuversAnswer(bundle, found) {
  if (found === null) return 'none';
  const maneuvers = bundle.maneuvers(found);
  if (!maneuvers.length) return 'empty';
  const dash = (value) => (value === null ? '-' : value);
  return maneuvers.map((m) => {
    const change = m.levelChange && `${m.levelChange.fromLevel}>${m.levelChange.toLevel}/${m.levelChange.direction}/`
      + `${m.levelChange.stepCount ?? '?'}/${m.levelChange.riseHundredths}`;
    const landmark = m.landmark && `${m.landmark.index}/${m.landmark.placement}/${dash(m.landmark.side)}`;
    return [m.routeIndex + (m.corner === null ? '' : `+${m.corner}`), m.kind, dash(m.modifier?.replace(' ', '-') ?? null),
      dash(m.bearingBefore), dash(m.bearingAfter), m.distanceCentimetres, m.durationMilliseconds, m.level, dash(change),
      dash(landmark), dash(m.way)].join(' ');
  }).join(' | ');
}

/** `answer()` of an `instructions` or `spoken` query, `unknown-language` when the bundle lacks the language. */
function wordsAnswer(answer) {
  try {
    return answer();
  } catch (error) {
    if (error instanceof BundleError && error.code === 'unknown-language') return 'unknown-language';
    throw error;
  }
}

/** The `instructions` answer: per maneuver its words and, but for the last, ` (SPOKEN DISTANCE)`. */
function instructionsAnswer(bundle, line) {
  const parts = splitFirst(line, 6);
  if (parts.length < 5) throw new QueryError('instructions takes LANGUAGE PROFILE FROM TO [DESTINATION]');
  const [, language, profile, source, target, destination = null] = parts;
  return wordsAnswer(() => {
    bundle.spokenDistance(0, language); // the language first, as every reader checks it
    const found = bundle.route(profile, integer(source, 'FROM'), integer(target, 'TO'));
    if (found === null) return 'none';
    const maneuvers = bundle.maneuvers(found, { language, destination });
    if (!maneuvers.length) return 'empty';
    return maneuvers.map((m, i) => (i + 1 < maneuvers.length ? `${m.instruction} (${m.spokenDistance})` : m.instruction))
      .join(' | ');
  });
}

function conditionsAnswer(error) {
  if (error.code === 'invalid') return 'invalid';
  if (error.code === 'ambiguous') return `ambiguous: ${error.entries[0]}`;
  return 'unmatched:' + error.entries.map((entry) => ` ${entry}`).join('');
}

function endpointAnswer(bundle, text) {
  let endpoint;
  try {
    endpoint = bundle.resolveEndpoint(text);
  } catch (error) {
    if (!(error instanceof EndpointError)) throw error;
    if (error.code === 'ambiguous' || error.code === 'elsewhere') {
      return `${error.code} ${error.candidates.length}:`
        + error.candidates.slice(0, LISTED_CANDIDATES).map((place) => ` ${place}`).join('');
    }
    if (error.code === 'unknown') return 'unknown:' + error.candidates.map((place) => ` ${place}`).join('');
    return error.code;
  }
  const nodes = bundle.profiles().map((profile) => bundle.endpointNode(endpoint, profile));
  const head = endpoint.kind === 'place' ? `place ${endpoint.place}:` : 'position:';
  return head + nodes.map((node) => (node === null ? ' -' : ` ${node}`)).join('');
}

/** `ID:PEOPLE` pairs joined by commas, the count after the last colon (digits only), as an object. */
function countsOf(text) {
  const counts = {};
  for (const pair of text.split(',')) {
    const colon = pair.lastIndexOf(':');
    const digits = colon < 0 ? '' : pair.slice(colon + 1);
    if (!/^[0-9]{1,10}$/.test(digits)) throw new QueryError(`not a count: ${JSON.stringify(pair)}`);
    counts[pair.slice(0, colon)] = Number(digits);
  }
  return counts;
}

/** The answer to one query line (the part after `=>`). */
export function answer(bundle, line) {
  const verb = line.split(' ', 1)[0];
  switch (verb) {
    case 'route-via': {
      const words = line.split(' ');
      if (words.length < 4) throw new QueryError('route-via takes PROFILE STOP STOP...');
      const found = bundle.routeThrough(words[1], words.slice(2).map((stop) => integer(stop, 'STOP')));
      return found === null ? 'none'
        : [routeAnswer(found), '|', ...found.legs.map((leg) => `${leg.firstNode}:${leg.duration}`)].join(' ');
    }
    case 'crowd':
    case 'crowd-conditions':
    case 'route-crowd': {
      const parts = line.split(' ');
      if (parts.length !== (verb === 'route-crowd' ? 5 : 2)) throw new QueryError(`${verb} takes ${verb === 'route-crowd' ? 'PROFILE FROM TO ' : ''}COUNTS`);
      const counts = countsOf(parts[parts.length - 1]);
      if (verb === 'crowd') {
        return bundle.crowd(counts).map((a) => `${a.outline}:${a.people}:${a.density.toFixed(4)}:${a.factor ?? '-'}`).join(' ');
      }
      const text = bundle.crowdConditions(counts);
      if (verb === 'crowd-conditions') return text;
      let metric;
      try {
        metric = bundle.applyConditions(parts[1], text);
      } catch (error) {
        if (error instanceof ConditionsError) return conditionsAnswer(error);
        throw error;
      }
      return routeAnswer(bundle.routeOn(metric, integer(parts[2], 'FROM'), integer(parts[3], 'TO')));
    }
    case 'tour': {
      const [index] = words(line, verb, 2, 'INDEX');
      const tour = bundle.tours()[integer(index, 'INDEX')];
      if (tour === undefined) throw new QueryError(`no tour ${index}`);
      const durations = bundle.profiles().map((name) => tour.durations[name] ?? '-').join(',');
      return [tour.kind, tour.start, tour.end, tour.length, durations, tour.arcs.join(','), tour.source, tour.name].join(' ');
    }
    case 'tour-search': {
      const found = bundle.findTours(line.slice('tour-search '.length));
      return found.length === 0 ? 'none' : found.join(' ');
    }
    case 'route-tour': {
      const [profile, source, tour, join] = words(line, verb, 5, 'PROFILE FROM TOUR start|nearest');
      if (join !== 'start' && join !== 'nearest') throw new QueryError(`not a join: ${JSON.stringify(join)}`);
      const found = bundle.followTour(profile, integer(source, 'FROM'), integer(tour, 'TOUR'), join);
      return found === null ? 'none'
        : [routeAnswer(found), '|', ...found.legs.map((leg) => `${leg.firstNode}:${leg.duration}`)].join(' ');
    }
    case 'nearest': {
      const words = line.split(' ');
      if (words.length < 4) throw new QueryError('nearest takes PROFILE FROM LIMIT [FILTER...]');
      const filter = {};
      const names = { category: 'category', keyword: 'keyword', on: 'levels', capacity: 'minCapacity', among: 'among' };
      for (const word of words.slice(4)) {
        const equals = word.indexOf('=');
        const key = equals < 0 ? '' : word.slice(0, equals);
        if (!Object.hasOwn(names, key)) throw new QueryError(`not a filter: ${JSON.stringify(word)}`);
        const name = names[key];
        const value = word.slice(equals + 1);
        if (name === 'minCapacity') filter[name] = integer(value, 'capacity');
        else if (name === 'among') filter[name] = value === '' ? [] : value.split(',').map((place) => integer(place, 'PLACE'));
        else filter[name] = value;
      }
      let found;
      try {
        found = bundle.nearest(words[1], integer(words[2], 'FROM'), integer(words[3], 'LIMIT'), filter);
      } catch (error) {
        if (error instanceof BundleError && error.code === 'argument') return 'invalid';
        throw error;
      }
      if (found.length === 0) return 'none';
      return found.map((n) => [n.place, n.duration, n.length, ...n.nodes].join(' ')).join(' | ');
    }
    case 'route': {
      const [profile, source, target] = words(line, verb, 4, 'PROFILE FROM TO');
      return routeAnswer(bundle.route(profile, integer(source, 'FROM'), integer(target, 'TO')));
    }
    case 'steps': {
      const [profile, source, target] = words(line, verb, 4, 'PROFILE FROM TO');
      return stepsAnswer(bundle, bundle.route(profile, integer(source, 'FROM'), integer(target, 'TO')));
    }
    case 'maneuvers': {
      const [profile, source, target] = words(line, verb, 4, 'PROFILE FROM TO');
      return maneuversAnswer(bundle, bundle.route(profile, integer(source, 'FROM'), integer(target, 'TO')));
    }
    case 'instructions':
      return instructionsAnswer(bundle, line);
    case 'spoken': {
      const [language, centimetres] = words(line, verb, 3, 'LANGUAGE CENTIMETRES');
      return wordsAnswer(() => bundle.spokenDistance(integer(centimetres, 'CENTIMETRES'), language));
    }
    case 'exit': {
      const [profile, node] = words(line, verb, 3, 'PROFILE NODE');
      const found = bundle.nearestExit(profile, integer(node, 'NODE'));
      return found === null ? 'none' : `${found.node} ${found.duration}`;
    }
    case 'search': {
      // TEXT is everything after the space that follows LIMIT, spaces included.
      const parts = splitFirst(line, 3);
      if (parts.length !== 3) throw new QueryError('search takes LIMIT TEXT');
      const found = bundle.searchPrefix(parts[2], integer(parts[1], 'LIMIT'));
      return found.map(({ place, field }) => `${place}:${field}`).join(' ') || 'none';
    }
    case 'snap': {
      const [level, latitude, longitude] = words(line, verb, 4, 'LEVEL LATITUDE LONGITUDE');
      const found = bundle.snap(decimal(latitude, 'LATITUDE'), decimal(longitude, 'LONGITUDE'), integer(level, 'LEVEL'));
      return found === null ? 'none' : `${found.node} ${formatFixed(found.metres, 3)}`;
    }
    case 'geofence': {
      const [level, latitude, longitude] = words(line, verb, 4, 'LEVEL LATITUDE LONGITUDE');
      const hits = bundle.geofences(decimal(latitude, 'LATITUDE'), decimal(longitude, 'LONGITUDE'), [integer(level, 'LEVEL')]);
      return hits.map((hit) => `${hit.place}:${hit.inside ? 'in' : 'near'}:${hit.metres === null ? '-' : formatFixed(hit.metres, 3)}`)
        .join(' ') || 'none';
    }
    case 'geofence-track': {
      const track = line.split(' ').slice(1).map((word) => {
        const parts = word.split(',');
        if (parts.length !== 3) throw new QueryError(`not a LEVEL,LATITUDE,LONGITUDE position: ${JSON.stringify(word)}`);
        return { latitude: decimal(parts[1], 'LATITUDE'), longitude: decimal(parts[2], 'LONGITUDE'), levels: [integer(parts[0], 'LEVEL')] };
      });
      return bundle.geofenceEvents(track).map((event) => `${event.position}:${event.kind}:${event.place}`).join(' ') || 'none';
    }
    case 'snap-profile': {
      const [profile, level, latitude, longitude] = words(line, verb, 5, 'PROFILE LEVEL LATITUDE LONGITUDE');
      const found = bundle.snapProfile(decimal(latitude, 'LATITUDE'), decimal(longitude, 'LONGITUDE'),
        integer(level, 'LEVEL'), profile);
      if (found === null) return 'none';
      return `${found.node} ${formatFixed(found.metres, 3)}` + (found.fallback ? ' fallback' : '');
    }
    case 'endpoint': {
      const parts = splitFirst(line, 2);
      if (parts.length !== 2) throw new QueryError('endpoint takes TEXT');
      return endpointAnswer(bundle, parts[1]);
    }
    case 'route-conditions': {
      // JSON is everything after the space that follows TO, spaces included.
      const parts = splitFirst(line, 5);
      if (parts.length !== 5) throw new QueryError('route-conditions takes PROFILE FROM TO JSON');
      const [, profile, source, target, text] = parts;
      const from = integer(source, 'FROM');
      const to = integer(target, 'TO');
      let metric;
      try {
        metric = bundle.applyConditions(profile, text);
      } catch (error) {
        if (error instanceof ConditionsError) return conditionsAnswer(error);
        throw error;
      }
      return routeAnswer(bundle.routeOn(metric, from, to));
    }
    case 'exit-conditions': {
      // JSON is everything after the space that follows NODE, spaces included.
      const parts = splitFirst(line, 4);
      if (parts.length !== 4) throw new QueryError('exit-conditions takes PROFILE NODE JSON');
      const [, profile, node, text] = parts;
      let found;
      try {
        found = bundle.exitUnderConditions(profile, integer(node, 'NODE'), text);
      } catch (error) {
        if (error instanceof ConditionsError) return conditionsAnswer(error);
        throw error;
      }
      return found === null ? 'none' : `${found.node} ${found.duration}`;
    }
    case 'locate': {
      // SCAN is everything after the space that follows the verb.
      const parts = splitFirst(line, 2);
      if (parts.length !== 2) throw new QueryError('locate takes SCAN');
      const scan = scanOf(parts[1]);
      if (scan === null) return 'invalid';
      const fix = bundle.locate(scan);
      if (fix === null) return 'unknown';
      return [fix.building, fix.floor, fix.venueLevel ?? '-', fix.latitudeE7, fix.longitudeE7,
        roundHalfAway(fix.confidence * 1e6), fix.neighbours].join(' ');
    }
    default:
      throw new QueryError(`unknown query ${JSON.stringify(verb)}; queries are route, route-via, tour, tour-search, route-tour, nearest, geofence, geofence-track, steps, maneuvers, instructions, spoken, exit, search, snap, snap-profile, `
        + 'endpoint, route-conditions, exit-conditions and locate');
  }
}

/** [line number, line] of every query in `data` (bytes), skipping blank lines and comments. A line
 * break is LF, or CR LF from an editor that writes them. */
export function* queryLines(data, name = 'queries') {
  let end = data.length;
  if (end && data[end - 1] === 0x0a) end--;
  if (end === 0) return;
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let start = 0;
  let number = 0;
  while (start <= end) {
    let stop = data.indexOf(0x0a, start);
    if (stop < 0 || stop > end) stop = end;
    number++;
    let raw = data.subarray(start, stop);
    if (raw.length && raw[raw.length - 1] === 0x0d) raw = raw.subarray(0, raw.length - 1);
    let line;
    try {
      line = decoder.decode(raw);
    } catch {
      throw new QueryError(`${name}:${number}: not valid UTF-8`);
    }
    start = stop + 1;
    if (!line.replace(/^[ \t]+|[ \t]+$/g, '') || line.startsWith('#')) continue;
    yield [number, line];
  }
}

/** The canonical answer lines (without line breaks) to the queries in `data` (bytes). Errors name
 * the query line, since the file is edited by hand. */
export function* answerLines(bundle, data, name = 'queries') {
  for (const [number, line] of queryLines(data, name)) {
    try {
      yield `${line} => ${answer(bundle, line)}`;
    } catch (error) {
      if (error instanceof QueryError || error instanceof BundleError) {
        throw new QueryError(`${name}:${number}: ${JSON.stringify(line)}: ${error.message}`);
      }
      throw error;
    }
  }
}

/** `ok`, or `refused CLASS` for a bundle the reader refuses to open with every checksum verified. */
export async function check(bytes) {
  try {
    await open(bytes, { verifyChecksums: true });
    return { line: 'ok', error: null };
  } catch (error) {
    if (!(error instanceof BundleError)) throw error;
    const refusal = REFUSAL_CLASSES[error.code];
    if (refusal === undefined) throw error;
    return { line: `refused ${refusal}`, error };
  }
}

async function main(argv) {
  if (argv.length >= 2 && argv[0] === '--check') {
    for (const path of argv.slice(1)) {
      let bytes;
      try {
        bytes = readFileSync(path);
      } catch (error) {
        // A file that cannot be read is refused as the other readers refuse it.
        process.stdout.write('refused io\n');
        process.stderr.write(`answer.mjs: ${path}: ${error.message}\n`);
        continue;
      }
      const { line, error } = await check(bytes);
      process.stdout.write(`${line}\n`);
      if (error) process.stderr.write(`answer.mjs: ${path}: ${error.code}: ${error.message}\n`);
    }
    return 0;
  }
  if (argv.length !== 2) {
    process.stderr.write('usage: answer.mjs BUNDLE QUERIES | answer.mjs --check BUNDLE...\n');
    return 2;
  }
  const [bundlePath, queriesPath] = argv;
  let data;
  let bytes;
  try {
    data = readFileSync(queriesPath);
    bytes = readFileSync(bundlePath);
  } catch (error) {
    process.stderr.write(`answer.mjs: ${error.message}\n`);
    return 1;
  }
  const output = [];
  try {
    const bundle = await open(bytes, { name: bundlePath });
    for (const line of answerLines(bundle, data, queriesPath)) output.push(`${line}\n`);
  } catch (error) {
    if (!(error instanceof QueryError || error instanceof BundleError)) throw error;
    process.stdout.write(output.join(''));
    process.stderr.write(`answer.mjs: ${error.message}\n`);
    return 1;
  }
  process.stdout.write(output.join(''));
  return 0;
}

// Run as a command, not when imported (by the tests or bench.mjs).
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then((status) => {
    process.exitCode = status;
  });
}
