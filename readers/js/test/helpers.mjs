// Shared by the JavaScript reader's tests: the bundles `make test` names, and readings of the file
// made here, independently of the module, so that it is not checked against itself.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const HERE = dirname(fileURLToPath(import.meta.url));
export const ROOT = resolve(HERE, '..', '..', '..');

/** The path in environment variable `name`: relative paths are the repository root's, as the
 * Makefile gives them, unless they name a file from the current directory. */
export function fromEnvironment(name) {
  const value = process.env[name];
  if (!value) return null;
  if (isAbsolute(value) || existsSync(value)) return resolve(value);
  return join(ROOT, value);
}

export const BUNDLE = fromEnvironment('NAVBUNDLE_TEST_BUNDLE');
export const STATION = fromEnvironment('NAVBUNDLE_TEST_STATION');
export const ANSWERS = fromEnvironment('NAVBUNDLE_TEST_ANSWERS');
export const ROUTES = (process.env.NAVBUNDLE_TEST_ROUTES ?? '').split(':').filter(Boolean).map((path) =>
  (isAbsolute(path) || existsSync(path) ? resolve(path) : join(ROOT, path)));

export const NO_BUNDLE = BUNDLE === null
  ? 'NAVBUNDLE_TEST_BUNDLE is not set: name a format 1.x or 2.0 bundle (`make test` builds one and sets it)' : false;

/** A fresh copy of a file's bytes, to damage. */
export function load(path) {
  return new Uint8Array(readFileSync(path));
}

/** Map of tag -> {index, offset, length} of a bundle image's section table. */
export function table(image) {
  const data = new DataView(image.buffer, image.byteOffset, image.byteLength);
  const count = data.getUint32(16, true);
  const entries = new Map();
  for (let index = 0; index < count; index++) {
    const at = 64 + 32 * index;
    const tag = String.fromCharCode(...image.subarray(at, at + 4));
    entries.set(tag, { index, offset: Number(data.getBigUint64(at + 8, true)), length: Number(data.getBigUint64(at + 16, true)) });
  }
  return entries;
}

/** The first of the demo and station bundles whose table lists `tag`, or null. */
export function firstBundleWith(tag) {
  for (const path of [BUNDLE, STATION]) {
    if (path !== null && existsSync(path) && table(load(path)).has(tag)) return path;
  }
  return null;
}

export function sectionOf(image, tag) {
  const { offset, length } = table(image).get(tag);
  return image.subarray(offset, offset + length);
}

/** EGRS (section version 2), read plainly: the nodes whose bit is set, each with the index of its
 * entries (their order), and where an entry lies; every other node is an exit, an entrance or
 * outdoors. */
export function egressOf(image) {
  const { offset } = table(image).get('EGRS');
  const data = view(image);
  const nodes = data.getUint32(offset + 4, true);
  const count = data.getUint32(offset + 8, true);
  const listed = new Map();
  for (let node = 0; node < nodes; node++) if ((image[offset + 16 + (node >> 3)] >> (node & 7)) & 1) listed.set(node, listed.size);
  const words = Math.ceil(nodes / 64);
  const tables = offset + Math.ceil((16 + 12 * words) / 8) * 8;
  return { listed, count, entry: (profile, index) => tables + 12 * (profile * count + index) };
}

export function view(image) {
  return new DataView(image.buffer, image.byteOffset, image.byteLength);
}

export function fixSectionChecksum(image, tag) {
  const { index, offset, length } = table(image).get(tag);
  const digest = createHash('sha256').update(image.subarray(offset, offset + length)).digest();
  image.set(digest.subarray(0, 8), 64 + 32 * index + 24);
}

export function fixFileHash(image) {
  image.fill(0, 32, 64);
  image.set(createHash('sha256').update(image).digest(), 32);
}

/** What a hostile writer would do: make damage invisible to checksum verification. */
export function fixChecksums(image, tag) {
  fixSectionChecksum(image, tag);
  fixFileHash(image);
}

/** A small seeded generator (mulberry32): the same damage on every run. */
export function random(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  next.below = (n) => Math.floor(next() * n);
  next.pick = (list) => list[Math.floor(next() * list.length)];
  return next;
}

/** ARCS and NODE read here: {nodes, first, heads, tails, kinds, levels}. */
export function graphOf(image) {
  const data = view(image);
  const { offset } = table(image).get('ARCS');
  const nodes = data.getUint32(offset, true);
  const arcs = data.getUint32(offset + 4, true);
  const first = [];
  for (let v = 0; v <= nodes; v++) first.push(data.getUint32(offset + 8 + 4 * v, true));
  const entries = offset + Math.ceil((8 + 4 * (nodes + 1)) / 8) * 8;
  const heads = [];
  const tails = [];
  for (let arc = 0; arc < arcs; arc++) heads.push(data.getUint32(entries + 16 * arc, true));
  for (let v = 0; v < nodes; v++) for (let arc = first[v]; arc < first[v + 1]; arc++) tails[arc] = v;
  const node = table(image).get('NODE').offset;
  const levels = [];
  const latitudes = [];
  const longitudes = [];
  for (let v = 0; v < nodes; v++) {
    latitudes.push(data.getInt32(node + 8 + 16 * v, true));
    longitudes.push(data.getInt32(node + 12 + 16 * v, true));
    levels.push(data.getUint16(node + 16 + 16 * v, true));
  }
  return { nodes, arcs, first, heads, tails, levels, latitudes, longitudes };
}

