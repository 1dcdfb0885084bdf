// Wi-Fi locating on the bundle's radio map (WIFI, section version 2): ids normalised as the format
// says, samples made from the map's spots located on their own floor, the arithmetic's corner
// cases, and a map in another section version treated as absent.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scanOf } from '../answer.mjs';
import { BundleError, normalisedAccessPoint, open } from '../navbundle.mjs';
import { firstBundleWith, fixChecksums, fixFileHash, load, random, sectionOf, table, view } from './helpers.mjs';

const PATH = firstBundleWith('WIFI');
const SKIP = PATH === null ? 'neither NAVBUNDLE_TEST_BUNDLE nor NAVBUNDLE_TEST_STATION names a bundle with WIFI' : false;

test('scanned ids are normalised as the format says', () => {
  for (const [id, normal] of [['0:B:86:1A:2B:3C', '00:0b:86:1a:2b:3c'], ['00-0B-86-1A-2B-3C', '00:0b:86:1a:2b:3c'],
    ['000B861A2B3C', '00:0b:86:1a:2b:3c'], ['00:0b:86:1a:2b:3c', '00:0b:86:1a:2b:3c'], ['WAP012', 'WAP012'],
    ['00:0b-86:1a:2b:3c', '00:0b-86:1a:2b:3c'], ['000:b:86:1a:2b:3c', '000:b:86:1a:2b:3c'], ['00:0g:86:1a:2b:3c', '00:0g:86:1a:2b:3c'],
    ['0b861a2b3c', '0b861a2b3c'], ['', ''], ['::::::', '::::::'], ['a:b:c:d:e:f', '0a:0b:0c:0d:0e:0f']]) {
    assert.equal(normalisedAccessPoint(id), normal, id);
  }
});

test('scans of the vectors read as the format says', () => {
  assert.deepEqual(scanOf('WAP1:-50,00:0b:86:01:09:01:-70.5'), [{ id: 'WAP1', rssi: -50 }, { id: '00:0b:86:01:09:01', rssi: -70.5 }]);
  for (const text of ['', ':-50', 'a', 'a:', 'a:-', 'a:1.', 'a:.5', 'a:+5', 'a:1e2', 'a:-50,', 'a:-50,,b:-3', 'a:\u0665']) {
    assert.equal(scanOf(text), null, text);
  }
});

test('samples made from the spots are located on their own floor', { skip: SKIP }, async () => {
  const bundle = await open(load(PATH));
  assert.ok(bundle.hasRadioMap && bundle.has('WIFI'));
  const samples = bundle.radioMapSamples(40);
  assert.ok(samples.length > 0);
  let onFloor = 0;
  for (const sample of samples) {
    assert.ok(sample.scan.length > 0 && sample.label.includes(sample.floorName));
    const fix = bundle.locate(sample.scan);
    assert.notEqual(fix, null);
    assert.ok(fix.confidence >= 0 && fix.confidence <= 1);
    assert.ok(fix.neighbours >= 1);
    assert.equal(fix.latitude, fix.latitudeE7 / 1e7);
    if (fix.venueLevel !== null) assert.ok(fix.venueLevel < bundle.levelCount);
    if (fix.floor === sample.floor) onFloor++;
  }
  assert.ok(onFloor >= samples.length * 0.8, `${onFloor} of ${samples.length} on their own floor`);
  assert.deepEqual(bundle.radioMapSamples(0), []);
});

test('scans hearing nothing known are unknown, and an access point twice keeps its stronger reading', { skip: SKIP }, async () => {
  const bundle = await open(load(PATH));
  assert.equal(bundle.locate([]), null);
  assert.equal(bundle.locate([{ id: 'no such access point', rssi: -40 }]), null);
  const [sample] = bundle.radioMapSamples(1);
  const { id, rssi } = sample.scan[0];
  assert.equal(bundle.locate([{ id, rssi: -200 }, { id, rssi: NaN }, { id, rssi: Infinity }]), null);
  const once = bundle.locate([{ id, rssi }]);
  assert.deepEqual(bundle.locate([{ id, rssi: rssi - 20 }, { id, rssi }]), once);
  // A BSSID is found however it is written.
  if (/^([0-9a-f]{2}:){5}[0-9a-f]{2}$/.test(id)) {
    assert.deepEqual(bundle.locate([{ id: id.toUpperCase().replace(/:/g, '-'), rssi }]), once);
    assert.deepEqual(bundle.locate([{ id: id.replace(/:/g, ''), rssi }]), once);
  }
  for (const bad of [null, [{ id: 1, rssi: -50 }], [{ id: 'a' }], 'WAP1:-50']) {
    assert.throws(() => bundle.locate(bad), (error) => error instanceof BundleError && error.code === 'argument');
  }
});

