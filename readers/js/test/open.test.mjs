// Opening: the header, the section table, the required sections and the checksums, and every way
// a file can fail them. Each refusal is a BundleError with its code, never another exception.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BundleError, open } from '../navbundle.mjs';
import { BUNDLE, NO_BUNDLE, fixFileHash, fixSectionChecksum, load, table, view } from './helpers.mjs';

async function refused(image, code, options = { verifyChecksums: true }) {
  await assert.rejects(open(image, options), (error) => {
    assert.ok(error instanceof BundleError, `${error}`);
    assert.equal(error.code, code, error.message);
    return true;
  });
  try {
    await open(image, options);
  } catch (error) {
    return error;
  }
  return null;
}

const entry = (index) => 64 + 32 * index;

test('opens, verifies and lists sections', { skip: NO_BUNDLE }, async () => {
  const image = load(BUNDLE);
  const bundle = await open(image);
  const sections = bundle.sections();
  const listed = table(image);
  assert.equal(sections.length, listed.size);
  for (const section of sections) {
    assert.equal(section.offset, listed.get(section.tag).offset);
    assert.equal(section.length, listed.get(section.tag).length);
  }
  assert.deepEqual(sections.map((s) => s.offset), [...sections.map((s) => s.offset)].sort((a, b) => a - b));
  const major = view(image).getUint16(8, true);
  assert.deepEqual(bundle.formatVersion, { major, minor: view(image).getUint16(10, true) });
  const metadata = bundle.metadata;
  assert.deepEqual(metadata.profiles, bundle.profiles());
  assert.equal(metadata.levels.length, bundle.levels().length);
  assert.ok(Array.isArray(metadata.sources) && metadata.sources.length > 0);
  // An ArrayBuffer opens as well as a Uint8Array, and so does a view that starts off alignment.
  await open(image.buffer.slice(image.byteOffset, image.byteOffset + image.byteLength));
  const shifted = new Uint8Array(image.length + 3);
  shifted.set(image, 3);
  assert.deepEqual((await open(shifted.subarray(3))).route(bundle.profiles()[0], 0, 0).nodes, [0]);
  const shared = new Uint8Array(new SharedArrayBuffer(image.length));
  shared.set(image);
  assert.equal((await open(shared)).levels().length, bundle.levels().length);
  assert.equal((await open(shared.buffer)).levels().length, bundle.levels().length);
});

test('truncated, empty and foreign files', { skip: NO_BUNDLE }, async () => {
  const image = load(BUNDLE);
  assert.match((await refused(image.subarray(0, image.length - 1), 'size-mismatch')).message, /truncated/);
  await refused(new Uint8Array(0), 'not-a-bundle');
  await refused(new TextEncoder().encode(`<?xml version='1.0'?><osm/>${' '.repeat(100)}`), 'not-a-bundle');
  const foreign = image.slice();
  foreign[0] = 0x58;
  assert.match((await refused(foreign, 'not-a-bundle')).message, /magic/);
  const extended = new Uint8Array(image.length + 8);
  extended.set(image);
  await refused(extended, 'size-mismatch');
  await assert.rejects(open('not bytes'), (error) => error instanceof BundleError && error.code === 'argument');
});

test('majors 1 and 2 open, 0 and 3 are refused', { skip: NO_BUNDLE }, async () => {
  for (const major of [1, 2]) {
    const image = load(BUNDLE);
    view(image).setUint16(8, major, true);
    fixFileHash(image);
    const bundle = await open(image);
    assert.equal(bundle.formatVersion.major, major);
    assert.deepEqual(bundle.route(bundle.profiles()[0], 0, 0).nodes, [0]);
  }
  for (const [major, minor, advice] of [[3, 0, 'update the reader'], [0, 4, 'rebuild the bundle'], [9, 1, 'update the reader']]) {
    const image = load(BUNDLE);
    view(image).setUint16(8, major, true);
    view(image).setUint16(10, minor, true);
    fixFileHash(image);
    const error = await refused(image, 'unsupported-version', { verifyChecksums: false, name: 'later.navbundle' });
    assert.equal(error.message, `later.navbundle: format ${major}.${minor} is not supported; this reader reads 1.x and 2.x; ${advice}`);
  }
});

