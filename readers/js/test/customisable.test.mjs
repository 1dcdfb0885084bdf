// The customisable hierarchy (CCHT, format 2.0): customised metrics hold the lightest ways through
// lower ranks with canonical vias, an incremental update equals a full customisation, and routes
// on any weights are lightest.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BundleError, INFINITE, open } from '../navbundle.mjs';
import {
  assertLightest, costsOf, dijkstra, firstBundleWith, fixChecksums, graphOf, load, random, table, view,
} from './helpers.mjs';

const PATH = firstBundleWith('CCHT');
const SKIP = PATH === null ? 'neither NAVBUNDLE_TEST_BUNDLE nor NAVBUNDLE_TEST_STATION names a bundle with CCHT' : false;
const ORIGINAL = 0x80000000;

/** CCHT read here: {n, m, rank, first, head}. */
function topologyOf(image) {
  const { offset } = table(image).get('CCHT');
  const data = view(image);
  const word = (i) => data.getUint32(offset + 4 * i, true);
  const n = word(1);
  const m = word(2);
  const rank = Array.from({ length: n }, (_, i) => word(4 + i));
  const first = Array.from({ length: n + 1 }, (_, i) => word(4 + n + i));
  const head = Array.from({ length: m }, (_, i) => word(5 + 2 * n + i));
  return { n, m, rank, first, head };
}

/** Lightest ways from node `source` over `weights`, forwards or backwards, through nodes of rank
 * below `below` only (any node may end a way): a Dijkstra restricted to lower ranks. */
function restricted(graph, weights, rank, source, below, backwards) {
  const distance = new Array(graph.nodes).fill(Infinity);
  const done = new Uint8Array(graph.nodes);
  distance[source] = 0;
  const incoming = backwards ? Array.from({ length: graph.nodes }, () => []) : null;
  if (backwards) for (let arc = 0; arc < graph.arcs; arc++) incoming[graph.heads[arc]].push(arc);
  for (;;) {
    let node = -1;
    for (let v = 0; v < graph.nodes; v++) if (!done[v] && distance[v] < Infinity && (node < 0 || distance[v] < distance[node])) node = v;
    if (node < 0) return distance;
    done[node] = 1;
    if (node !== source && rank[node] >= below) continue; // A way may end here, not pass.
    const arcs = backwards ? incoming[node] : Array.from({ length: graph.first[node + 1] - graph.first[node] }, (_, i) => graph.first[node] + i);
    for (const arc of arcs) {
      if (weights[arc] === INFINITE || graph.tails[arc] === graph.heads[arc]) continue;
      const next = backwards ? graph.tails[arc] : graph.heads[arc];
      const total = distance[node] + weights[arc];
      if (total < distance[next]) distance[next] = total;
    }
  }
}

/** Checks that `metric` holds, for every `stride`-th rank's CCHT arcs, the lightest ways over
 * `weights` through lower ranks, with canonical vias: what a full customisation gives, and only
 * it. Returns how many arc sides were checked. */
function assertCustomised(image, graph, metric, weights, stride) {
  const { n, rank, first, head } = topologyOf(image);
  const nodeAt = new Array(n);
  rank.forEach((r, node) => { nodeAt[r] = node; });
  const arcBetween = (lower, higher) => {
    for (let arc = first[lower]; arc < first[lower + 1]; arc++) if (head[arc] === higher) return arc;
    return -1;
  };
  let checked = 0;
  for (let x = 0; x < n; x += stride) {
    const up = restricted(graph, weights, rank, nodeAt[x], x, false);
    const down = restricted(graph, weights, rank, nodeAt[x], x, true);
    for (let arc = first[x]; arc < first[x + 1]; arc++) {
      const y = nodeAt[head[arc]];
      for (const [side, distance, via, from, to] of [[metric.up, up, metric.upVia, nodeAt[x], y], [metric.down, down, metric.downVia, y, nodeAt[x]]]) {
        // Sums reaching INFINITE saturate: no way that heavy is open.
        assert.equal(side[arc], distance[y] >= INFINITE ? INFINITE : distance[y], `arc ${arc}`);
        checked++;
        if (side[arc] === INFINITE) continue;
        // The via: the lowest-indexed lightest ARCS arc between the ends, else the lowest middle.
        const direct = [];
        for (let input = graph.first[from]; input < graph.first[from + 1]; input++) {
          if (graph.heads[input] === to && weights[input] === side[arc]) direct.push(input);
        }
        if (direct.length) {
          assert.equal(via[arc], ORIGINAL + direct[0]);
        } else {
          const middle = via[arc];
          assert.ok(middle < x);
          const lowX = arcBetween(middle, x);
          const lowY = arcBetween(middle, head[arc]);
          const ways = side === metric.up ? metric.down[lowX] + metric.up[lowY] : metric.down[lowY] + metric.up[lowX];
          assert.equal(ways, side[arc]);
          for (let lower = 0; lower < middle; lower++) {
            const a = arcBetween(lower, x);
            const b = arcBetween(lower, head[arc]);
            if (a < 0 || b < 0) continue;
            const way = side === metric.up ? metric.down[a] + metric.up[b] : metric.down[b] + metric.up[a];
            assert.ok(way > side[arc], `a lower middle ${lower} is as light`);
          }
        }
      }
    }
  }
  return checked;
}

