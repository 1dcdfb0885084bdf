// Fuzzing the JavaScript reader with seeded mutations (npm is out of reach, so no coverage-guided
// engine): bundles damaged in the ways Tests/Fuzz/readers/README.md lists, opened with checksums
// off so that the damage reaches the section checks and the queries, and asked everything the
// module answers; conditions texts and release records mutated the same way. Only the documented
// errors may escape (README.md, "Errors"): a BundleError from any call, an EndpointError from
// resolveEndpoint, a ConditionsError from the conditions calls. A TypeError, a RangeError, an
// answer the README rules out (a route that does not start at its source, a search result that is
// no place) or an input taking more than 5 s is a crash: its input is saved when
// NAVBUNDLE_FUZZ_CRASHES names a folder, and the test fails naming it.
//
// Short by default (make test); NAVBUNDLE_FUZZ_ITERATIONS (mutated bundles, default 600),
// NAVBUNDLE_FUZZ_SEED (default 1), NAVBUNDLE_FUZZ_START (the first mutant's index, default 0),
// NAVBUNDLE_FUZZ_SECONDS (a time limit, default none) and NAVBUNDLE_FUZZ_SEEDS (colon-separated
// seed files or folders; default the bundles make test names) make a long run of it (Tests/Fuzz/readers/run.sh js-reader). NAVBUNDLE_FUZZ_COVERAGE=1
// counts the blocks of navbundle.mjs the run reached, by V8's precise coverage. The saved inputs in
// Tests/Fuzz/regressions/ (every reader's, since an input is a bundle and an optional tail to all
// of them) are replayed first.
import assert from 'node:assert/strict';
import { createHash, createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { BundleError, ConditionsError, EndpointError, INFINITE, open, parseConditions, verifyRelease, verifyStatement }
  from '../navbundle.mjs';
import { BUNDLE, ROOT, STATION, fromEnvironment, random } from './helpers.mjs';

const ITERATIONS = Number(process.env.NAVBUNDLE_FUZZ_ITERATIONS ?? 600);
const SEED = Number(process.env.NAVBUNDLE_FUZZ_SEED ?? 1);
const START = Number(process.env.NAVBUNDLE_FUZZ_START ?? 0);
const SECONDS = Number(process.env.NAVBUNDLE_FUZZ_SECONDS ?? 0);
const CRASHES = fromEnvironment('NAVBUNDLE_FUZZ_CRASHES');
const REGRESSIONS = join(ROOT, 'Tests', 'Fuzz', 'regressions');
const HANG_MS = 5000;
const HEADER_SIZE = 64;
const ENTRY_SIZE = 32;
const MAX_LEVELS = 16;
const MAX_PLACES = 24;
const MAX_PROFILES = 6;

const TEXTS = ['A.2.04', 'B.1.G5', 'Lift A', 'lecture h', 'Café', 'Gleis 1', 'node/1', '48.1495,11.5805@0', '1@0', 'x@y@z',
  'Rossmann@-1', '  ', 'c.1'];
const CONDITIONS = ['{"closed": ["Lift A"]}', '{"closed": [{"level": "1"}], "slow": [{"ref": "A.2.04", "factor": 3}]}',
  '{"closed": [{"polygon": [[48.1495, 11.58], [48.1505, 11.58], [48.15, 11.581]], "level": "0"}]}',
  '{"slow": [{"level": "EG", "factor": 1000}], "closed": ["Toilets"]}', '{}'];
const SCANS = [
  [{ id: '00:0b:86:01:09:01', rssi: -50 }, { id: '00-0B-86-01-09-02', rssi: -70 }, { id: '000b86010801', rssi: -68 },
    { id: 'WAP001', rssi: -60 }],
  [{ id: '00:0b:86:01:09:01', rssi: -50 }, { id: '00:0b:86:01:09:01', rssi: -40 }, { id: 'zz', rssi: NaN }, { id: '', rssi: -200 }],
];
const INTEGERS = [0, 1, 2, 0x7f, 0x80, 0xff, 0xffff, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff];

/** What the module must never do: an undocumented exception or an answer its README rules out. */
class Crash extends Error {}

function expect(condition, what) {
  if (!condition) throw new Crash(`broken promise: ${what}`);
}

/** `call()`, or undefined when it throws a BundleError or one of `allowed`; anything else is a crash. */
function attempt(what, call, ...allowed) {
  try {
    return call();
  } catch (error) {
    if (error instanceof BundleError || allowed.some((kind) => error instanceof kind)) return undefined;
    if (error instanceof Crash) throw error;
    throw new Crash(`${what} threw ${error && error.stack}`);
  }
}

async function attemptAsync(what, call, ...allowed) {
  try {
    return await call();
  } catch (error) {
    if (error instanceof BundleError || allowed.some((kind) => error instanceof kind)) return undefined;
    if (error instanceof Crash) throw error;
    throw new Crash(`${what} threw ${error && error.stack}`);
  }
}

/** Whether `call()` throws a BundleError (anything else but an answer is a crash). */
function refused(what, call) {
  try {
    call();
  } catch (error) {
    if (error instanceof BundleError) return true;
    throw new Crash(`${what} threw ${error && error.stack}`);
  }
  return false;
}

/** [bundle bytes, tail bytes] of an input, as the C and Python harnesses split one. */
function split(data) {
  if (data.length >= 32) {
    const said = new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(24, true);
    if (said >= BigInt(HEADER_SIZE) && said < BigInt(data.length)) {
      const at = Number(said);
      return [data.subarray(0, at), data.subarray(at)];
    }
  }
  return [data, new Uint8Array(0)];
}

function checkRoute(found, from, to, nodes) {
  if (found === null || found === undefined) return;
  expect(Number.isInteger(found.duration) && found.duration >= 0, `route duration ${found.duration}`);
  expect(found.nodes.length >= 1 && found.nodes[0] === from && found.nodes[found.nodes.length - 1] === to,
    `route ${from} -> ${to} runs ${found.nodes.slice(0, 3)}...`);
  expect(found.arcs.length === found.nodes.length - 1, 'a route of nodes and arcs that disagree');
  expect(found.nodes.every((node) => node >= 0 && node < nodes), 'a route node out of range');
}

const clamp = (value, limit) => Math.min(Math.max(value, -limit), limit);

/** Opens one fuzzing input and calls everything; returns whether the bundle opened. */
async function exercise(data) {
  const [bytes, tail] = split(data);
  let bundle;
  try {
    bundle = await open(bytes.slice(), { verifyChecksums: false, name: 'fuzz' });
  } catch (error) {
    if (error instanceof BundleError) return false;
    throw new Crash(`open threw ${error && error.stack}`);
  }
  const end = tail.indexOf(0);
  const text = new TextDecoder().decode(tail.subarray(0, Math.min(end >= 0 ? end : tail.length, 256)));
  attempt('sections', () => bundle.sections());
  attempt('formatVersion', () => bundle.formatVersion);
  attempt('metadata', () => bundle.metadata);
  await attemptAsync('verify', () => bundle.verify());
  attempt('levels', () => bundle.levels());
  // LEVL's count, checked at open: levels() also reads every level's strings, which may be damaged.
  const levelCount = attempt('levelCount', () => bundle.levelCount) ?? 0;
  const nodes = attempt('nodeCount', () => bundle.nodeCount) ?? 0;
  const arcs = attempt('arcCount', () => bundle.arcCount) ?? 0;
  const places = attempt('placeCount', () => bundle.placeCount) ?? 0;
  const events = attempt('eventCount', () => bundle.eventCount) ?? 0;
  const profiles = (attempt('profiles', () => bundle.profiles()) ?? []).slice(0, MAX_PROFILES);
  let chosen = nodes ? (tail.length * 2654435761) % nodes : 0;
  for (const index of new Set([0, 1, 2, nodes >> 1, nodes - 1, nodes, -1, 2 ** 32])) {
    attempt('node', () => bundle.node(index));
    attempt('arcsFrom', () => bundle.arcsFrom(index));
  }
  for (const index of new Set([0, 1, arcs >> 1, arcs - 1, arcs, chosen % (arcs || 1)])) {
    attempt('arc', () => bundle.arc(index));
    attempt('arcShape', () => bundle.arcShape(index));
    attempt('climb', () => bundle.climb(index));
  }
  for (let index = 0; index < Math.min(events, 3); index++) attempt('event', () => bundle.event(index));
  // Indexes below 0, past a table or not integers are refused, never answered.
  for (const index of [-1, -2, 0.5, NaN, 2 ** 32]) {
    for (const [what, call] of [['node', () => bundle.node(index)], ['arc', () => bundle.arc(index)],
      ['place', () => bundle.place(index)], ['event', () => bundle.event(index)], ['outlines', () => bundle.outlines(index)]]) {
      expect(refused(what, call), `${what}(${index}) answered`);
    }
  }
  for (const [what, call] of [['node', () => bundle.node(nodes)], ['arc', () => bundle.arc(arcs)], ['place', () => bundle.place(places)],
    ['event', () => bundle.event(events)]]) {
    expect(refused(what, call), `${what} past the last answered`);
  }
  const placeIndexes = [...Array(Math.min(places, MAX_PLACES)).keys(), places - 1, places];
  for (const index of placeIndexes) {
    const place = attempt('place', () => bundle.place(index));
    if (place) expect(place.node === null || (place.node >= 0 && place.node < nodes), `place ${index} at node ${place.node}`);
    attempt('placeSource', () => bundle.placeSource(index));
    attempt('placeAliases', () => bundle.placeAliases(index));
    for (const profile of profiles) {
      const node = attempt('attachedNode', () => bundle.attachedNode(index, profile));
      expect(node === undefined || node === null || (node >= 0 && node < nodes), `place ${index} attached to ${node}`);
    }
  }
  // A few of the fixed texts per input, turning with its size (unknown texts make suggestions,
  // which compare with every key and cost most): each is reached often over a run.
  const turn = tail.length + nodes + places;
  const texts = TEXTS.filter((_, k) => k % 4 === turn % 4);
  for (const query of text ? [...texts, text] : texts) {
    const results = attempt('searchPrefix', () => bundle.searchPrefix(query, 16)) ?? [];
    expect(results.length <= 16, 'more results than the limit');
    for (const { place, field } of results) expect(place >= 0 && place < places && field >= 0 && field <= 4, `result ${place}:${field}`);
    attempt('fold', () => bundle.fold(query));
    const endpoint = attempt('resolveEndpoint', () => bundle.resolveEndpoint(query), EndpointError);
    if (endpoint) {
      expect(endpoint.kind === 'place' || endpoint.kind === 'position', `endpoint kind ${endpoint.kind}`);
      for (const profile of profiles) {
        const node = attempt('endpointNode', () => bundle.endpointNode(endpoint, profile));
        expect(node === undefined || node === null || (node >= 0 && node < nodes), `endpoint node ${node}`);
        if (Number.isInteger(node)) chosen = node;
      }
    }
  }
  for (let level = 0; level <= Math.min(levelCount, MAX_LEVELS); level++) {
    attempt('outlines', () => bundle.outlines(level));
    let at = [48.1495, 11.5805];
    for (let v = 0; v < Math.min(nodes, 64); v++) {
      const node = attempt('node', () => bundle.node(v));
      if (node && node.level === level) {
        at = [clamp(node.latitude, 90), clamp(node.longitude, 180)];
        break;
      }
    }
    const found = attempt('snap', () => bundle.snap(at[0], at[1], level));
    expect(!found || (found.node >= 0 && found.node < nodes), `snapped to ${found && found.node}`);
    for (const profile of profiles) {
      const near = attempt('snapProfile', () => bundle.snapProfile(at[0], at[1], level, profile));
      expect(!near || (near.node >= 0 && near.node < nodes), `snapped to ${near && near.node}`);
    }
  }
  if (nodes > 0) {
    for (const profile of profiles) {
      for (const [from, to] of [[0, nodes - 1], [nodes >> 1, 0], [chosen, Math.floor(nodes / 3)], [nodes - 1, nodes - 1]]) {
        const route = attempt('route', () => bundle.route(profile, from, to));
        checkRoute(route, from, to, nodes);
        if (route) for (const step of attempt('steps', () => bundle.steps(route)) ?? []) attempt('instruction', () => bundle.instruction(step));
        // Its maneuvers in words, in the bundle's languages and one it lacks: GTXT's templates are read here.
        for (const language of [...(attempt('languages', () => bundle.languages) ?? []).slice(0, 2), 'zz']) {
          if (route) attempt('maneuvers in words', () => bundle.maneuvers(route, { language, destination: 'Ziel' }));
        }
      }
      const exit = attempt('nearestExit', () => bundle.nearestExit(profile, chosen));
      if (exit) {
        expect(exit.nodes[0] === chosen && exit.nodes[exit.nodes.length - 1] === exit.node, 'a way out from elsewhere');
        attempt('steps of a way out', () => bundle.steps(exit));
      }
      attempt('inMainPiece', () => bundle.inMainPiece(chosen, profile));
      attempt('leavingCosts', () => bundle.leavingCosts(profile));
      attempt('costs', () => bundle.costs(profile));
      // Onto every tour (TOUR, checked on first use) and along it.
      const tours = attempt('tours', () => bundle.tours()) ?? [];
      for (let index = 0; index < tours.length; index++) {
        for (const join of ['start', 'nearest']) {
          const followed = attempt('followTour', () => bundle.followTour(profile, chosen, index, join));
          if (followed) expect(followed.nodes[0] === chosen && followed.legs[1].lastNode === followed.nodes.length - 1, 'a tour followed from elsewhere');
        }
      }
    }
    attempt('findTours', () => bundle.findTours('a'));
    for (const area of attempt('crowd', () => bundle.crowd({ '00:0b:86:01:08:01': 2000, x: chosen })) ?? []) {
      expect(area.factor === null || area.factor >= 1000, `factor ${area.factor}`);
    }
    attempt('crowdConditions', () => bundle.crowdConditions({ '00:0b:86:01:08:01': 2000 }));
    if (attempt('customisable', () => bundle.customisable)) {
      for (const profile of profiles.slice(0, 2)) {
        const costs = attempt('costs', () => bundle.costs(profile));
        if (!costs) continue;
        for (let variant = 0; variant < 3; variant++) {
          if (variant === 1 && costs.length) {
            costs[chosen % costs.length] = INFINITE;
            costs[(chosen >> 1) % costs.length] = 7;
          }
          if (variant === 2) for (let arc = 0; arc < costs.length; arc += 3) costs[arc] = costs[arc] === INFINITE ? 1 : INFINITE;
          const metric = attempt('customise', () => bundle.customise(profile, variant === 0 ? undefined : costs));
          const to = (chosen * 7 + 3) % nodes;
          if (metric) checkRoute(attempt('routeOn', () => bundle.routeOn(metric, chosen, to)), chosen, to, nodes);
        }
      }
    }
    for (const conditions of tail.length ? [tail] : [CONDITIONS[turn % CONDITIONS.length], CONDITIONS[(turn + 2) % CONDITIONS.length]]) {
      attempt('parseConditions', () => parseConditions(conditions), ConditionsError);
      const resolved = attempt('resolveConditions', () => bundle.resolveConditions(conditions), ConditionsError);
      if (resolved) {
        expect([...resolved.closed].every((arc) => arc >= 0 && arc < arcs), 'a closed arc out of range');
        for (const [arc, factor] of resolved.factors) expect(arc >= 0 && arc < arcs && factor >= 1 && factor <= 1000, 'a slowed arc');
      }
      attempt('conditionsOverlay', () => bundle.conditionsOverlay(conditions));
      for (const profile of profiles.slice(0, 2)) {
        const metric = attempt('applyConditions', () => bundle.applyConditions(profile, conditions), ConditionsError);
        const to = (chosen + (nodes >> 1)) % nodes;
        if (metric) checkRoute(attempt('routeOn', () => bundle.routeOn(metric, chosen, to)), chosen, to, nodes);
        const exit = attempt('exitUnderConditions', () => bundle.exitUnderConditions(profile, chosen, conditions), ConditionsError);
        if (exit) expect(exit.nodes[0] === chosen && exit.nodes[exit.nodes.length - 1] === exit.node, 'a way out from elsewhere');
      }
    }
  }
  if (attempt('hasRadioMap', () => bundle.hasRadioMap)) {
    const samples = attempt('radioMapSamples', () => bundle.radioMapSamples(3)) ?? [];
    for (const scan of [...SCANS, ...samples.map((sample) => sample.scan), [{ id: text, rssi: -55 }, { id: '00:0b:86:01:08:02', rssi: -61 }]]) {
      const fix = attempt('locate', () => bundle.locate(scan));
      if (fix) {
        expect(fix.confidence >= 0 && fix.confidence <= 1, `confidence ${fix.confidence}`);
        expect(fix.venueLevel === null || (fix.venueLevel >= 0 && fix.venueLevel < levelCount), `venue level ${fix.venueLevel}`);
      }
    }
  }
  return true;
}

// ---- Mutations: the kinds Tests/Fuzz/readers/fuzz_python_reader.py makes ----

function sectionsOf(image) {
  if (image.length < HEADER_SIZE) return [];
  const data = new DataView(image.buffer, image.byteOffset, image.byteLength);
  const count = data.getUint32(16, true);
  const headerSize = data.getUint32(20, true);
  const found = [];
  for (let index = 0; index < Math.min(count, 4096); index++) {
    const at = headerSize + ENTRY_SIZE * index;
    if (at + ENTRY_SIZE > image.length) break;
    const offset = Number(data.getBigUint64(at + 8, true));
    const length = Number(data.getBigUint64(at + 16, true));
    if (offset + length <= image.length) found.push({ index, offset, length });
  }
  return found;
}

const utf8 = (text) => new TextEncoder().encode(text);

function concat(...parts) {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) out.set(part, at), (at += part.length);
  return out;
}

