// Route steps and their instructions: what the map viewer shows must be what `navforge route`
// prints and writes to GeoJSON. With NAVBUNDLE_TEST_NAVFORGE naming the navforge command, routes
// between random places (and ways out, and routes under conditions) are compared with its GeoJSON
// step by step; the rules themselves are checked on steps made here.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { MANEUVER_KINDS, MODIFIERS, PLACEMENTS, SIDES, open } from '../navbundle.mjs';
import { BUNDLE, NO_BUNDLE, ROOT, STATION, fromEnvironment, load, random } from './helpers.mjs';

const NAVFORGE = fromEnvironment('NAVBUNDLE_TEST_NAVFORGE');

for (const [name, path] of [['demo', BUNDLE], ['station', STATION]]) {
  test(`steps of the ${name} bundle's routes cover them and add up`, { skip: path === null ? 'no bundle named' : false }, async () => {
    const bundle = await open(load(path));
    const rng = random(61);
    let routes = 0;
    for (const profile of bundle.profiles()) {
      for (let i = 0; i < 40; i++) {
        const route = rng() < 0.2 ? bundle.nearestExit(profile, rng.below(bundle.nodeCount))
          : bundle.route(profile, rng.below(bundle.nodeCount), rng.below(bundle.nodeCount));
        if (route === null || !route.arcs.length) continue;
        routes++;
        const steps = bundle.steps(route);
        assert.ok(steps.length > 0);
        assert.equal(steps[0].startIndex, 0);
        assert.equal(steps[steps.length - 1].endIndex, route.arcs.length);
        for (let s = 1; s < steps.length; s++) assert.equal(steps[s].startIndex, steps[s - 1].endIndex);
        const length = route.arcs.reduce((sum, arc) => sum + bundle.arc(arc).length, 0);
        const seconds = route.arcSeconds ? route.arcSeconds.reduce((a, b) => a + b, 0) : route.duration / 1000;
        assert.ok(Math.abs(steps.reduce((sum, step) => sum + step.length, 0) - length) < 1e-6);
        assert.ok(Math.abs(steps.reduce((sum, step) => sum + step.duration, 0) - seconds) < 1e-6);
        for (const step of steps) {
          assert.equal(step.fromLevel, bundle.node(route.nodes[step.startIndex]).level);
          assert.equal(step.toLevel, bundle.node(route.nodes[step.endIndex]).level);
          assert.ok(bundle.instruction(step).length > 0);
        }
      }
    }
    assert.ok(routes > 20);
  });
}

for (const [name, path] of [['demo', BUNDLE], ['station', STATION]]) {
  test(`maneuvers of the ${name} bundle's routes run from depart to arrive and add up`, { skip: path === null ? 'no bundle named' : false }, async () => {
    const bundle = await open(load(path));
    const rng = random(67);
    let routes = 0, named = 0;
    for (const profile of bundle.profiles()) {
      for (let i = 0; i < 30; i++) {
        const exit = rng() < 0.2;
        const route = exit ? bundle.nearestExit(profile, rng.below(bundle.nodeCount))
          : bundle.route(profile, rng.below(bundle.nodeCount), rng.below(bundle.nodeCount));
        if (route === null || !route.arcs.length) continue;
        routes++;
        // A way out names no profile: its choices are the profile's once it is given one.
        const maneuvers = bundle.maneuvers(exit ? { ...route, profile } : route);
        // A route from or to a platform leaves or boards it there (docs/guidance.md, "Platforms").
        assert.ok(['depart', 'platform'].includes(maneuvers[0].kind));
        assert.equal(maneuvers[0].bearingBefore, null);
        assert.ok(['arrive', 'platform'].includes(maneuvers[maneuvers.length - 1].kind));
        assert.ok(maneuvers.slice(1, -1).every((m) => m.kind !== 'platform'));
        const length = route.arcs.reduce((sum, arc) => sum + Math.round(bundle.arc(arc).length * 100), 0);
        const milliseconds = exit ? route.arcSeconds.reduce((sum, value) => sum + Math.round(value * 1000), 0) : route.duration;
        assert.equal(maneuvers.reduce((sum, m) => sum + m.distanceCentimetres, 0), length);
        assert.equal(maneuvers.reduce((sum, m) => sum + m.durationMilliseconds, 0), milliseconds);
        for (const m of maneuvers) {
          assert.ok(MANEUVER_KINDS.includes(m.kind) && MODIFIERS.includes(m.modifier));
          assert.equal(m.levelChange !== null, ['stairs', 'escalator', 'elevator', 'ramp'].includes(m.kind));
          if (m.corner === null) assert.equal(m.latitudeE7, Math.round(bundle.node(route.nodes[m.routeIndex]).latitude * 1e7));
          if (m.landmark === null) continue;
          // A landmark named is placed and on a side (or none within 1 m), by a kind that can say it.
          named++;
          assert.ok(PLACEMENTS.includes(m.landmark.placement) && m.landmark.placement !== null && SIDES.includes(m.landmark.side));
          assert.ok(['depart', 'turn', 'continue', 'fork', 'arrive', 'platform'].includes(m.kind) && Number.isInteger(m.landmark.index));
        }
      }
    }
    assert.ok(routes > 20 && named > 0);
    assert.throws(() => bundle.maneuvers({ nodes: [0], arcs: [1] }), (error) => error.code === 'argument');
  });
}