test('metrics hold the lightest ways through lower ranks, with canonical vias', { skip: SKIP }, async () => {
  const image = load(PATH);
  const bundle = await open(image);
  const graph = graphOf(image);
  const usable = new Array(graph.arcs).fill(false);
  bundle.profiles().forEach((_, index) => costsOf(image, index).forEach((cost, arc) => { if (cost !== INFINITE) usable[arc] = true; }));
  const profile = bundle.profiles()[bundle.profiles().length - 1];
  const weights = costsOf(image, bundle.profiles().indexOf(profile)).map((cost, arc) => (usable[arc] ? cost : INFINITE));
  const checked = assertCustomised(image, graph, bundle.customise(profile), weights, graph.nodes > 300 ? 10 : 1);
  assert.ok(checked > 100);
});

test('routes on any weights are lightest, and an arc no profile may use stays closed', { skip: SKIP }, async () => {
  const image = load(PATH);
  const bundle = await open(image);
  const graph = graphOf(image);
  const rng = random(19);
  const profile = bundle.profiles()[0];
  const unusable = new Set();
  for (let arc = 0; arc < graph.arcs; arc++) {
    if (bundle.profiles().every((_, index) => costsOf(image, index)[arc] === INFINITE)) unusable.add(arc);
  }
  for (let round = 0; round < 4; round++) {
    const weights = bundle.costs(profile);
    for (let i = 0; i < weights.length; i++) {
      if (unusable.has(i)) weights[i] = 1; // Ignored: no weight opens an arc no profile may use.
      else if (rng() < 0.2) weights[i] = rng() < 0.3 ? INFINITE : 1 + rng.below(100000);
    }
    const metric = bundle.customise(profile, weights);
    const effective = [...weights].map((weight, arc) => (unusable.has(arc) ? INFINITE : weight));
    for (let i = 0; i < 5; i++) {
      const source = rng.below(graph.nodes);
      const distances = dijkstra(graph, effective, source);
      for (let target = 0; target < graph.nodes; target += 1 + rng.below(5)) {
        const route = bundle.routeOn(metric, source, target);
        assertLightest(assert, graph, effective, source, target, route, distances);
      }
    }
  }
});

test('an update equals a full customisation', { skip: SKIP }, async () => {
  // Weights that differ from the profile's costs at few arcs are customised by updating the
  // profile's metric arc by arc (the C reader's tests compare that with a full customisation);
  // here the metrics it gives must be the one a full customisation defines.
  const image = load(PATH);
  const bundle = await open(image);
  const graph = graphOf(image);
  const rng = random(47);
  const usable = new Array(graph.arcs).fill(false);
  bundle.profiles().forEach((_, index) => costsOf(image, index).forEach((cost, arc) => { if (cost !== INFINITE) usable[arc] = true; }));
  for (const profile of bundle.profiles()) {
    const base = bundle.customise(profile);
    for (let round = 0; round < 30; round++) {
      const weights = base.weights.slice();
      for (let i = 1 + rng.below(rng() < 0.5 ? 3 : 40); i > 0; i--) {
        const arc = rng.below(weights.length);
        weights[arc] = rng.pick([INFINITE, 0, 1, weights[arc] * 2, Math.floor(weights[arc] / 3), 1 + rng.below(200000)]);
        if (weights[arc] > INFINITE) weights[arc] = INFINITE;
      }
      const effective = [...weights].map((weight, arc) => (usable[arc] ? weight : INFINITE));
      assertCustomised(image, graph, bundle.customise(profile, weights), effective, graph.nodes > 300 ? 40 : 7);
    }
  }
});

