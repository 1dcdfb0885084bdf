// Reading an intact bundle: routes, ways out, search, snapping, places and outlines, each checked
// against an expectation computed here from the file (Dijkstra over ARCS and PROF, a scan of every
// key, a measure of every node).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BundleError, open } from '../navbundle.mjs';
import {
  BUNDLE, NO_BUNDLE, STATION, assertLightest, bruteSearch, bruteSnap, costsOf, dijkstra, egressOf, graphOf, keysOf, load,
  random, sectionOf, table, view,
} from './helpers.mjs';

const bundles = [['demo', BUNDLE], ['station', STATION]].filter(([, path]) => path !== null);

for (const [name, path] of bundles) {
  test(`routes of the ${name} bundle are lightest for every profile`, async () => {
    const image = load(path);
    const bundle = await open(image);
    const graph = graphOf(image);
    const rng = random(5);
    let found = 0;
    bundle.profiles().forEach((profile, index) => {
      const costs = costsOf(image, index);
      for (let i = 0; i < 6; i++) {
        const source = rng.below(graph.nodes);
        const distances = dijkstra(graph, costs, source);
        for (let target = 0; target < graph.nodes; target += 1 + rng.below(3)) {
          const route = bundle.route(profile, source, target);
          assertLightest(assert, graph, costs, source, target, route, distances);
          if (route !== null) {
            found++;
            assert.equal(route.profile, profile);
          }
        }
      }
    });
    assert.ok(found > 40, `${found} routes`);
    assert.deepEqual(bundle.route(bundle.profiles()[0], 3, 3), { profile: bundle.profiles()[0], duration: 0, nodes: [3], arcs: [] });
  });

  test(`ways out of the ${name} bundle follow its egress table`, async () => {
    const image = load(path);
    const bundle = await open(image);
    const graph = graphOf(image);
    const egress = egressOf(image);
    const data = view(image);
    let exits = 0;
    bundle.profiles().forEach((profile, index) => {
      for (let node = 0; node < graph.nodes; node++) {
        const found = bundle.nearestExit(profile, node);
        if (!egress.listed.has(node)) {
          // Not listed: an exit (an entrance, or outdoors), its own way out at no cost.
          assert.deepEqual([found.node, found.duration, found.nodes, found.arcs], [node, 0, [node], []]);
          continue;
        }
        const at = egress.entry(index, egress.listed.get(node));
        const exit = data.getUint32(at, true);
        if (exit === 0xffffffff) {
          assert.equal(found, null);
          continue;
        }
        exits++;
        assert.equal(found.node, exit);
        assert.equal(found.duration, data.getUint32(at + 4, true));
        assert.equal(found.nodes[0], node);
        assert.equal(found.nodes[found.nodes.length - 1], exit);
        found.arcs.forEach((arc, i) => {
          assert.equal(graph.tails[arc], found.nodes[i]);
          assert.equal(graph.heads[arc], found.nodes[i + 1]);
        });
        // Each arc's seconds are the drop in time to exit: they add up to the whole.
        assert.ok(Math.abs(found.arcSeconds.reduce((a, b) => a + b, 0) - found.duration / 1000) < 1e-9);
        assert.ok(bundle.node(exit).kind === 2 || !egress.listed.has(exit), `exit ${exit} is no entrance and is listed`);
      }
    });
    // A venue without exits (the small station: no entrance, nothing outdoors) has no way out at all.
    const anyExit = Array.from({ length: graph.nodes }, (_, node) => bundle.node(node).kind === 2 || !egress.listed.has(node)).some(Boolean);
    assert.equal(exits > 0, anyExit);
  });

  test(`search of the ${name} bundle matches a scan of every key`, async () => {
    const image = load(path);
    const bundle = await open(image);
    const keys = keysOf(image);
    const queries = ['a', 'A', 'c.1', 'Café', 'CAFE', 'lecture h', 'room', '1', 'gleis 1', 'platform', ' ', '',
      'e\u0301', 'Stra\u00dfe', '\u00c9', 'zzzz', 'node'];
    for (const key of keys.slice(0, 400)) queries.push(new TextDecoder().decode(key[0]).slice(0, 3));
    for (const query of queries) {
      for (const limit of [0, 1, 5, 1000]) {
        assert.deepEqual(bundle.searchPrefix(query, limit), bruteSearch(keys, bundle.fold(query), limit), `${query} ${limit}`);
      }
    }
    // Keys are the folded fields of their places.
    for (const [key, field, place] of keys.slice(0, 300)) {
      const record = bundle.place(place);
      const text = new TextDecoder().decode(key);
      if (field === 0) assert.equal(text, bundle.fold(record.ref));
      if (field === 1) assert.equal(text, bundle.fold(record.name));
      if (field === 2) assert.ok(bundle.fold(record.name).endsWith(` ${text}`));
      if (field === 3) assert.equal(text, bundle.fold(record.category));
    }
    assert.throws(() => bundle.searchPrefix('a', -1), (error) => error.code === 'argument');
    assert.throws(() => bundle.searchPrefix('\ud800', 3), (error) => error.code === 'argument');
    assert.throws(() => bundle.searchPrefix(new Uint8Array([0xff]), 3), (error) => error.code === 'argument');
  });

  test(`folding follows the ${name} bundle's own table`, async () => {
    const bundle = await open(load(path));
    assert.equal(bundle.fold('  Lecture\tHALL   1 '), 'lecture hall 1');
    assert.equal(bundle.fold('\u00c9COLE'), 'ecole');
    assert.equal(bundle.fold('e\u0301cole'), 'ecole');
    assert.equal(bundle.fold('Stra\u00dfe'), 'strasse');
    assert.equal(bundle.fold('\u0419'), '\u0438');
    assert.equal(bundle.fold(new TextEncoder().encode('Caf\u00e9')), 'cafe');
    assert.equal(bundle.fold(' \u000b\f\r\n'), '');
  });

  test(`snapping on the ${name} bundle matches measuring every node`, async () => {
    const image = load(path);
    const bundle = await open(image);
    const graph = graphOf(image);
    const scale = view(sectionOf(image, 'SNAP').slice(16, 24)).getFloat64(0, true);
    const rng = random(9);
    for (let i = 0; i < 300; i++) {
      const node = rng.below(graph.nodes);
      const spread = rng.pick([0, 1e-5, 1e-4, 1e-3, 0.05]);
      const latitude = graph.latitudes[node] / 1e7 + (rng() - 0.5) * spread;
      const longitude = graph.longitudes[node] / 1e7 + (rng() - 0.5) * spread;
      const level = rng.below(bundle.levelCount);
      assert.deepEqual(bundle.snap(latitude, longitude, level), bruteSnap(graph, scale, latitude, longitude, level));
      for (const profile of bundle.profiles()) {
        const found = bundle.snapProfile(latitude, longitude, level, profile);
        const main = bruteSnap(graph, scale, latitude, longitude, level, (v) => bundle.inMainPiece(v, profile));
        const any = bruteSnap(graph, scale, latitude, longitude, level);
        assert.deepEqual(found, main ? { ...main, fallback: false } : any ? { ...any, fallback: true } : null);
      }
    }
    for (const [latitude, longitude] of [[91, 0], [0, 181], [NaN, 0], [0, Infinity]]) {
      assert.throws(() => bundle.snap(latitude, longitude, 0), (error) => error.code === 'argument');
    }
  });

  test(`places, levels, nodes, arcs and outlines of the ${name} bundle resolve`, async () => {
    const image = load(path);
    const bundle = await open(image);
    const graph = graphOf(image);
    const levels = bundle.levels();
    assert.equal(levels.length, bundle.levelCount);
    levels.forEach((level, index) => assert.equal(level.index, index));
    for (let place = 0; place < bundle.placeCount; place++) {
      const record = bundle.place(place);
      assert.equal(record.index, place);
      if (record.level !== null) assert.ok(record.level < levels.length);
      if (record.node !== null) assert.ok(record.node < bundle.nodeCount);
      for (const profile of bundle.profiles()) {
        const node = bundle.attachedNode(place, profile);
        assert.ok(node === null || node < bundle.nodeCount);
      }
      bundle.placeSource(place);
      for (const alias of bundle.placeAliases(place)) assert.ok(alias.text);
    }
    for (let arc = 0; arc < bundle.arcCount; arc += 7) {
      const record = bundle.arc(arc);
      assert.equal(record.tail, graph.tails[arc]);
      assert.equal(record.head, graph.heads[arc]);
      const shape = bundle.arcShape(arc);
      assert.deepEqual(shape[0], [graph.latitudes[record.tail] / 1e7, graph.longitudes[record.tail] / 1e7]);
      assert.deepEqual(shape[shape.length - 1], [graph.latitudes[record.head] / 1e7, graph.longitudes[record.head] / 1e7]);
    }
    let outlines = 0;
    for (let level = 0; level < levels.length; level++) {
      for (const outline of bundle.outlines(level)) {
        outlines++;
        assert.ok(outline.rings.length >= 1);
        for (const ring of outline.rings) assert.ok(ring.length >= 3);
        if (outline.place !== null) assert.ok(outline.place < bundle.placeCount);
      }
    }
    assert.equal(outlines, view(image).getUint32(table(image).get('OUTL').offset + 4, true));
  });

  test(`the ${name} bundle refuses unknown profiles, nodes, levels and places`, async () => {
    const bundle = await open(load(path));
    const profile = bundle.profiles()[0];
    const argument = (error) => error instanceof BundleError && error.code === 'argument';
    assert.throws(() => bundle.route('hovercraft', 0, 1), argument);
    assert.throws(() => bundle.route(profile, -1, 1), argument);
    assert.throws(() => bundle.route(profile, 0, bundle.nodeCount), argument);
    assert.throws(() => bundle.route(profile, 0.5, 1), argument);
    assert.throws(() => bundle.route(profile, '0', 1), argument);
    assert.throws(() => bundle.nearestExit(profile, bundle.nodeCount), argument);
    assert.throws(() => bundle.snap(48, 11, bundle.levelCount), argument);
    assert.throws(() => bundle.outlines(-1), argument);
    assert.throws(() => bundle.place(bundle.placeCount), argument);
    assert.throws(() => bundle.node(bundle.nodeCount), argument);
    assert.throws(() => bundle.arc(-1), argument);
    assert.throws(() => bundle.steps({ nodes: [0], arcs: [1] }), argument);
  });
}

