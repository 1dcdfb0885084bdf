#!/usr/bin/env node
/**
 * Times the JavaScript reader: `bench.mjs BUNDLE [PAIRS] [ROUNDS] [SEED] [PROFILE] [SCANS]`.
 *
 * Opening with every checksum verified and without, routes between PAIRS random node pairs
 * (xorshift32 from SEED, the generator readers/c/bench_route.c uses, so that both time the same
 * pairs), and Wi-Fi locating when the bundle has a radio map: of the `locate` lines of SCANS (a
 * query file such as readers/vectors/uji.queries) when it is given, else of scans made from the
 * map's spots (the survey's positions). Each figure is the median of ROUNDS rounds; a route round is the mean over all pairs
 * after a first round that customises the profile's metric (or checks its hierarchy) and warms the
 * code. Prints one `name value unit` line per figure, and the sum of the route durations, which
 * the C program prints too, so that the two are seen to answer the same queries.
 */
import { readFileSync } from 'node:fs';
import { scanOf } from './answer.mjs';
import { open } from './navbundle.mjs';

const [path, pairsText = '2000', roundsText = '15', seedText = '20261125', profileArgument, scansPath] = process.argv.slice(2);
if (!path) {
  process.stderr.write('usage: bench.mjs BUNDLE [PAIRS] [ROUNDS] [SEED] [PROFILE] [SCANS]\n');
  process.exit(2);
}
const pairs = Number(pairsText);
const rounds = Number(roundsText);
const bytes = readFileSync(path);

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const now = () => Number(process.hrtime.bigint()) / 1e6; // milliseconds

/** xorshift32, as readers/c/bench_route.c has it. */
function generator(seed) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state;
  };
}

const verified = [];
const unverified = [];
for (let round = 0; round < rounds; round++) {
  let start = now();
  await open(bytes, { verifyChecksums: true });
  verified.push(now() - start);
  start = now();
  await open(bytes, { verifyChecksums: false });
  unverified.push(now() - start);
}
console.log(`open-verified ${median(verified).toFixed(3)} ms`);
console.log(`open-unverified ${median(unverified).toFixed(3)} ms`);

const bundle = await open(bytes);
let start;
// A radio map alone (a survey compiled without a venue) has no graph to route on.
if (bundle.nodeCount > 0 && (bundle.customisable || bundle.sections().some(({ tag }) => tag.startsWith('CH')))) {
  const profile = profileArgument && profileArgument !== '-' ? profileArgument : bundle.profiles()[0];
  const next = generator(Number(seedText));
  const sources = new Uint32Array(pairs);
  const targets = new Uint32Array(pairs);
  for (let i = 0; i < pairs; i++) {
    sources[i] = next() % bundle.nodeCount;
    targets[i] = next() % bundle.nodeCount;
  }
  start = now();
  bundle.route(profile, sources[0], targets[0]);
  console.log(`first-route ${(now() - start).toFixed(3)} ms`);
  let total = 0;
  const perRoute = [];
  for (let round = 0; round <= rounds; round++) {
    let sum = 0;
    start = now();
    for (let i = 0; i < pairs; i++) {
      const route = bundle.route(profile, sources[i], targets[i]);
      if (route !== null) sum += route.duration;
    }
    const elapsed = now() - start;
    if (round > 0) perRoute.push((elapsed * 1000) / pairs);
    total = sum;
  }
  console.log(`route ${median(perRoute).toFixed(3)} us`);
  console.log(`route-duration-sum ${total}`);
}

if (bundle.hasRadioMap) {
  const scans = scansPath
    ? readFileSync(scansPath, 'utf8').split('\n').filter((line) => line.startsWith('locate ')).map((line) => scanOf(line.slice(7)))
      .filter(Boolean)
    : bundle.radioMapSamples(200).map((sample) => sample.scan);
  const perScan = [];
  for (let round = 0; round <= rounds; round++) {
    start = now();
    for (const scan of scans) bundle.locate(scan);
    if (round > 0) perScan.push(((now() - start) * 1000) / scans.length);
  }
  console.log(`locate ${median(perScan).toFixed(3)} us (${scans.length} scans${scansPath ? ` of ${scansPath}` : ' made from spots'})`);
}