test('conditions that change few arcs or many give the full metric', { skip: SKIP }, async () => {
  const bundle = await open(load(PATH));
  const profile = bundle.profiles()[0];
  const levels = bundle.levels();
  // A level closed or slowed changes many arcs (a customisation in full); a door closed few (an
  // update of the profile's metric).
  for (const conditions of [`{"closed": [{"level": ${JSON.stringify(levels[0].id)}}]}`,
    `{"slow": [{"level": ${JSON.stringify(levels[levels.length - 1].id)}, "factor": 1.5}]}`]) {
    const metric = bundle.applyConditions(profile, conditions);
    const full = bundle.customise(profile, metric.weights);
    for (const side of ['up', 'down', 'upVia', 'downVia']) assert.deepEqual(metric[side], full[side], side);
  }
  let doors = 0;
  for (let node = 0; node < bundle.nodeCount && doors < 3; node++) {
    const { label, kind } = bundle.node(node);
    if ((kind !== 1 && kind !== 2) || label === null) continue;
    let metric;
    try {
      metric = bundle.applyConditions(profile, JSON.stringify({ closed: [label] }));
    } catch {
      continue;
    }
    const changed = metric.weights.filter((weight, arc) => weight !== bundle.costs(profile)[arc]).length;
    if (changed === 0 || changed * 16 > metric.weights.length) continue;
    doors++;
    const full = bundle.customise(profile, metric.weights);
    for (const side of ['up', 'down', 'upVia', 'downVia']) assert.deepEqual(metric[side], full[side], side);
  }
  assert.ok(doors > 0, 'a door closed changes few enough arcs to update the metric');
});

test('weights are checked', { skip: SKIP }, async () => {
  const bundle = await open(load(PATH));
  const profile = bundle.profiles()[0];
  const argument = (error) => error instanceof BundleError && error.code === 'argument';
  const costs = bundle.costs(profile);
  assert.throws(() => bundle.customise(profile, costs.subarray(1)), argument);
  for (const bad of [-1, 0.5, INFINITE + 1, NaN, '7']) {
    const weights = [...costs];
    weights[3] = bad;
    assert.throws(() => bundle.customise(profile, weights), argument, String(bad));
  }
  assert.throws(() => bundle.customise('hovercraft'), argument);
  assert.throws(() => bundle.routeOn({ up: [] }, 0, 1), argument);
  const other = await open(load(PATH));
  assert.throws(() => bundle.routeOn(other.customise(profile), 0, 1), argument);
  // Metrics are the caller's to keep: the profile's own is made once.
  assert.equal(bundle.customise(profile), bundle.customise(profile));
});

test('broken topologies are refused, naming CCHT', { skip: SKIP }, async () => {
  const original = load(PATH);
  const { offset } = table(original).get('CCHT');
  const { n, m } = topologyOf(original);
  const word = (image, i, value) => view(image).setUint32(offset + 4 * i, value, true);
  const cases = [
    (image) => word(image, 0, 0x31544344), // magic
    (image) => word(image, 1, n + 1),
    (image) => word(image, 3, 7),
    (image) => word(image, 2, 0x7fffffff),
    (image) => word(image, 4, view(image).getUint32(offset + 20, true)), // rank twice
    (image) => word(image, 4 + n + 1, m + 5), // offsets that do not rise
    (image) => word(image, 5 + 2 * n, 0), // a head not above its rank
    (image) => { for (let i = 0; i < m; i++) word(image, 5 + 2 * n + i, n - 1); }, // heads not ascending
  ];
  for (const damage of cases) {
    const image = original.slice();
    damage(image);
    fixChecksums(image, 'CCHT');
    const bundle = await open(image);
    assert.throws(() => bundle.route(bundle.profiles()[0], 0, 1), (error) => error instanceof BundleError
      && error.section === 'CCHT' && error.code === 'malformed', damage.toString());
  }
});

