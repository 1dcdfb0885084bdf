// Opening from a fetch Response (openResponse): the body read in chunks into the reader's memory
// must give the bundle `open` gives from the same bytes, whatever the Content-Length says, and be
// refused with the same errors.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BundleError, open, openResponse } from '../navbundle.mjs';
import { BUNDLE, NO_BUNDLE, load, table } from './helpers.mjs';

/** A Response whose body arrives in `chunk`-byte pieces, declaring `length` (none when null). */
function responseOf(bytes, { chunk = 4096, length = bytes.length, status = 200 } = {}) {
  let at = 0;
  const body = new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) {
        controller.close();
        return;
      }
      controller.enqueue(bytes.slice(at, at + chunk));
      at += chunk;
    },
  });
  const headers = length === null ? {} : { 'content-length': String(length) };
  return new Response(body, { status, headers });
}

/** What a reading of every level, place and arc, and of a route, gives: to compare two openings. */
function reading(bundle) {
  const profile = bundle.profiles()[0];
  return {
    sections: bundle.sections(),
    levels: bundle.levels(),
    places: Array.from({ length: bundle.placeCount }, (_, index) => bundle.place(index)),
    arcs: Array.from({ length: bundle.arcCount }, (_, index) => bundle.arc(index)),
    route: bundle.route(profile, 0, bundle.nodeCount - 1),
  };
}

async function refusedWith(promise, code) {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof BundleError, `${error}`);
    assert.equal(error.code, code, error.message);
    return error;
  }
  assert.fail(`opened, but should be refused with ${code}`);
}

test('a response opens as its bytes do, whatever its Content-Length says', { skip: NO_BUNDLE }, async () => {
  const image = load(BUNDLE);
  const expected = reading(await open(image));
  // Exact, absent, too small (the memory grows as the bytes come, several times) and too large,
  // up to sizes the core's 32-bit memory cannot hold or a 32-bit count would wrap round.
  for (const length of [image.length, null, 1000, image.length + 12345, 3e9, 2 ** 32 + 1, 2 ** 32 + 16, 2 ** 33 + 64]) {
    for (const chunk of [97, 65536, image.length]) {
      const bundle = await openResponse(responseOf(image, { chunk, length }));
      assert.deepEqual(reading(bundle), expected, `Content-Length ${length}, chunks of ${chunk}`);
    }
  }
  // Unverified as well, and from a Response made of the bytes at once.
  assert.deepEqual(reading(await openResponse(new Response(image), { verifyChecksums: false })), expected);
});

test('damage is refused as open refuses it, with the same message', { skip: NO_BUNDLE }, async () => {
  const original = load(BUNDLE);
  const flipped = original.slice();
  const { offset, length } = table(original).get('PLAC');
  flipped[offset + Math.floor(length / 2)] ^= 0x10;
  const damaged = [original.subarray(0, original.length - 1), new Uint8Array(0), flipped];
  for (const image of damaged) {
    let expected;
    await open(image, { name: 'city.navbundle' }).catch((error) => { expected = error; });
    assert.ok(expected instanceof BundleError);
    const error = await refusedWith(openResponse(responseOf(image), { name: 'city.navbundle' }), expected.code);
    assert.equal(error.message, expected.message);
    assert.equal(error.section, expected.section);
  }
  // A body of nothing at all (no stream) is an empty file.
  await refusedWith(openResponse(new Response(null)), 'not-a-bundle');
});

test('an HTTP error, a body read already or something else is refused as an argument', { skip: NO_BUNDLE }, async () => {
  const image = load(BUNDLE);
  const missing = await refusedWith(openResponse(responseOf(image, { status: 404 }), { name: 'city' }), 'argument');
  assert.match(missing.message, /^city: the response is HTTP 404/);
  const used = new Response(image);
  await used.arrayBuffer();
  assert.match((await refusedWith(openResponse(used), 'argument')).message, /read already/);
  for (const other of [image, image.buffer, null, undefined, { body: null, ok: true }]) {
    await refusedWith(openResponse(other), 'argument');
  }
  // A body of the caller's own stream that gives text rather than bytes.
  const texts = new ReadableStream({ start(controller) { controller.enqueue('NAVFBNDL'); controller.close(); } });
  assert.match((await refusedWith(openResponse(new Response(texts)), 'argument')).message, /other than bytes/);
});

test('without WebCrypto it refuses before reading the body, which can still be opened unchecked', { skip: NO_BUNDLE }, async () => {
  const image = load(BUNDLE);
  const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'crypto');
  Object.defineProperty(globalThis, 'crypto', { value: {}, configurable: true, writable: true });
  try {
    const response = responseOf(image);
    const error = await refusedWith(openResponse(response), 'webcrypto-unavailable');
    let fromBytes;
    await open(image).catch((caught) => { fromBytes = caught; });
    assert.equal(error.message, fromBytes.message);
    assert.equal(response.bodyUsed, false);
    const bundle = await openResponse(response, { verifyChecksums: false });
    assert.deepEqual(reading(bundle), reading(await open(image, { verifyChecksums: false })));
  } finally {
    Object.defineProperty(globalThis, 'crypto', descriptor);
  }
});

test('a download that fails rejects with its own error', { skip: NO_BUNDLE }, async () => {
  const image = load(BUNDLE);
  const broken = new Error('connection reset');
  let sent = false;
  const body = new ReadableStream({
    pull(controller) {
      if (sent) {
        controller.error(broken);
        return;
      }
      controller.enqueue(image.slice(0, 1000));
      sent = true;
    },
  });
  await assert.rejects(openResponse(new Response(body, { headers: { 'content-length': String(image.length) } })),
    (error) => error === broken);
  // The reader's memory was given back: the bundle still opens many times over in it.
  for (let round = 0; round < 3; round++) await openResponse(responseOf(image));
});