test('endpoints resolve by the order of docs/endpoints.md', { skip: STATION === null ? 'NAVBUNDLE_TEST_STATION is not set' : false }, async () => {
  const bundle = await open(load(STATION));
  const place = (text) => bundle.resolveEndpoint(text);
  const fails = (text, code) => assert.throws(() => bundle.resolveEndpoint(text), (error) => error.code === code, text);
  // Platform synonyms and the ref find the platform.
  const platform = place('1');
  assert.equal(platform.kind, 'place');
  for (const text of ['Gleis 1', 'platform 1', 'TRACK 1', ' voie  1 ']) assert.deepEqual(place(text), platform, text);
  fails('', 'empty');
  fails('   ', 'empty');
  fails('91,0@0', 'bad-coordinate');
  fails('0,0', 'needs-level');
  fails('0,0@nowhere', 'unknown-level');
  // An error names the text trimmed, and an unknown level by what follows the @.
  const named = (text) => { try { bundle.resolveEndpoint(text); } catch (error) { return [error.code, error.text]; } };
  assert.deepEqual(named(' \t0,0 @ nowhere\n'), ['unknown-level', ' nowhere']);
  assert.deepEqual(named('\r Qwxyzzy Ü \f'), ['unknown', 'Qwxyzzy Ü']);
  assert.deepEqual(named(' Qwxyzzy@nowhere '), ['unknown', 'Qwxyzzy@nowhere']);
  const position = place(' 49.0 , 8.0 @0');
  assert.equal(position.kind, 'position');
  assert.deepEqual([position.latitude, position.longitude], [49, 8]);
  assert.throws(() => bundle.resolveEndpoint('Platfrom 1x'), (error) => error.code === 'unknown' && error.candidates.length <= 3);
  assert.throws(() => bundle.resolveEndpoint(new Uint8Array([0xc3])), (error) => error.code === 'argument');
});