function mutateText(rng, bytes) {
  let data = [...bytes];
  for (let change = 1 + rng.below(3); change > 0; change--) {
    const kind = rng.below(6);
    const at = rng.below(data.length + 1);
    if (kind === 0 && data.length) data[Math.min(at, data.length - 1)] = rng.pick([...utf8('{}[]:,"\\0123456789.-eE tfn'), 0, 0x80, 0xff]);
    else if (kind === 1) data.splice(at, 0, ...utf8(rng.pick(['[', '{', '"', '\\ud800', '\\u0000', '1e999', '-0', '['.repeat(70),
      '{"level": "1"}', ', "slow": []', '"factor": 0'])));
    else if (kind === 2 && data.length) data.splice(at, 1 + rng.below(8));
    else if (kind === 3) data.splice(at, 0, ...data.slice(rng.below(data.length + 1)).slice(0, 1 + rng.below(32)));
    else if (kind === 4) data = [...utf8(rng.pick(CONDITIONS))];
    else data.splice(at, 0, ...utf8(rng.pick(['Lift A', 'A.2.04', 'Toilets', 'Ground floor', 'A@1', 'Rossmann'])));
  }
  return new Uint8Array(data);
}

function putInteger(image, at, width, value) {
  let v = BigInt.asUintN(8 * width, BigInt(value));
  for (let i = 0; i < width; i++, v >>= 8n) image[at + i] = Number(v & 0xffn);
}

