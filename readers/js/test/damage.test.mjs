// Random damage: whatever bytes a file holds, every call either answers or throws one of the
// module's three errors (a BundleError for the damage, an EndpointError or ConditionsError for
// what the texts ask); never a TypeError, a RangeError or any other exception.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BundleError, ConditionsError, EndpointError, open } from '../navbundle.mjs';
import { BUNDLE, NO_BUNDLE, STATION, fixChecksums, fixFileHash, load, random, table } from './helpers.mjs';

const TEXTS = ['a', 'c.1', 'Café', 'lecture h', 'room', 'A.2.04', 'B.1.G5', 'Gleis 1', 'node/1', '48.1495,11.5805@0',
  '1@0', 'x@y@z', '  ', 'Rossmann@-1'];
const CONDITIONS = ['{"closed": ["Lift A"]}', '{"closed": [{"level": "1"}]}', '{"slow": [{"ref": "A.2.04", "factor": 3}]}',
  '{"closed": [{"polygon": [[48.1495, 11.58], [48.1505, 11.58], [48.15, 11.581]], "level": "0"}]}', '{"closed": ["stairs"]}'];

/** Calls everything the module offers on `bundle`, returning how many calls threw one of its errors.
 * Any other exception fails the test, naming the call. */
function exercise(bundle, rng) {
  let refusals = 0;
  const attempt = (what, call) => {
    try {
      return call();
    } catch (error) {
      if (error instanceof BundleError || error instanceof EndpointError || error instanceof ConditionsError) {
        refusals++;
        return undefined;
      }
      assert.fail(`${what} threw ${error && error.stack}`);
    }
  };
  const profiles = attempt('profiles', () => bundle.profiles()) ?? [];
  const levels = attempt('levels', () => bundle.levels()) ?? [];
  attempt('metadata', () => bundle.metadata);
  const nodes = bundle.nodeCount;
  const arcs = bundle.arcCount;
  const pick = (count) => (count > 0 ? rng.below(count) : 0);
  for (let i = 0; i < 6; i++) {
    attempt('node', () => bundle.node(pick(nodes)));
    attempt('arc', () => bundle.arc(pick(arcs)));
    attempt('arcShape', () => bundle.arcShape(pick(arcs)));
    attempt('climb', () => bundle.climb(pick(arcs)));
    attempt('place', () => bundle.place(pick(bundle.placeCount)));
    attempt('placeSource', () => bundle.placeSource(pick(bundle.placeCount)));
    attempt('placeAliases', () => bundle.placeAliases(pick(bundle.placeCount)));
  }
  for (let i = 0; i < bundle.eventCount && i < 3; i++) attempt('event', () => bundle.event(i));
  for (const text of TEXTS) {
    attempt('searchPrefix', () => bundle.searchPrefix(text, 20));
    const endpoint = attempt('resolveEndpoint', () => bundle.resolveEndpoint(text));
    if (endpoint) for (const profile of profiles) attempt('endpointNode', () => bundle.endpointNode(endpoint, profile));
  }
  levels.forEach((level, index) => {
    attempt('outlines', () => bundle.outlines(index));
    const node = attempt('node', () => bundle.node(pick(nodes)));
    const [latitude, longitude] = node ? [node.latitude, node.longitude] : [48.15, 11.58];
    attempt('snap', () => bundle.snap(latitude + 0.0001, longitude - 0.0001, index));
    for (const profile of profiles) attempt('snapProfile', () => bundle.snapProfile(latitude, longitude, index, profile));
  });
  for (const profile of profiles) {
    for (let i = 0; i < 4; i++) {
      const from = pick(nodes);
      const to = pick(nodes);
      const route = attempt('route', () => bundle.route(profile, from, to));
      if (route) {
        const steps = attempt('steps', () => bundle.steps(route)) ?? [];
        for (const step of steps) attempt('instruction', () => bundle.instruction(step));
      }
      const exit = attempt('nearestExit', () => bundle.nearestExit(profile, from));
      if (exit) attempt('steps of a way out', () => bundle.steps(exit));
      attempt('attachedNode', () => bundle.attachedNode(pick(bundle.placeCount), profile));
      attempt('inMainPiece', () => bundle.inMainPiece(from, profile));
    }
    const conditions = rng.pick(CONDITIONS);
    const metric = attempt('applyConditions', () => bundle.applyConditions(profile, conditions));
    if (metric) attempt('routeOn', () => bundle.routeOn(metric, pick(nodes), pick(nodes)));
    attempt('exitUnderConditions', () => bundle.exitUnderConditions(profile, pick(nodes), conditions));
    attempt('conditionsOverlay', () => bundle.conditionsOverlay(conditions));
  }
  if (bundle.hasRadioMap) {
    const samples = attempt('radioMapSamples', () => bundle.radioMapSamples(3)) ?? [];
    for (const sample of samples) attempt('locate', () => bundle.locate(sample.scan));
    attempt('locate', () => bundle.locate([{ id: '00:0b:86:01:09:01', rssi: -50 }, { id: 'WAP001', rssi: -60 }]));
  }
  return refusals;
}

async function openOrRefuse(image, verifyChecksums) {
  try {
    return await open(image, { verifyChecksums });
  } catch (error) {
    assert.ok(error instanceof BundleError, `open threw ${error && error.stack}`);
    return null;
  }
}