test('a place is among the geofences at its position, and a walk enters and leaves', { skip: NO_BUNDLE }, async () => {
  const bundle = await open(load(BUNDLE));
  let found = 0;
  for (let index = 0; index < bundle.placeCount; index++) {
    const place = bundle.place(index);
    if (place.latitude === null || place.level === null) continue;
    const hits = bundle.geofences(place.latitude, place.longitude, place.level);
    assert.deepEqual(hits.map((hit) => hit.place), hits.map((hit) => hit.place).sort((a, b) => a - b));
    const mine = hits.find((hit) => hit.place === index);
    if (mine) {
      assert.ok(mine.metres < 0.01);
      found++;
    }
  }
  assert.ok(found > 20, `${found} places found at their positions`);
  const place = Array.from({ length: bundle.placeCount }, (_, i) => bundle.place(i)).find((p) => p.latitude !== null && p.level !== null);
  const here = { latitude: place.latitude, longitude: place.longitude, levels: [place.level] };
  const events = bundle.geofenceEvents([here, { latitude: 0, longitude: 0, levels: [place.level] }]);
  const at = bundle.geofences(here.latitude, here.longitude, here.levels).map((hit) => hit.place);
  assert.deepEqual(events.filter((e) => e.position === 0).map((e) => [e.kind, e.place]), at.map((p) => ['enter', p]));
  assert.deepEqual(events.filter((e) => e.position === 1).map((e) => [e.kind, e.place]), at.map((p) => ['leave', p]));
  const argument = (error) => error instanceof BundleError && error.code === 'argument';
  assert.throws(() => bundle.geofences(91, 0, 0), argument);
  assert.throws(() => bundle.geofences(0, 0, bundle.levelCount), argument);
});