test('a later minor opens', { skip: NO_BUNDLE }, async () => {
  const image = load(BUNDLE);
  const major = view(image).getUint16(8, true);
  view(image).setUint16(10, 9, true);
  fixFileHash(image);
  assert.deepEqual((await open(image)).formatVersion, { major, minor: 9 });
});

test('a bit flip in any section fails its checksum', { skip: NO_BUNDLE }, async () => {
  const original = load(BUNDLE);
  for (const [tag, { offset, length }] of table(original)) {
    if (length === 0) continue;
    const image = original.slice();
    image[offset + Math.floor(length / 2)] ^= 0x10;
    const error = await refused(image, 'checksum');
    assert.equal(error.section, tag);
    assert.match(error.message, new RegExp(`section ${tag}`));
    // Without verification the same file opens, or is refused for its structure: never silently
    // taken as verified.
    try {
      await open(image, { verifyChecksums: false });
    } catch (caught) {
      assert.ok(caught instanceof BundleError && caught.code !== 'checksum', `${caught}`);
    }
  }
});

test('the whole-file hash catches what section checksums miss', { skip: NO_BUNDLE }, async () => {
  const original = load(BUNDLE);
  const image = original.slice();
  image[table(image).get('PLAC').offset + 9] ^= 0x01;
  fixSectionChecksum(image, 'PLAC');
  assert.match((await refused(image, 'checksum')).message, /whole-file SHA-256/);
  await open(image, { verifyChecksums: false });
  // Bytes no section covers: the (ignored) flags and the file's hash itself.
  for (const offset of [12, 40]) {
    const damaged = original.slice();
    damaged[offset] ^= 0x04;
    assert.match((await refused(damaged, 'checksum')).message, /whole-file SHA-256/);
  }
});

test('without WebCrypto, verification is refused in plain words, never skipped', { skip: NO_BUNDLE }, async () => {
  const image = load(BUNDLE);
  const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'crypto');
  Object.defineProperty(globalThis, 'crypto', { value: {}, configurable: true, writable: true });
  try {
    const error = await refused(image, 'webcrypto-unavailable');
    assert.match(error.message, /WebCrypto/);
    assert.match(error.message, /not a secure context/);
    assert.match(error.message, /could not be checked/);
    // Asked not to verify, it opens: that is the caller's decision, and the default is to verify.
    await open(image, { verifyChecksums: false });
    Object.defineProperty(globalThis, 'crypto', { value: undefined, configurable: true, writable: true });
    await refused(image, 'webcrypto-unavailable');
  } finally {
    Object.defineProperty(globalThis, 'crypto', descriptor);
  }
  await open(image);
});

test('required sections and unknown section versions', { skip: NO_BUNDLE }, async () => {
  const original = load(BUNDLE);
  const plac = table(original).get('PLAC').index;
  let image = original.slice();
  image.set(new TextEncoder().encode('XPLA'), entry(plac));
  const missing = await refused(image, 'missing-section', { verifyChecksums: false });
  assert.match(missing.message, /required section PLAC/);
  assert.equal(missing.section, 'PLAC');
  image = original.slice();
  view(image).setUint16(entry(plac) + 4, 2, true);
  // A required section's absence is the table's damage: found before the checksums are read.
  assert.match((await refused(image, 'missing-section')).message, /required section PLAC/);
  // An optional section at an unknown version is absent, and the rest still works.
  const srch = table(original).get('SRCH').index;
  image = original.slice();
  view(image).setUint16(entry(srch) + 4, 2, true);
  fixFileHash(image);
  const bundle = await open(image);
  assert.equal(bundle.has('SRCH'), false);
  assert.throws(() => bundle.searchPrefix('a'), (error) => error instanceof BundleError && error.code === 'unavailable'
    && /not available/.test(error.message));
  assert.notEqual(bundle.route(bundle.profiles()[0], 0, 1), undefined);
});