test('maneuvers in words: languages, spoken distances, an unknown language', { skip: NO_BUNDLE }, async () => {
  const bundle = await open(load(BUNDLE));
  assert.deepEqual(bundle.languages, ['de', 'en', 'es', 'fr']);
  const route = bundle.route('foot', ...['A.1.04', 'A.0.07'].map((ref) => bundle.endpointNode(bundle.resolveEndpoint(ref), 'foot')));
  const plain = bundle.maneuvers(route);
  assert.equal(plain[0].instruction, undefined);
  for (const language of bundle.languages) {
    const maneuvers = bundle.maneuvers(route, { language, destination: 'café am Markt' });
    assert.deepEqual(maneuvers.map(({ instruction, spokenDistance, ...fields }) => fields), plain);
    for (const m of maneuvers) {
      assert.ok(m.instruction.length > 0 && m.spokenDistance.length > 0);
      assert.equal(m.spokenDistance, bundle.spokenDistance(m.distanceCentimetres, language));
    }
    // The destination is data: never capitalised, in every language.
    assert.ok(maneuvers[maneuvers.length - 1].instruction.includes('café am Markt'));
  }
  const english = bundle.maneuvers(route, { language: 'en' });
  assert.match(english.find((m) => m.kind === 'elevator').instruction, /^Take Lift A down from /);
  assert.equal(english[english.length - 1].instruction, 'You have arrived');
  // Longer than the reader's message buffer: the core is asked again with the room it needs.
  const long = 'x'.repeat(3000);
  assert.equal(bundle.maneuvers(route, { language: 'en', destination: long }).at(-1).instruction, `Arrive at ${long}`);
  assert.equal(bundle.spokenDistance(145000, 'en'), '1.5 kilometres');
  assert.equal(bundle.spokenDistance(145000, 'fr'), '1,5 kilomètre');
  assert.equal(bundle.spokenDistance(499, 'de'), 'wenige Meter');
  // Never another language's words, even for a route of no maneuvers.
  for (const call of [() => bundle.maneuvers(route, { language: 'it' }), () => bundle.spokenDistance(500, 'EN'),
    () => bundle.maneuvers({ nodes: [route.nodes[0]], arcs: [], profile: 'foot' }, { language: 'xx' })]) {
    assert.throws(call, (error) => error.code === 'unknown-language' && /available: de, en, es, fr/.test(error.message));
  }
  assert.throws(() => bundle.maneuvers(route, { language: 'en', destination: 'a\0b' }), (error) => error.code === 'argument');
  assert.throws(() => bundle.spokenDistance(-1, 'en'), (error) => error.code === 'argument');
});

test('instructions follow the Swift reader\'s words', { skip: NO_BUNDLE }, async () => {
  const bundle = await open(load(BUNDLE));
  const levels = bundle.levels();
  // Two levels of one building a floor apart, and an outdoor level if there is one.
  let pair = null;
  for (const a of levels) for (const b of levels) if (!pair && a.buildingId && a.buildingId === b.buildingId && b.ordinal === a.ordinal + 1) pair = [a, b];
  assert.ok(pair, 'the demo bundle has two levels of one building a floor apart');
  const [low, high] = pair;
  const outdoors = levels.find((level) => level.buildingId === null);
  const step = (fields) => ({ label: null, stepCount: null, rise: 0, isAlongPath: false, fromLevel: low.index, toLevel: low.index, ...fields });
  const say = (fields) => bundle.instruction(step(fields));
  assert.equal(say({ action: 'walk' }), 'Walk');
  assert.equal(say({ action: 'walk', label: 'Corridor A.1' }), 'Walk through Corridor A.1');
  assert.equal(say({ action: 'walk', label: 'Platform 11', isAlongPath: true }), 'Walk along Platform 11');
  assert.equal(say({ action: 'walkOutside' }), 'Walk outside');
  assert.equal(say({ action: 'walkOutside', label: 'East Lane' }), 'Walk outside along East Lane');
  assert.equal(say({ action: 'stairs', toLevel: high.index, stepCount: 24 }),
    `Take the stairs up, 24 steps, from ${low.shortName} to ${high.shortName}`);
  assert.equal(say({ action: 'stairs', fromLevel: high.index, stepCount: 24, rise: -1 }),
    `Take the stairs down, 24 steps, from ${high.shortName} to ${low.shortName}`);
  assert.equal(say({ action: 'elevator', fromLevel: high.index, label: 'Lift A' }), `Take Lift A down from ${high.shortName} to ${low.shortName}`);
  assert.equal(say({ action: 'elevator', label: 'elevator' }), 'Use the lift');
  assert.equal(say({ action: 'escalator', label: 'stairs', stepCount: 3 }), 'Use the escalator, 3 steps');
  // A flight to a half-landing says how far it climbs, not the level its node is drawn on.
  assert.equal(say({ action: 'stairs', toLevel: high.index, rise: 0.5, stepCount: 12 }),
    `Take the stairs up, 12 steps, half a level from ${low.shortName}`);
  assert.equal(say({ action: 'ramp', rise: -0.3 }), `Take the ramp down part of a level from ${low.shortName}`);
  assert.equal(say({ action: 'ramp', rise: 2.5 }), `Take the ramp up 2.5 levels from ${low.shortName}`);
  assert.equal(say({ action: 'ramp', rise: 3 }), `Take the ramp up 3 levels from ${low.shortName}`);
  assert.equal(say({ action: 'stairs', rise: 1 }), `Take the stairs up a level from ${low.shortName}`);
  assert.equal(say({ action: 'steps' }), 'Take the steps');
  assert.equal(say({ action: 'steps', label: 'Main Entrance Steps', stepCount: 5 }), 'Take Main Entrance Steps, 5 steps');
  if (outdoors) {
    assert.equal(say({ action: 'enterBuilding', fromLevel: outdoors.index, label: 'East entrance' }),
      `Enter ${low.buildingName ?? 'the building'} through East entrance`);
    assert.equal(say({ action: 'leaveBuilding', toLevel: outdoors.index }), `Leave ${low.buildingName ?? 'the building'} through the exit`);
  }
  assert.throws(() => say({ action: 'fly' }), (error) => error.code === 'argument');
});