test('tours are listed, found and followed', { skip: NO_BUNDLE }, async () => {
  const bundle = await open(load(BUNDLE));
  const tours = bundle.tours();
  assert.deepEqual(tours.map((tour) => tour.name), ['Campus Fun Run', 'Park Promenade Loop']);
  const [run, loop] = tours;
  assert.equal(run.kind, 'running');
  assert.equal(run.start, run.end);
  assert.equal(run.durations.wheelchair, null);
  assert.ok(loop.durations.wheelchair > 0);
  assert.equal(run.length, run.arcs.reduce((sum, arc) => sum + Math.round(bundle.arc(arc).length * 100), 0));
  assert.deepEqual(bundle.findTours('FUN r'), [0]);
  assert.deepEqual(bundle.findTours('zzz'), []);
  const followed = bundle.followTour('foot', 0, 1, 'start');
  assert.equal(followed.legs.length, 2);
  const [first, second] = followed.legs;
  assert.equal(followed.nodes[second.firstNode], loop.start);
  assert.deepEqual(bundle.route('foot', 0, loop.start).nodes, followed.nodes.slice(0, second.firstNode + 1));
  assert.equal(second.duration, loop.durations.foot);
  assert.equal(followed.duration, first.duration + second.duration);
  assert.ok(bundle.followTour('foot', 0, 1, 'nearest').legs[0].duration <= first.duration);
  assert.equal(bundle.followTour('wheelchair', 0, 0), null);
  const argument = (error) => error instanceof BundleError && error.code === 'argument';
  assert.throws(() => bundle.followTour('foot', 0, 2), argument);
  assert.throws(() => bundle.followTour('foot', 0, 0, 'middle'), argument);
});

test('crowds spread counts over the areas each access point serves and become conditions', { skip: NO_BUNDLE }, async () => {
  const bundle = await open(load(BUNDLE));
  const nobody = bundle.crowd({});
  assert.ok(nobody.length > 0 && nobody.every((area) => area.people === 0 && area.factor === 1000));
  const key = nobody[0].accessPoint;
  const areas = bundle.crowd({ [key.toUpperCase()]: 300, [key.replaceAll(':', '-')]: 300, nobody: 5 });
  const mine = areas.filter((area) => area.accessPoint === key);
  assert.ok(mine.length > 0 && mine.every((area) => area.people === 600 && area.density === mine[0].density));
  assert.ok(areas.filter((area) => area.accessPoint !== key).every((area) => area.people === 0));
  const jammed = bundle.crowdConditions({ [key]: 1000000 });
  assert.ok(jammed.startsWith('{"closed":[{') && jammed.endsWith(',"slow":[]}'));
  bundle.applyConditions(bundle.profiles()[0], jammed);
  const argument = (error) => error instanceof BundleError && error.code === 'argument';
  assert.throws(() => bundle.crowd({ [key]: -1 }), argument);
  assert.throws(() => bundle.crowd({ [key]: 1.5 }), argument);
  assert.throws(() => bundle.crowd([key]), argument);
});