function readInteger(image, at, width) {
  let v = 0n;
  for (let i = width - 1; i >= 0; i--) v = (v << 8n) | BigInt(image[at + i]);
  return v;
}

/** One mutant of `seed`: 1 to 4 changes, the header's file size set to the new length half of
 * the time, and sometimes a tail of mutated conditions. */
function mutate(rng, seed, donors) {
  let [bundle, tail] = split(seed);
  let image = bundle.slice();
  const table = sectionsOf(bundle);
  for (let change = 1 + rng.below(4); change > 0; change--) {
    const kind = rng.below(9);
    const { offset, length } = table.length ? rng.pick(table) : { offset: 0, length: image.length };
    const span = rng.below(2) ? length : Math.min(length, 256);
    const at = span ? offset + rng.below(span) : rng.below(Math.max(image.length, 1));
    if (kind === 0 && image.length) image[at % image.length] ^= 1 << rng.below(8);
    else if (kind === 1 && image.length) image[at % image.length] = rng.pick([0, 0xff, 0x7f, 0x80, 1]);
    else if (kind === 2 && image.length >= 4) {
      const width = rng.pick([2, 4, 4, 8]);
      const where = Math.min(at - (at % width), image.length - width);
      const value = rng.below(3) ? rng.pick(INTEGERS) : readInteger(image, where, width) + BigInt(rng.pick([-1, 1]));
      putInteger(image, where, width, value);
    } else if (kind === 3 && table.length && image.length >= 24) {
      const entry = rng.pick(table).index;
      const headerSize = new DataView(image.buffer).getUint32(20, true);
      const field = rng.pick([4, 8, 16, 0]);
      const where = headerSize + ENTRY_SIZE * entry + field;
      if (where + 8 <= image.length) {
        if (field === 0) image.set(utf8(rng.pick(['XXXX', 'SRCH', 'CCHT', 'CH00', 'WIFI'])), where);
        else if (field === 4) putInteger(image, where, 2, rng.pick([0, 2, 0xffff]));
        else {
          const other = rng.pick(table);
          putInteger(image, where, 8, rng.pick([other.offset, other.offset + other.length, other.length, image.length, 0, 2 ** 62,
            other.offset + 8]));
        }
      }
    } else if (kind === 4 && table.length) {
      const donor = rng.pick(donors);
      const from = rng.pick(sectionsOf(donor).length ? sectionsOf(donor) : [{ offset: 0, length: donor.length }]);
      const take = Math.min(from.length, length, rng.pick([16, 64, 256, 4096, from.length]), image.length - offset);
      if (take > 0) image.set(donor.subarray(from.offset, from.offset + take), offset);
    } else if (kind === 5) image = image.slice(0, rng.below(image.length + 1));
    else if (kind === 6 && image.length) {
      const size = rng.pick([1, 4, 8, 64]);
      image = rng.below(2) ? concat(image.subarray(0, at), image.subarray(at + size))
        : concat(image.subarray(0, at), new Uint8Array(size), image.subarray(at));
    } else if (kind === 7 && length >= 8 && offset + 4 <= image.length) putInteger(image, offset, 4, rng.pick(INTEGERS));
    else if (kind === 8 && length >= 16) {
      const size = rng.pick([4, 8, 12, 16]);
      const start = offset + rng.below(length - size);
      if (start + 2 * size <= image.length) image.copyWithin(start + size, start, start + size);
    }
  }
  if (image.length >= 32 && rng.below(2)) putInteger(image, 24, 8, image.length);
  if (tail.length || rng.below(4) === 0) {
    tail = mutateText(rng, tail.length ? tail : utf8(rng.pick(CONDITIONS)));
    if (image.length >= 32) putInteger(image, 24, 8, image.length);
  }
  return concat(image, tail);
}

