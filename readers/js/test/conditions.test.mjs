// Conditions resolved on a bundle (docs/conditions.md "Resolution, exactly"), each rule checked
// against a plain reading of the file, and the costs, metrics, overlays and ways out they give.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BundleError, ConditionsError, EndpointError, INFINITE, open, slowedCost } from '../navbundle.mjs';
import { assertLightest, costsOf, dijkstra, egressOf, firstBundleWith, graphOf, load, random, table } from './helpers.mjs';

const PATH = firstBundleWith('CCHT');
const SKIP = PATH === null ? 'neither NAVBUNDLE_TEST_BUNDLE nor NAVBUNDLE_TEST_STATION names a bundle with CCHT' : false;

/** docs/conditions.md's even-odd test written out plainly, with no shortcut by bounding box. */
function insideRings([y, x], rings) {
  let crossings = 0;
  for (const ring of rings) {
    ring.forEach(([yc, xc], index) => {
      const [yp, xp] = ring[(index + ring.length - 1) % ring.length];
      if ((yc > y) !== (yp > y) && x < (xp - xc) * (y - yc) / (yp - yc) + xc) crossings++;
    });
  }
  return crossings % 2 === 1;
}

async function setting() {
  const image = load(PATH);
  const bundle = await open(image);
  const graph = graphOf(image);
  const arcs = Array.from({ length: graph.arcs }, (_, arc) => bundle.arc(arc));
  const nodes = Array.from({ length: graph.nodes }, (_, node) => bundle.node(node));
  const degrees = (node) => [graph.latitudes[node] / 1e7, graph.longitudes[node] / 1e7];
  const touching = (node) => arcs.filter((arc) => arc.tail === node || arc.head === node).map((arc) => arc.index);
  /** Rule 3 over every arc. */
  const within = (rings, levels) => arcs.filter((arc) => levels.has(graph.levels[arc.tail]) && levels.has(graph.levels[arc.head])
    && (insideRings(degrees(arc.tail), rings) || insideRings(degrees(arc.head), rings)
      || insideRings([(degrees(arc.tail)[0] + degrees(arc.head)[0]) / 2, (degrees(arc.tail)[1] + degrees(arc.head)[1]) / 2], rings)))
    .map((arc) => arc.index);
  /** Rule 1 for a name, from the records. */
  const named = (text) => {
    const key = bundle.fold(text);
    const covered = new Set(arcs.filter((arc) => [3, 4, 5, 6, 7].includes(arc.kind) && arc.label !== null && bundle.fold(arc.label) === key)
      .map((arc) => arc.index));
    nodes.forEach((node, index) => {
      if ((node.kind === 1 || node.kind === 2) && node.label !== null && bundle.fold(node.label) === key) touching(index).forEach((arc) => covered.add(arc));
    });
    let endpoint = null;
    try {
      endpoint = bundle.resolveEndpoint(text);
    } catch (error) {
      if (!(error instanceof EndpointError)) throw error;
      if (error.code === 'ambiguous' && !covered.size) return 'ambiguous';
    }
    if (endpoint && endpoint.kind === 'place') {
      const place = bundle.place(endpoint.place);
      if (place.node !== null) touching(place.node).forEach((arc) => covered.add(arc));
      if (place.level !== null) {
        const rings = bundle.outlines(place.level).filter((outline) => outline.place === endpoint.place).flatMap((outline) => outline.rings);
        if (rings.length) within(rings, new Set([place.level])).forEach((arc) => covered.add(arc));
      }
    }
    return [...covered].sort((a, b) => a - b);
  };
  const closedBy = (target) => bundle.resolveConditions(JSON.stringify({ closed: [target] })).closed;
  return { image, bundle, graph, arcs, nodes, named, within, closedBy };
}