for (const [name, path] of [['demo', BUNDLE], ['station', STATION]]) {
  test(`random damage to each section of the ${name} bundle is refused or harmless`, { skip: path === null ? NO_BUNDLE || 'NAVBUNDLE_TEST_STATION is not set' : false }, async () => {
    const original = load(path);
    const rng = random(17);
    const intact = await open(original);
    assert.equal(exercise(intact, random(1)) >= 0, true);
    let opened = 0;
    for (const [tag, { offset, length }] of table(original)) {
      if (length === 0) continue;
      for (let attempt = 0; attempt < 12; attempt++) {
        const image = original.slice();
        const flips = 1 + rng.below(4);
        for (let i = 0; i < flips; i++) {
          const at = offset + rng.below(length);
          // Bits, bytes set to extremes, or a whole u32 to a hostile value.
          const kind = rng.below(3);
          if (kind === 0) image[at] ^= 1 << rng.below(8);
          else if (kind === 1) image[at] = rng.pick([0, 0xff, 0x7f, 0x80]);
          else new DataView(image.buffer).setUint32(at & ~3, rng.pick([0, 0xffffffff, 0x7fffffff, 0x80000000, 1, 64]), true);
        }
        // A hostile writer fixes the checksums; a careless caller skips them. Both must be safe.
        fixChecksums(image, tag);
        const bundle = await openOrRefuse(image, rng.below(2) === 0);
        if (bundle === null) continue;
        opened++;
        exercise(bundle, random(attempt));
      }
    }
    assert.ok(opened > 0, 'some damaged bundles open, so that their calls are exercised');
  });
}

test('random damage to the header and section table is refused or harmless', { skip: NO_BUNDLE }, async () => {
  const original = load(BUNDLE);
  const rng = random(23);
  const tableEnd = 64 + 32 * table(original).size;
  for (let attempt = 0; attempt < 300; attempt++) {
    const image = original.slice();
    const at = rng.below(tableEnd);
    image[at] ^= 1 << rng.below(8);
    if (rng.below(2)) fixFileHash(image);
    const bundle = await openOrRefuse(image, rng.below(2) === 0);
    if (bundle !== null) exercise(bundle, random(attempt));
  }
  // Truncations at every kind of place.
  for (let attempt = 0; attempt < 60; attempt++) {
    const cut = rng.below(original.length);
    assert.equal(await openOrRefuse(original.slice(0, cut), false), null);
  }
});

test('damaged search, snap and hierarchies with valid checksums answer exactly or refuse', { skip: NO_BUNDLE }, async () => {
  const { bruteSearch, bruteSnap, costsOf, graphOf, keysOf, assertLightest, dijkstra, sectionOf } = await import('./helpers.mjs');
  for (const path of [BUNDLE, STATION].filter(Boolean)) {
    const original = load(path);
    const rng = random(29);
    const hierarchy = table(original).has('CCHT') ? 'CCHT' : 'CH00';
    for (const tag of ['SRCH', 'SNAP', hierarchy]) {
      if (!table(original).has(tag)) continue;
      const { offset, length } = table(original).get(tag);
      let refusedCount = 0;
      for (let attempt = 0; attempt < 40; attempt++) {
        const image = original.slice();
        for (let i = 0; i <= attempt % 3; i++) image[offset + rng.below(length)] ^= 1 << rng.below(8);
        fixChecksums(image, tag);
        const bundle = await open(image);
        try {
          if (tag === 'SRCH') {
            const keys = keysOf(image);
            for (const query of ['a', 'c.1', 'Café', 'lecture h', 'room', '1', 'gleis']) {
              assert.deepEqual(bundle.searchPrefix(query, 50), bruteSearch(keys, bundle.fold(query), 50), query);
            }
          } else if (tag === 'SNAP') {
            const graph = graphOf(image);
            const scale = new DataView(sectionOf(image, 'SNAP').slice(16, 24).buffer).getFloat64(0, true);
            for (let i = 0; i < 8; i++) {
              const node = rng.below(graph.nodes);
              const latitude = graph.latitudes[node] / 1e7 + (rng() - 0.5) * 0.001;
              const longitude = graph.longitudes[node] / 1e7 + (rng() - 0.5) * 0.001;
              const level = rng.below(bundle.levelCount);
              assert.deepEqual(bundle.snap(latitude, longitude, level), bruteSnap(graph, scale, latitude, longitude, level));
            }
          } else {
            const graph = graphOf(image);
            const costs = costsOf(image, 0);
            const profile = bundle.profiles()[0];
            for (const [source, target] of [[0, 1], [7, Math.min(98, graph.nodes - 1)], [Math.min(205, graph.nodes - 1), 13]]) {
              assertLightest(assert, graph, costs, source, target, bundle.route(profile, source, target), dijkstra(graph, costs, source));
            }
          }
        } catch (error) {
          if (!(error instanceof BundleError)) throw error;
          assert.equal(error.section, tag, error.message);
          refusedCount++;
        }
      }
      if (tag === hierarchy) assert.ok(refusedCount > 25, `most changes to ${tag} are caught (${refusedCount} of 40)`);
    }
  }
});