// ---- Seeds, regressions and the runs ----

function filesIn(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).sort().filter((name) => !name.startsWith('.')).map((name) => join(path, name))
    .filter((file) => statSync(file).isFile());
}

function seedFiles() {
  const named = process.env.NAVBUNDLE_FUZZ_SEEDS;
  const paths = named ? named.split(':').filter(Boolean) : [BUNDLE, STATION].filter(Boolean);
  return paths.flatMap(filesIn);
}

function save(data) {
  if (CRASHES === null) return '(not saved: NAVBUNDLE_FUZZ_CRASHES names no folder)';
  mkdirSync(CRASHES, { recursive: true });
  const path = join(CRASHES, `crash-${createHash('sha1').update(data).digest('hex')}`);
  writeFileSync(path, data);
  return path;
}

/** exercise(data), timed: [opened, null] or [null, why it crashed]. */
async function guarded(data) {
  const started = performance.now();
  try {
    const opened = await exercise(data);
    const took = performance.now() - started;
    if (took > HANG_MS) return [null, `an input took ${Math.round(took)} ms (a hang)`];
    return [opened, null];
  } catch (error) {
    return [null, error instanceof Crash ? error.message : `the harness threw ${error && error.stack}`];
  }
}

async function startCoverage() {
  if (process.env.NAVBUNDLE_FUZZ_COVERAGE !== '1') return null;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });
  return session;
}