test('a route through stops is its legs joined, under a metric too', { skip: SKIP }, async () => {
  const bundle = await open(load(PATH));
  const rng = random(53);
  const nodes = bundle.nodeCount;
  const argument = (error) => error instanceof BundleError && error.code === 'argument';
  let joined = 0;
  for (const profile of bundle.profiles()) {
    const metric = bundle.customise(profile);
    for (let round = 0; round < 40; round++) {
      const stops = [rng.below(nodes), rng.below(nodes), rng.below(nodes)];
      if (round % 2 === 0) stops.push(stops[0]); // a round trip
      const legs = stops.slice(1).map((stop, i) => bundle.route(profile, stops[i], stop));
      const found = bundle.routeThrough(profile, stops);
      assert.deepEqual(bundle.routeOnThrough(metric, stops), found);
      if (legs.includes(null)) {
        assert.equal(found, null);
        continue;
      }
      const nodesJoined = [legs[0].nodes[0]];
      const arcs = [];
      legs.forEach((leg, i) => {
        assert.deepEqual(found.legs[i], { firstNode: nodesJoined.length - 1, lastNode: nodesJoined.length - 1 + leg.arcs.length,
          duration: leg.duration });
        nodesJoined.push(...leg.nodes.slice(1));
        arcs.push(...leg.arcs);
      });
      assert.deepEqual(found.nodes, nodesJoined);
      assert.deepEqual(found.arcs, arcs);
      assert.equal(found.duration, legs.reduce((sum, leg) => sum + leg.duration, 0));
      if (round % 2 === 0) assert.equal(found.nodes[0], found.nodes.at(-1));
      joined++;
    }
  }
  assert.ok(joined > 20, `${joined} routes through stops compared`);
  assert.throws(() => bundle.routeThrough(bundle.profiles()[0], [3]), argument);
  assert.throws(() => bundle.routeThrough(bundle.profiles()[0], [0, nodes]), argument);
});

test('the nearest places are what a route to each finds, under a metric too', { skip: SKIP }, async () => {
  const bundle = await open(load(PATH));
  const rng = random(61);
  const argument = (error) => error instanceof BundleError && error.code === 'argument';
  const places = Array.from({ length: bundle.placeCount }, (_, index) => bundle.place(index));
  const filters = [
    [{}, () => true],
    [{ category: 'Toilet' }, (place) => (place.category ?? '').startsWith('toilet')],
    [{ minCapacity: 8 }, (place) => place.capacity !== null && place.capacity >= 8],
  ];
  let compared = 0;
  for (const profile of bundle.profiles()) {
    const metric = bundle.customise(profile);
    for (let round = 0; round < 15; round++) {
      const origin = rng.below(bundle.nodeCount);
      for (const [filter, admits] of filters) {
        const expected = [];
        places.forEach((place, index) => {
          const node = bundle.attachedNode(index, profile);
          const route = node !== null && admits(place) ? bundle.route(profile, origin, node) : null;
          if (route !== null) expected.push([route.duration, node, index]);
        });
        expected.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
        const found = bundle.nearest(profile, origin, 3, filter);
        assert.deepEqual(found.map((n) => [n.duration, n.node, n.place]), expected.slice(0, 3));
        for (const nearby of found) assert.deepEqual([nearby.nodes[0], nearby.nodes.at(-1)], [origin, nearby.node]);
        assert.deepEqual(bundle.nearestOn(metric, origin, 3, filter), found);
        if (found.length) compared++;
      }
    }
  }
  assert.ok(compared > 30, `${compared} searches found places`);
  const profile = bundle.profiles()[0];
  const everyone = bundle.nearest(profile, 0, 4);
  assert.deepEqual(bundle.nearest(profile, 0, 4, { among: everyone.slice(1).map((n) => n.place) }), everyone.slice(1));
  assert.deepEqual(bundle.nearest(profile, 0, 4, { among: [] }), []);
  for (const filter of [{ category: '  ' }, { levels: 'Mars' }, { among: [bundle.placeCount] }]) {
    assert.throws(() => bundle.nearest(profile, 0, 3, filter), argument);
  }
});