/** Plain Dijkstra over the arcs and `costs` (INFINITE where closed): distances from `source`. */
export function dijkstra(graph, costs, source) {
  const distance = new Array(graph.nodes).fill(Infinity);
  const done = new Uint8Array(graph.nodes);
  distance[source] = 0;
  // A simple O(n^2) search: fine for the demo bundles, and nothing like the module's.
  for (;;) {
    let node = -1;
    for (let v = 0; v < graph.nodes; v++) if (!done[v] && distance[v] < Infinity && (node < 0 || distance[v] < distance[node])) node = v;
    if (node < 0) return distance;
    done[node] = 1;
    for (let arc = graph.first[node]; arc < graph.first[node + 1]; arc++) {
      if (costs[arc] === 0xffffffff) continue;
      const total = distance[node] + costs[arc];
      if (total < distance[graph.heads[arc]]) distance[graph.heads[arc]] = total;
    }
  }
}

/** [[key bytes, field, place]] of SRCH, in index order, then ALIA's. */
export function keysOf(image) {
  const section = sectionOf(image, 'SRCH');
  const data = view(section);
  const folds = data.getUint32(0, true);
  const keys = data.getUint32(4, true);
  const foldBytes = data.getUint32(8, true);
  const keyAt = 16 + 12 * folds;
  const textAt = keyAt + 12 * keys + foldBytes;
  const found = [];
  for (let index = 0; index < keys; index++) {
    const at = keyAt + 12 * index;
    const offset = data.getUint32(at, true);
    const length = data.getUint16(at + 4, true);
    found.push([section.slice(textAt + offset, textAt + offset + length), section[at + 6], data.getUint32(at + 8, true)]);
  }
  if (!table(image).has('ALIA')) return found;
  // ALIA's keys (field 4) rank after all of SRCH's.
  const alias = sectionOf(image, 'ALIA');
  const aliasData = view(alias);
  const [places, aliases, aliasKeys] = [0, 4, 8].map((at) => aliasData.getUint32(at, true));
  const aliasKeyAt = 16 + 4 * (places + 1) + 12 * aliases;
  const aliasTextAt = aliasKeyAt + 12 * aliasKeys;
  for (let index = 0; index < aliasKeys; index++) {
    const at = aliasKeyAt + 12 * index;
    const offset = aliasData.getUint32(at, true);
    const length = aliasData.getUint16(at + 4, true);
    found.push([alias.slice(aliasTextAt + offset, aliasTextAt + offset + length), alias[at + 6], aliasData.getUint32(at + 8, true)]);
  }
  return found;
}

/** Prefix search by scanning every key: the format's definition, without bisection. */
export function bruteSearch(keys, folded, limit) {
  if (!folded) return [];
  const prefix = new TextEncoder().encode(folded);
  const best = new Map();
  keys.forEach(([key, field, place], position) => {
    if (key.length < prefix.length || prefix.some((byte, i) => key[i] !== byte)) return;
    const known = best.get(place);
    if (!known || field < known[0] || (field === known[0] && position < known[1])) best.set(place, [field, position]);
  });
  return [...best].sort((a, b) => a[1][0] - b[1][0] || a[1][1] - b[1][1]).slice(0, limit)
    .map(([place, [field]]) => ({ place, field }));
}

/** Degrees to 1e-7 degree as the format says: the double product, rounded half away from zero,
 * in exact decimal arithmetic. */
export function toUnits(degrees) {
  const product = degrees * 1e7;
  const whole = Math.trunc(product);
  const rest = Math.abs(product - whole);
  return rest >= 0.5 ? whole + Math.sign(product) : whole;
}

/** The nearest node of `level` by measuring every node: the format's definition. */
export function bruteSnap(graph, scale, latitude, longitude, level, accept = () => true) {
  const queryLat = toUnits(latitude);
  const queryLon = toUnits(longitude);
  let best = null;
  for (let node = 0; node < graph.nodes; node++) {
    if (graph.levels[node] !== level || !accept(node)) continue;
    const dy = queryLat - graph.latitudes[node];
    const dx = (queryLon - graph.longitudes[node]) * scale;
    const squared = dx * dx + dy * dy;
    if (best === null || squared < best[0]) best = [squared, node];
  }
  return best === null ? null : { node: best[1], metres: Math.sqrt(best[0]) * 0.011131949079327357 };
}

/** Profile `index`'s PROF costs, read here. */
export function costsOf(image, index) {
  const section = sectionOf(image, 'PROF');
  const data = view(section);
  const count = data.getUint32(0, true);
  const arcs = data.getUint32(4, true);
  const costs = [];
  for (let arc = 0; arc < arcs; arc++) costs.push(data.getUint32(8 + 8 * count + 4 * (arcs * index + arc), true));
  return costs;
}

/** Checks that `route` is a lightest route from `source` to `target` over `costs`: it chains over
 * open arcs and costs the Dijkstra distance; or that there is none. */
export function assertLightest(assert, graph, costs, source, target, route, distances) {
  if (distances[target] === Infinity) {
    assert.equal(route, null, `no route from ${source} to ${target}`);
    return;
  }
  assert.notEqual(route, null, `a route from ${source} to ${target}`);
  assert.equal(route.nodes[0], source);
  assert.equal(route.nodes[route.nodes.length - 1], target);
  let total = 0;
  route.arcs.forEach((arc, i) => {
    assert.equal(graph.tails[arc], route.nodes[i]);
    assert.equal(graph.heads[arc], route.nodes[i + 1]);
    assert.notEqual(costs[arc], 0xffffffff);
    total += costs[arc];
  });
  assert.equal(total, route.duration);
  assert.equal(route.duration, distances[target]);
}