/** The blocks of navbundle.mjs run at least once: every function's ranges with a count. */
async function coveredBlocks(session) {
  if (session === null) return null;
  const { result } = await session.post('Profiler.takePreciseCoverage');
  session.disconnect();
  let blocks = 0;
  for (const script of result.filter((entry) => entry.url.endsWith('/navbundle.mjs'))) {
    for (const fn of script.functions) blocks += fn.ranges.filter((range) => range.count > 0).length;
  }
  return blocks;
}

test('the saved inputs of every reader replay without a crash', async () => {
  const files = ['c-reader', 'python-reader', 'js-reader'].flatMap((target) => filesIn(join(REGRESSIONS, target)));
  assert.ok(files.some((file) => file.includes('js-reader')), 'Tests/Fuzz/regressions/js-reader holds inputs');
  const failures = [];
  for (const file of files) {
    const [, why] = await guarded(new Uint8Array(readFileSync(file)));
    if (why !== null) failures.push(`${file}: ${why}`);
  }
  assert.deepEqual(failures, []);
});

test(`${ITERATIONS} mutated bundles are refused or answered, never a crash`, { skip: seedFiles().length === 0
  ? 'no seeds: make test names its bundles in NAVBUNDLE_TEST_BUNDLE and NAVBUNDLE_TEST_STATION, run.sh in NAVBUNDLE_FUZZ_SEEDS'
  : false }, async () => {
  const seeds = seedFiles().map((file) => new Uint8Array(readFileSync(file)));
  const donors = seeds.map((seed) => split(seed)[0]);
  const coverage = await startCoverage();
  const started = performance.now();
  let executed = 0;
  let opened = 0;
  const crashes = [];
  for (let index = START; index < START + ITERATIONS; index++) {
    if (SECONDS && performance.now() - started > SECONDS * 1000) break;
    const rng = random(SEED * 1000003 + index);
    const data = mutate(rng, rng.pick(seeds), donors);
    const [result, why] = await guarded(data);
    executed++;
    if (result) opened++;
    if (why !== null) crashes.push(`mutant ${index} of seed ${SEED}: ${save(data)}: ${why}`);
  }
  const blocks = await coveredBlocks(coverage);
  console.log(`js-reader mutate: ${executed} mutants (${opened} opened) from ${seeds.length} seeds, seed ${SEED}, `
    + `${((performance.now() - started) / 1000).toFixed(1)} s, crashes ${crashes.length}`
    + (blocks === null ? '' : `, cov ${blocks} blocks`));
  assert.ok(opened > 0, 'some mutants open, so that their calls are exercised');
  assert.deepEqual(crashes.slice(0, 5), []);
});