test('a damaged radio map is refused, naming WIFI, or locates as before', { skip: SKIP }, async () => {
  const original = load(PATH);
  const intact = await open(original);
  const scans = intact.radioMapSamples(6).map((sample) => sample.scan);
  const { offset, length } = table(original).get('WIFI');
  const rng = random(71);
  let refused = 0;
  for (let attempt = 0; attempt < 60; attempt++) {
    const image = original.slice();
    // The header and the tables' first bytes, where counts and offsets are.
    const at = offset + (rng() < 0.5 ? rng.below(Math.min(length, 256)) : rng.below(length));
    image[at] ^= 1 << rng.below(8);
    fixChecksums(image, 'WIFI');
    const bundle = await open(image);
    try {
      for (const scan of scans) {
        const fix = bundle.locate(scan);
        if (fix !== null) assert.ok(Number.isFinite(fix.latitudeE7) && fix.confidence >= 0 && fix.confidence <= 1);
      }
      bundle.radioMapSamples(3);
    } catch (error) {
      assert.ok(error instanceof BundleError && error.section === 'WIFI', `${error && error.stack}`);
      refused++;
    }
  }
  assert.ok(refused > 0);
});

test('a radio map in another section version is absent, and locating says to rebuild', { skip: SKIP }, async () => {
  const original = load(PATH);
  const { index } = table(original).get('WIFI');
  for (const version of [1, 3]) {
    const image = original.slice();
    view(image).setUint16(64 + 32 * index + 4, version, true);
    fixFileHash(image);
    const bundle = await open(image);
    assert.equal(bundle.hasRadioMap, false);
    assert.equal(bundle.has('WIFI'), false);
    assert.deepEqual(bundle.radioMapSamples(3), []);
    assert.throws(() => bundle.locate([{ id: '00:0b:86:01:09:01', rssi: -50 }]), (error) => error instanceof BundleError
      && error.code === 'unavailable' && error.section === 'WIFI' && /rebuild/.test(error.message));
  }
});

/** The spots of a WIFI section (section version 2), read plainly from its bytes: each spot's
 * position, floor and readings (the access points whose spot postings list it, in index order,
 * at level / 2 - 128 dBm). */
function spotsOf(wifi) {
  const data = new DataView(wifi.buffer, wifi.byteOffset, wifi.byteLength);
  const [A, B, F, R, C, P, Q, S] = Array.from({ length: 8 }, (_, i) => data.getUint32(4 * i, true));
  const up = (offset) => Math.ceil(offset / 8) * 8;
  const spotFirst = up(80 + 4 * A), scanFirst = up(spotFirst + 4 * (A + 1)), buildings = up(scanFirst + 4 * (A + 1));
  const floors = up(buildings + 4 * B), spots = floors + 16 * F, scans = up(spots + 12 * R);
  const spotPostings = up(scans + 4 * C), scanPostings = up(spotPostings + 4 * P), offsets = up(scanPostings + 4 * Q);
  const text = offsets + 4 * (S + 1);
  const string = (index) => new TextDecoder().decode(wifi.subarray(text + data.getUint32(offsets + 4 * index, true),
    text + data.getUint32(offsets + 4 * index + 4, true)));
  const result = Array.from({ length: R }, (_, r) => ({
    latitude: data.getInt32(spots + 12 * r, true), longitude: data.getInt32(spots + 12 * r + 4, true),
    floor: data.getUint16(spots + 12 * r + 8, true), scan: [],
  }));
  for (let a = 0; a < A; a++) {
    const id = string(data.getUint32(80 + 4 * a, true));
    for (let k = data.getUint32(spotFirst + 4 * a, true); k < data.getUint32(spotFirst + 4 * a + 4, true); k++) {
      const posting = data.getUint32(spotPostings + 4 * k, true);
      result[posting >>> 8].scan.push({ id, rssi: (posting & 0xff) / 2 - 128 });
    }
  }
  return result;
}

test('each sample is its spot as WIFI stores it', { skip: SKIP }, async () => {
  const image = load(PATH);
  const bundle = await open(image);
  const spots = spotsOf(sectionOf(image, 'WIFI'));
  const samples = bundle.radioMapSamples(1000);
  assert.equal(samples.length, spots.length);
  samples.forEach((sample, index) => {
    const spot = spots[index];
    assert.equal(sample.referencePoint, index);
    assert.equal(sample.floor, spot.floor);
    assert.equal(sample.latitude, spot.latitude / 1e7);
    assert.equal(sample.longitude, spot.longitude / 1e7);
    assert.deepEqual(sample.scan, spot.scan, `spot ${index}`);
  });
});