test('sections outside the file, overlapping, misaligned, twice or with tags that are not ASCII', { skip: NO_BUNDLE }, async () => {
  const original = load(BUNDLE);
  const sections = [...table(original).values()].sort((a, b) => a.index - b.index);
  const damaged = (patch) => {
    const image = original.slice();
    patch(view(image), image);
    return image;
  };
  const options = { verifyChecksums: false };
  const cases = [
    [(data) => data.setBigUint64(entry(0) + 8, BigInt(original.length + 8), true), /outside/],
    [(data) => data.setBigUint64(entry(0) + 16, 2n ** 62n, true), /outside/],
    [(data) => data.setBigUint64(entry(0) + 16, 2n ** 64n - 8n, true), /outside/],
    [(data) => data.setBigUint64(entry(1) + 8, BigInt(sections[0].offset), true), /overlap/],
    [(data) => data.setBigUint64(entry(0) + 8, BigInt(sections[0].offset + 4), true), /outside/],
    [(data) => data.setBigUint64(entry(0) + 8, 64n, true), /outside/],
    [(data) => data.setUint32(16, 10 ** 6, true), /1000000 sections, more than 4096/],
    [(data) => data.setUint32(16, 4097, true), /4097 sections, more than 4096/],
    [(data) => data.setUint32(20, 68, true), /a header of 68 bytes .* do not fit/],
    [(data) => data.setUint32(20, 56, true), /a header of 56 bytes .* do not fit/],
    [(data, image) => image.copyWithin(entry(1), entry(0), entry(0) + 4), /twice/],
    [(data, image) => { image[entry(3) + 1] = 0xc3; }, /not ASCII/],
  ];
  for (const [patch, message] of cases) {
    for (const verifyChecksums of [false, true]) {
      const error = await refused(damaged(patch), 'section-table', { verifyChecksums });
      assert.match(error.message, message);
    }
  }
  // A section of length zero at the end of the file, and a tag this reader does not know, are fine.
  const image = original.slice();
  view(image).setUint32(entry(sections.length - 1), 0x4b4e4a58, true); // "XJNK"
  fixFileHash(image);
  const bundle = await open(image, options);
  assert.ok(bundle.sections().some((section) => section.tag === 'XJNK'));
});

test('damaged required sections are refused when the bundle opens', { skip: NO_BUNDLE }, async () => {
  const original = load(BUNDLE);
  const at = (tag) => table(original).get(tag).offset;
  const cases = [
    ['STRS', (data) => data.setUint32(at('STRS'), 0xffffff, true)],
    ['STRS', (data) => data.setUint32(at('STRS') + 12, 0xfffffff, true)],
    ['LEVL', (data) => data.setUint32(at('LEVL'), 1000, true)],
    ['NODE', (data) => data.setUint16(at('NODE') + 16, 900, true)],
    ['NODE', (data) => data.setUint32(at('NODE'), 0x10000000, true)],
    ['ARCS', (data) => data.setUint32(at('ARCS') + 4, 7, true)],
    ['ARCS', (data) => data.setUint32(at('ARCS') + 12, 0xfffffff, true)],
    ['PROF', (data) => data.setUint32(at('PROF'), 300, true)],
    ['PROF', (data) => data.setUint32(at('PROF') + 8, 0xfffffff0, true)],
    ['PLAC', (data) => data.setUint32(at('PLAC') + 8 + 4, 0xffffff0, true)],
    ['PLAC', (data) => data.setUint16(at('PLAC') + 8 + 2, 900, true)],
    ['EVNT', (data) => data.setUint32(at('EVNT'), 100, true)],
  ];
  for (const [tag, patch] of cases) {
    const image = original.slice();
    patch(view(image));
    const error = await refused(image, 'malformed', { verifyChecksums: false });
    assert.equal(error.section, tag, error.message);
    // With checksums, the stale checksum is found first.
    await refused(image, 'checksum');
  }
});

test('META nested deeper than the JSON limit is refused as malformed, not a RangeError', { skip: NO_BUNDLE }, async () => {
  const image = load(BUNDLE);
  const { offset, length } = table(image).get('META');
  // 65 arrays in one another fit any META; a hostile writer could nest a million.
  const deep = '['.repeat(65) + ']'.repeat(65);
  image.fill(0x20, offset, offset + length);
  image.set(new TextEncoder().encode(deep), offset);
  fixSectionChecksum(image, 'META');
  fixFileHash(image);
  const bundle = await open(image);
  assert.throws(() => bundle.metadata, (error) => {
    assert.ok(error instanceof BundleError, `${error}`);
    assert.equal(error.code, 'malformed');
    assert.match(error.message, /META: nests deeper than 64/);
    return true;
  });
});