test('mutated conditions texts give a ConditionsError or conditions', async () => {
  const rng = random(SEED + 7);
  const bundles = [];
  for (const path of [BUNDLE, STATION].filter(Boolean)) bundles.push(await open(new Uint8Array(readFileSync(path))));
  const count = Math.max(200, Math.floor(ITERATIONS / 2));
  for (let index = 0; index < count; index++) {
    const text = mutateText(rng, utf8(rng.pick(CONDITIONS)));
    attempt('parseConditions', () => parseConditions(text), ConditionsError);
    attempt('parseConditions of text', () => parseConditions(new TextDecoder().decode(text)), ConditionsError);
    for (const bundle of bundles) {
      attempt('resolveConditions', () => bundle.resolveConditions(text), ConditionsError);
      attempt('conditionsOverlay', () => bundle.conditionsOverlay(text));
    }
  }
});

test('mutated release records and statements are refused with a documented code', async () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const pem = publicKey.export({ type: 'spki', format: 'pem' });
  const raw = createPublicKey(pem).export({ format: 'jwk' }).x;
  const keyID = createHash('sha256').update(Buffer.from(raw, 'base64url')).digest('hex').slice(0, 16);
  const bundle = utf8('not a bundle\n');
  const sha256 = createHash('sha256').update(bundle).digest('hex');
  const statement = `${JSON.stringify({ bundle: 'v-1.0.0.navbundle', format: 'navforge-statement/1', sha256, size: bundle.length,
    venue: 'v', version: '1.0.0' })}\n`;
  const signature = new Uint8Array(sign(null, Buffer.from(statement), privateKey));
  const release = { venue: 'v', version: '1.0.0', statementBase64: Buffer.from(statement).toString('base64'),
    signature: { algorithm: 'ed25519', keyID, value: Buffer.from(signature).toString('base64') },
    bundle: { path: 'v/1.0.0/v-1.0.0.navbundle', size: bundle.length, sha256 } };
  const latest = { format: 'navforge-latest/1', venue: 'v', version: '1.0.0', release };
  assert.equal((await verifyRelease(latest, { publicKey: pem, bundle })).sha256, sha256, 'the unmutated record verifies');
  const codes = new Set(['signature', 'statement', 'bundle-mismatch', 'key', 'argument']);
  const refusedWith = async (what, call) => {
    try {
      await call();
    } catch (error) {
      if (!(error instanceof BundleError)) throw new Crash(`${what} threw ${error && error.stack}`);
      assert.ok(codes.has(error.code), `${what}: code ${error.code}: ${error.message}`);
    }
  };
  const rng = random(SEED + 11);
  const text = JSON.stringify(latest);
  const count = Math.max(200, Math.floor(ITERATIONS / 2));
  for (let index = 0; index < count; index++) {
    const mutated = new TextDecoder().decode(mutateText(rng, utf8(text)));
    let record;
    try {
      record = JSON.parse(mutated);
    } catch {
      record = rng.pick([mutated, null, 7, [], { release: mutated }]);
    }
    await refusedWith('verifyRelease', () => verifyRelease(record, { publicKey: pem, bundle: rng.below(2) ? bundle : null }));
    const bytes = mutateText(rng, utf8(statement));
    await refusedWith('verifyStatement', () => verifyStatement({ statement: bytes, signature, publicKey: pem, bundle }));
    const damagedSignature = signature.slice();
    damagedSignature[rng.below(64)] ^= 1 << rng.below(8);
    await refusedWith('verifyStatement', () => verifyStatement({ statement, signature: damagedSignature, publicKey: pem }));
  }
});