test('connectors, doors and places are covered by their names, whatever the spelling', { skip: SKIP }, async () => {
  const { bundle, arcs, nodes, named, closedBy } = await setting();
  const names = new Set();
  for (const arc of arcs) if ([3, 4, 5, 6, 7].includes(arc.kind) && arc.label) names.add(arc.label);
  for (const node of nodes) if ((node.kind === 1 || node.kind === 2) && node.label) names.add(node.label);
  for (let place = 0; place < bundle.placeCount; place++) {
    const { ref, name } = bundle.place(place);
    if (ref) names.add(ref);
    if (name) names.add(name);
  }
  let checked = 0;
  for (const name of names) {
    const expected = named(name);
    if (expected === 'ambiguous') {
      assert.throws(() => closedBy(name), (error) => error instanceof ConditionsError && error.code === 'ambiguous'
        && error.entries[0] === 'closed[0]' && error.candidates.length > 1);
      continue;
    }
    if (!expected.length) {
      assert.throws(() => closedBy(name), (error) => error.code === 'unmatched');
      continue;
    }
    for (const spelling of [name, name.toUpperCase(), ` \t${name}\n`, name.replace(/ /g, '   ')]) {
      if (bundle.fold(spelling) !== bundle.fold(name)) continue;
      assert.deepEqual(closedBy(spelling), expected, spelling);
      assert.deepEqual(closedBy({ ref: spelling }), expected, spelling);
    }
    checked++;
  }
  assert.ok(checked > 20, `${checked} names`);
});

test('levels by id, name, building and ordinal', { skip: SKIP }, async () => {
  const { bundle, graph, arcs, closedBy } = await setting();
  const levels = bundle.levels();
  for (const level of levels) {
    for (const text of [level.id, level.name, level.buildingId, String(level.ordinal)]) {
      if (!text) continue;
      const key = bundle.fold(text);
      const on = new Set(levels.filter((other) => [other.id, other.name, other.buildingId, other.buildingName]
        .some((value) => value && bundle.fold(value) === key) || (/^-?[0-9]+(\.[0-9]+)?$/.test(key) && Number(key) === other.ordinal))
        .map((other) => other.index));
      const expected = arcs.filter((arc) => on.has(graph.levels[arc.tail]) || on.has(graph.levels[arc.head])).map((arc) => arc.index);
      if (!expected.length) continue;
      assert.deepEqual(closedBy({ level: text }), expected, text);
    }
  }
});

test('polygons cover what a test of every arc covers, small and large', { skip: SKIP }, async () => {
  const { bundle, graph, within } = await setting();
  const rng = random(43);
  const levels = bundle.levels();
  // The levels a text names (docs/conditions.md): by id, name or building, folded, or by ordinal.
  const named = (text) => {
    const key = bundle.fold(text);
    return new Set(levels.filter((other) => [other.id, other.name, other.buildingId, other.buildingName]
      .some((value) => value && bundle.fold(value) === key) || (/^-?[0-9]+(\.[0-9]+)?$/.test(key) && Number(key) === other.ordinal))
      .map((other) => other.index));
  };
  let covered = 0;
  // From a fraction of a grid cell to many cells, so that the core's grid is crossed every way.
  for (let i = 0; i < 75; i++) {
    const level = rng.below(levels.length);
    const node = rng.below(graph.nodes);
    const [y, x] = [graph.latitudes[node] / 1e7, graph.longitudes[node] / 1e7];
    const size = rng.pick([0.00002, 0.0002, 0.002, 0.02]);
    const corners = 3 + rng.below(4);
    const polygon = Array.from({ length: corners }, () => [y + (rng() - 0.5) * size, x + (rng() - 0.5) * size]);
    const expected = within([polygon], named(levels[level].id));
    const target = { polygon, level: levels[level].id };
    if (!expected.length) {
      assert.throws(() => bundle.resolveConditions(JSON.stringify({ closed: [target] })), (error) => error.code === 'unmatched');
      continue;
    }
    covered++;
    assert.deepEqual(bundle.resolveConditions(JSON.stringify({ closed: [target] })).closed, expected);
  }
  assert.ok(covered > 10, `${covered} polygons covered arcs`);
});

test('unmatched targets are listed together, and the first ambiguous one stops', { skip: SKIP }, async () => {
  const { bundle } = await setting();
  const level = bundle.levels()[0].id;
  assert.throws(() => bundle.resolveConditions(JSON.stringify({ closed: ['No such lift 9', { level }], slow: [{ level: 'nowhere', factor: 2 }] })),
    (error) => error.code === 'unmatched' && error.entries.join() === 'closed[0],slow[0]'
      && /nothing in the bundle matches closed\[0\] "No such lift 9", slow\[0\] level "nowhere"/.test(error.message));
  const overlay = bundle.conditionsOverlay(JSON.stringify({ closed: ['No such lift 9', { level }] }));
  assert.equal(overlay.error.code, 'unmatched');
  assert.deepEqual(overlay.entries.map((entry) => entry.arcs.length > 0), [false, true]);
  assert.deepEqual(overlay.closed, []);
  assert.equal(bundle.conditionsOverlay('{"closed": [}').error.code, 'invalid');
  assert.deepEqual(bundle.conditionsOverlay('{}'), { entries: [], closed: [], slowed: [], error: null });
});