test('steps and instructions equal navforge route\'s GeoJSON', { skip: NAVFORGE === null ? 'NAVBUNDLE_TEST_NAVFORGE is not set: name the navforge command to compare with' : NO_BUNDLE }, async () => {
  const folder = mkdtempSync(join(tmpdir(), 'navbundle-steps-'));
  try {
    for (const path of [BUNDLE, STATION].filter(Boolean)) {
      const bundle = await open(load(path));
      const refs = [];
      for (let place = 0; place < bundle.placeCount; place++) {
        const { ref } = bundle.place(place);
        try {
          if (ref && bundle.resolveEndpoint(ref).place === place) refs.push(ref);
        } catch {
          // A ref several places share names no one place.
        }
      }
      const conditions = join(ROOT, 'input', 'demo-campus', 'lift-a-closed.json');
      const rng = random(67);
      let compared = 0;
      for (let i = 0; i < 30; i++) {
        const profile = rng.pick(bundle.profiles());
        const from = rng.pick(refs);
        const kind = rng.pick(['place', 'place', 'place', 'exit', 'conditions']);
        const to = kind === 'exit' ? null : rng.pick(refs);
        const output = join(folder, `${i}.geojson`);
        const args = ['route', path, '--from', from, '--profile', profile, '--geojson', output];
        if (to === null) args.push('--to-exit');
        else args.push('--to', to);
        const withConditions = kind === 'conditions' && bundle.customisable && path === BUNDLE;
        if (withConditions) args.push('--conditions', conditions);
        const start = bundle.endpointNode(bundle.resolveEndpoint(from), profile);
        let route;
        if (to === null) route = start === null ? null : bundle.nearestExit(profile, start);
        else {
          const end = bundle.endpointNode(bundle.resolveEndpoint(to), profile);
          if (start === null || end === null) route = null;
          else if (withConditions) route = bundle.routeOn(bundle.applyConditions(profile, readFileSync(conditions)), start, end);
          else route = bundle.route(profile, start, end);
        }
        try {
          execFileSync(NAVFORGE, args, { stdio: 'pipe' });
        } catch {
          assert.equal(route === null || (to !== null && !route.arcs.length && from !== to), true,
            `navforge found no route ${args.join(' ')}, the reader did`);
          continue;
        }
        const geojson = JSON.parse(readFileSync(output, 'utf8'));
        const theirs = geojson.features.filter((feature) => feature.geometry.type === 'LineString');
        const steps = bundle.steps(route);
        assert.equal(steps.length, theirs.length, args.join(' '));
        steps.forEach((step, s) => {
          const properties = theirs[s].properties;
          assert.equal(bundle.instruction(step), properties.instruction, args.join(' '));
          assert.equal(step.action, properties.action);
          assert.equal(step.label ?? undefined, properties.label);
          assert.equal(bundle.levels()[step.fromLevel].id, properties.fromLevel);
          assert.equal(bundle.levels()[step.toLevel].id, properties.toLevel);
          assert.equal(Math.round(step.length * 10) / 10, properties.lengthMetres);
          assert.equal(Math.round(step.duration), properties.durationSeconds);
          assert.equal(step.stepCount ?? undefined, properties.stepCount);
          const coordinates = [];
          for (let p = step.startIndex; p <= step.endIndex; p++) {
            const node = bundle.node(route.nodes[p]);
            coordinates.push([node.longitude, node.latitude]);
            if (p < step.endIndex) for (const [lat, lon] of bundle.arcShape(route.arcs[p]).slice(1, -1)) coordinates.push([lon, lat]);
          }
          assert.deepEqual(coordinates, theirs[s].geometry.coordinates);
        });
        compared++;
      }
      assert.ok(compared > 5, `${compared} routes compared`);
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