test('slow-downs take the largest factor, round half away from zero, and closing wins', { skip: SKIP }, async () => {
  const { image, bundle } = await setting();
  const levels = bundle.levels();
  const [first, second] = [levels[0].id, levels[levels.length - 1].id];
  const text = JSON.stringify({ closed: [{ level: second }], slow: [{ level: first, factor: 2.5 }, { level: first, factor: 1.5 }, { level: second, factor: 3 }] });
  const resolved = bundle.resolveConditions(text);
  const overlay = bundle.conditionsOverlay(text);
  bundle.profiles().forEach((profile, index) => {
    const costs = costsOf(image, index);
    const metric = bundle.applyConditions(profile, text);
    const expected = costs.map((cost, arc) => {
      if (resolved.closed.includes(arc)) return INFINITE;
      const factor = resolved.factors.get(arc);
      return factor === undefined ? cost : slowedCost(cost, factor);
    });
    assert.deepEqual([...metric.weights], expected);
    // Every application starts from the profile's costs.
    assert.deepEqual([...bundle.applyConditions(profile, '{}').weights], costs);
  });
  for (const factor of resolved.factors.values()) assert.ok(factor === 2.5 || factor === 3);
  assert.deepEqual(overlay.closed, resolved.closed);
  assert.ok(overlay.slowed.every(({ arc, factor }) => resolved.factors.get(arc) === factor && !resolved.closed.includes(arc)));
  assert.equal(overlay.slowed.length + resolved.closed.filter((arc) => resolved.factors.has(arc)).length, resolved.factors.size);
});

test('routes under conditions are lightest over the changed costs', { skip: SKIP }, async () => {
  const { image, bundle, graph } = await setting();
  const rng = random(41);
  const level = bundle.levels()[bundle.levelCount - 1].id;
  const profile = bundle.profiles()[0];
  const metric = bundle.applyConditions(profile, JSON.stringify({ slow: [{ level, factor: 7 }] }));
  for (let i = 0; i < 6; i++) {
    const source = rng.below(graph.nodes);
    const distances = dijkstra(graph, metric.weights, source);
    for (let target = 0; target < graph.nodes; target += 3) {
      assertLightest(assert, graph, metric.weights, source, target, bundle.routeOn(metric, source, target), distances);
    }
  }
  assert.throws(() => bundle.applyConditions('hovercraft', '{}'), (error) => error instanceof BundleError && error.code === 'argument');
  assert.ok(costsOf(image, 0).length === metric.weights.length);
});

test('the way out under conditions is the nearest open exit', { skip: PATH === null || !table(load(PATH)).has('EGRC') ? 'no bundle with EGRC' : false }, async () => {
  const { image, bundle, graph, nodes } = await setting();
  const rng = random(53);
  // Exits are entrances and the nodes EGRS lists no entry for (outdoors).
  const { listed } = egressOf(image);
  const exits = new Set(nodes.map((node, index) => (node.kind === 2 || !listed.has(index) ? index : -1)).filter((index) => index >= 0));
  bundle.profiles().forEach((profile) => {
    const leaving = bundle.leavingCosts(profile);
    for (let i = 0; i < 15; i++) {
      const node = rng.below(graph.nodes);
      const found = bundle.exitUnderConditions(profile, node, '{}');
      const distances = dijkstra(graph, leaving, node);
      const nearest = Math.min(...[...exits].map((exit) => distances[exit]));
      if (nearest === Infinity) {
        assert.equal(found, null);
        continue;
      }
      assert.equal(found.duration, nearest);
      assert.equal(distances[found.node], nearest);
      // Of exits as near, the lowest.
      assert.equal(found.node, Math.min(...[...exits].filter((exit) => distances[exit] === nearest)));
      // Without conditions, as fast as the egress table says.
      const table = bundle.nearestExit(profile, node);
      assert.equal(found.duration, table.duration);
      // Closing the exit found sends the way out elsewhere, or nowhere.
      const label = nodes[found.node].label;
      if (label === null) continue;
      let after;
      try {
        after = bundle.exitUnderConditions(profile, node, JSON.stringify({ closed: [label] }));
      } catch (error) {
        if (error instanceof ConditionsError) continue;
        throw error;
      }
      if (after !== null && found.node !== node) assert.notEqual(after.node, found.node);
    }
  });
});
