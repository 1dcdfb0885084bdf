// Signed statements: verifySignature, verifyStatement and verifyRelease with WebCrypto's Ed25519.
// RFC 8032's published test vectors and statements signed here with RFC 8032's test key (node:crypto,
// not the module) need nothing else; with NAVBUNDLE_TEST_NAVFORGE naming the navforge command and
// NAVBUNDLE_TEST_BUNDLE a bundle in its build folder, the command makes a key pair and publishes
// that folder into a temporary root, and what it signed is verified, then damaged and refused.
import assert from 'node:assert/strict';
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { BundleError, importPublicKey, open, verifyRelease, verifySignature, verifyStatement } from '../navbundle.mjs';
import { BUNDLE, NO_BUNDLE, fromEnvironment, load, random } from './helpers.mjs';

const NAVFORGE = fromEnvironment('NAVBUNDLE_TEST_NAVFORGE');
const NO_NAVFORGE = NAVFORGE === null
  ? 'NAVBUNDLE_TEST_NAVFORGE is not set: name the navforge command to make a key pair and publish with (`make test` sets it)'
  : NO_BUNDLE;

const hex = (text) => new Uint8Array(Buffer.from(text, 'hex'));
const utf8 = (text) => new Uint8Array(Buffer.from(text, 'utf8'));
const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');
// RFC 8410's DER around a raw Ed25519 key: SubjectPublicKeyInfo and PKCS #8.
const SPKI_PREFIX = '302a300506032b6570032100';
const PKCS8_PREFIX = '302e020100300506032b657004220420';

// RFC 8032, section 7.1, TEST 1 (the empty message) and TEST 2 (one byte, 0x72).
const RFC8032 = [
  {
    secret: '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60',
    public: 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a',
    message: '',
    signature: 'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b',
  },
  {
    secret: '4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb',
    public: '3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c',
    message: '72',
    signature: '92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00',
  },
];
const TEST_KEY = RFC8032[0];
const testPrivateKey = createPrivateKey({ key: Buffer.from(PKCS8_PREFIX + TEST_KEY.secret, 'hex'), format: 'der', type: 'pkcs8' });
const testPublicPem = createPublicKey(testPrivateKey).export({ type: 'spki', format: 'pem' });
// What navforge names a key by: the first 16 hex digits of the SHA-256 of the raw 32 bytes.
const testKeyID = sha256(Buffer.from(TEST_KEY.public, 'hex')).slice(0, 16);

/** A statement as navforge writes it (compact JSON, sorted keys, final newline), with `fields`
 * over the defaults; `undefined` drops a field. */
function statementText(fields = {}, target = null) {
  const defaults = { format: 'navforge-statement/1', venue: 'test-venue', version: '2.1.0', bundle: 'test-venue-2.1.0.navbundle',
    size: target ? target.length : 13, sha256: target ? sha256(target) : sha256(utf8('not a bundle\n')) };
  const merged = { ...defaults, ...fields };
  const sorted = Object.fromEntries(Object.keys(merged).sort().filter((key) => merged[key] !== undefined).map((key) => [key, merged[key]]));
  return `${JSON.stringify(sorted)}\n`;
}

function signWith(privateKey, bytes) {
  return new Uint8Array(sign(null, bytes, privateKey));
}

async function refused(promise, code) {
  await assert.rejects(promise, (error) => {
    assert.ok(error instanceof BundleError, `a BundleError, not ${error && error.name}: ${error && error.message}`);
    assert.equal(error.code, code, error.message);
    return true;
  });
  try {
    await promise;
  } catch (error) {
    return error;
  }
  return null;
}

function flipped(bytes, at, mask = 0x01) {
  const copy = new Uint8Array(bytes);
  copy[at] ^= mask;
  return copy;
}

test('RFC 8032 test vectors 1 and 2 verify, and a flipped bit of message, signature or key does not', async () => {
  for (const vector of RFC8032) {
    const spki = hex(SPKI_PREFIX + vector.public);
    const signature = hex(vector.signature);
    const message = hex(vector.message);
    const keyID = sha256(Buffer.from(vector.public, 'hex')).slice(0, 16);
    assert.equal(await verifySignature(spki, signature, message), keyID);
    // PEM of the same key, and the imported key, verify the same.
    const pem = `-----BEGIN PUBLIC KEY-----\n${Buffer.from(spki).toString('base64')}\n-----END PUBLIC KEY-----\n`;
    assert.equal(await verifySignature(pem, signature, message), keyID);
    const imported = await importPublicKey(pem);
    assert.deepEqual({ ...imported }, { algorithm: 'Ed25519', keyID });
    assert.equal(await verifySignature(imported, signature.buffer, message.buffer), keyID);
    for (const at of [0, 31, 32, 63]) await refused(verifySignature(spki, flipped(signature, at), message), 'signature');
    if (message.length) await refused(verifySignature(spki, signature, flipped(message, 0)), 'signature');
    await refused(verifySignature(spki, signature, new Uint8Array([...message, 0])), 'signature');
    await refused(verifySignature(flipped(spki, 20), signature, message), 'signature');
  }
  // Each vector's signature under the other's key.
  await refused(verifySignature(hex(SPKI_PREFIX + RFC8032[1].public), hex(RFC8032[0].signature), hex(RFC8032[0].message)), 'signature');
});

test('a statement signed with RFC 8032\'s test key verifies, with the bundle bytes it names', async () => {
  const target = utf8('not a bundle\n');
  const text = statementText({}, target);
  const signature = signWith(testPrivateKey, utf8(text));
  const verified = await verifyStatement({ statement: utf8(text), signature, publicKey: testPublicPem, bundle: target,
    venue: 'test-venue', version: '2.1.0' });
  assert.deepEqual({ ...verified }, { format: 'navforge-statement/1', venue: 'test-venue', version: '2.1.0',
    bundle: 'test-venue-2.1.0.navbundle', size: 13, sha256: sha256(target), keyID: testKeyID });
  assert.ok(Object.isFrozen(verified));
  // The statement as text is its UTF-8 bytes.
  assert.equal((await verifyStatement({ statement: text, signature, publicKey: testPublicPem })).keyID, testKeyID);

  await refused(verifyStatement({ statement: flipped(utf8(text), 10), signature, publicKey: testPublicPem }), 'signature');
  await refused(verifyStatement({ statement: text.trimEnd(), signature, publicKey: testPublicPem }), 'signature');
  await refused(verifyStatement({ statement: text, signature: signature.subarray(0, 63), publicKey: testPublicPem }), 'signature');
  await refused(verifyStatement({ statement: text, signature: new Uint8Array([...signature, 0]), publicKey: testPublicPem }), 'signature');
  // The bundle must be the one named, byte for byte.
  await refused(verifyStatement({ statement: text, signature, publicKey: testPublicPem, bundle: flipped(target, 3) }), 'bundle-mismatch');
  const longer = await refused(verifyStatement({ statement: text, signature, publicKey: testPublicPem, bundle: utf8('not a bundle\n!') }), 'bundle-mismatch');
  assert.match(longer.message, /14 bytes, the signed statement says 13/);
  // An older version's valid statement is not the version asked for.
  const other = await refused(verifyStatement({ statement: text, signature, publicKey: testPublicPem, version: '2.2.0' }), 'statement');
  assert.match(other.message, /version "2.1.0", not "2.2.0"/);
  await refused(verifyStatement({ statement: text, signature, publicKey: testPublicPem, venue: 'elsewhere' }), 'statement');
  // name starts the message.
  const named = await refused(verifyStatement({ statement: text, signature: flipped(signature, 5), publicKey: testPublicPem,
    name: 'https://maps.example/test-venue/2.1.0' }), 'signature');
  assert.match(named.message, /^https:\/\/maps\.example\/test-venue\/2\.1\.0: the signature does not match the statement and key /);
});

test('validly signed statements that are not navforge-statement/1 are refused, naming what is wrong', async () => {
  const cases = [
    [statementText({ format: 'navforge-statement/2' }), /format is "navforge-statement\/2", not navforge-statement\/1/],
    [statementText({ format: undefined }), /has no "format"/],
    [statementText({ venue: undefined }), /"venue" must be a non-empty string/],
    [statementText({ version: 2 }), /"version" must be a non-empty string/],
    [statementText({ bundle: '' }), /"bundle" must be a non-empty string/],
    [statementText({ size: -1 }), /"size" must be a whole number/],
    [statementText({ size: 1.5 }), /"size" must be a whole number/],
    [statementText({ size: '13' }), /"size" must be a whole number/],
    [statementText({ sha256: 'AB'.repeat(32) }), /"sha256" must be 64 lowercase hex digits/],
    [statementText({ sha256: 'ab'.repeat(31) }), /"sha256" must be 64 lowercase hex digits/],
    ['["navforge-statement/1"]\n', /not a JSON object/],
    ['{"format":"navforge-statement/1","format":"navforge-statement/1"}', /a name twice in one object/],
    [`\ufeff${statementText()}`, /not JSON/],
    [statementText().replace('}', ',}'), /not JSON/],
    ['['.repeat(100) + ']'.repeat(100), /nests more than 64/],
  ];
  for (const [text, message] of cases) {
    const error = await refused(verifyStatement({ statement: text, signature: signWith(testPrivateKey, utf8(text)),
      publicKey: testPublicPem }), 'statement');
    assert.match(error.message, message, text);
  }
  const notText = new Uint8Array([0x7b, 0xff, 0x7d]);
  assert.match((await refused(verifyStatement({ statement: notText, signature: signWith(testPrivateKey, notText),
    publicKey: testPublicPem }), 'statement')).message, /not UTF-8/);
  await refused(verifyStatement({ statement: '{"a":"\ud800"}', signature: new Uint8Array(64), publicKey: testPublicPem }), 'statement');
  // Unsigned, the same statements are refused for their signature first.
  await refused(verifyStatement({ statement: statementText({ format: 'navforge-statement/2' }), signature: new Uint8Array(64),
    publicKey: testPublicPem }), 'signature');
});

test('keys that are not Ed25519 public keys are refused with code key, naming what they are', async () => {
  const der = (pem) => new Uint8Array(createPublicKey(pem).export({ type: 'spki', format: 'der' }));
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' });
  const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' });
  const x25519 = generateKeyPairSync('x25519').publicKey.export({ type: 'spki', format: 'pem' });
  const ed448 = generateKeyPairSync('ed448').publicKey.export({ type: 'spki', format: 'pem' });
  const privatePem = testPrivateKey.export({ type: 'pkcs8', format: 'pem' });
  const cases = [
    [ec, /the public key is an elliptic-curve \(ECDSA\) key, not an Ed25519 key: navforge signs with Ed25519/],
    [der(ec), /an elliptic-curve \(ECDSA\) key/],
    [rsa, /an RSA key/],
    [x25519, /an X25519 key/],
    [ed448, /an Ed448 key/],
    [privatePem, /is a PRIVATE KEY, not a PUBLIC KEY/],
    ['-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n', /a CERTIFICATE block, not a PUBLIC KEY/],
    ['ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl', /not PEM/],
    ['-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA*****\n-----END PUBLIC KEY-----\n', /not base64/],
    ['-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA\n', /has no -----END PUBLIC KEY----- line/],
    [hex(SPKI_PREFIX + TEST_KEY.public.slice(2)), /an Ed25519 key not encoded as RFC 8410 says/],
    [hex(TEST_KEY.public), /not a SubjectPublicKeyInfo/],
    [new Uint8Array(0), /not a SubjectPublicKeyInfo/],
  ];
  for (const [key, message] of cases) {
    const error = await refused(importPublicKey(key), 'key');
    assert.match(error.message, message);
    await refused(verifySignature(key, hex(TEST_KEY.signature), hex(TEST_KEY.message)), 'key');
  }
  for (const key of [null, undefined, 42, {}, { algorithm: 'Ed25519', keyID: testKeyID }, [1, 2]]) {
    await refused(importPublicKey(key), 'argument');
  }
  await refused(verifySignature(testPublicPem, 'not bytes', new Uint8Array(0)), 'argument');
  await refused(verifyStatement(), 'argument');
});

test('WebCrypto without Ed25519 or without crypto.subtle is said so, never skipped', async () => {
  const text = statementText();
  const signature = signWith(testPrivateKey, utf8(text));
  const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'crypto');
  const real = globalThis.crypto.subtle;
  // An older browser's WebCrypto: SHA-256, but no Ed25519.
  const noEd25519 = {
    digest: (...args) => real.digest(...args),
    importKey: async () => {
      throw new DOMException('Unrecognized algorithm name', 'NotSupportedError');
    },
  };
  try {
    Object.defineProperty(globalThis, 'crypto', { value: { subtle: noEd25519 }, configurable: true, writable: true });
    const error = await refused(verifyStatement({ statement: text, signature, publicKey: testPublicPem }), 'signature-unavailable');
    assert.match(error.message, /cannot verify Ed25519 signatures \(NotSupportedError: Unrecognized algorithm name\)/);
    assert.match(error.message, /could not be checked/);
    // A key WebCrypto itself refuses is the key's fault.
    noEd25519.importKey = async () => {
      throw new DOMException('Invalid keyData', 'DataError');
    };
    await refused(importPublicKey(testPublicPem), 'key');
    for (const crypto of [{}, undefined]) {
      Object.defineProperty(globalThis, 'crypto', { value: crypto, configurable: true, writable: true });
      const missing = await refused(verifyStatement({ statement: text, signature, publicKey: testPublicPem }), 'webcrypto-unavailable');
      assert.match(missing.message, /not a secure context/);
      assert.match(missing.message, /the signature could not be checked/);
    }
  } finally {
    Object.defineProperty(globalThis, 'crypto', descriptor);
  }
  await verifyStatement({ statement: text, signature, publicKey: testPublicPem });
});

test('random damage to a statement, its signature and its key gives a BundleError, never another error', async () => {
  const text = utf8(statementText());
  const signature = signWith(testPrivateKey, text);
  const pem = utf8(testPublicPem);
  const rng = random(8032);
  const damaged = (bytes) => {
    const copy = new Uint8Array(bytes);
    const count = 1 + rng.below(3);
    for (let i = 0; i < count; i++) copy[rng.below(copy.length)] ^= 1 + rng.below(255);
    return rng() < 0.2 ? copy.subarray(0, rng.below(copy.length)) : copy;
  };
  let refusals = 0;
  for (let round = 0; round < 300; round++) {
    const which = round % 3;
    const attempt = verifyStatement({
      statement: which === 0 ? damaged(text) : text,
      signature: which === 1 ? damaged(signature) : signature,
      publicKey: which === 2 ? Buffer.from(damaged(pem)).toString('latin1') : testPublicPem,
    });
    try {
      await attempt;
      // Only damage that leaves the PEM's key bytes as they were (its line breaks, say) may pass.
      assert.equal(which, 2, `round ${round}: damage to the ${which ? 'signature' : 'statement'} was accepted`);
    } catch (error) {
      assert.ok(error instanceof BundleError, `round ${round}: ${error && error.name}: ${error && error.message}`);
      assert.ok(['signature', 'statement', 'key'].includes(error.code), `round ${round}: ${error.code}`);
      refusals++;
    }
  }
  assert.ok(refusals >= 250, `${refusals} of 300 refused`);
});

test('META is checked against the statement when asked', { skip: NO_BUNDLE }, async () => {
  const image = load(BUNDLE);
  const bundle = await open(image);
  const { venueID, bundleVersion } = bundle.metadata;
  const good = statementText({ venue: venueID, version: bundleVersion }, image);
  const wrong = statementText({ venue: 'another-venue', version: bundleVersion }, image);
  const older = statementText({ venue: venueID, version: '0.9.0' }, image);
  const verify = (text, bundleGiven, checkMetadata) => verifyStatement({ statement: text, signature: signWith(testPrivateKey, utf8(text)),
    publicKey: testPublicPem, bundle: bundleGiven, checkMetadata });
  for (const given of [image, image.buffer, bundle]) {
    assert.equal((await verify(good, given, true)).venue, venueID);
    // Without checkMetadata only the size and SHA-256 bind the bytes, as the signer's statement says.
    assert.equal((await verify(wrong, given, false)).venue, 'another-venue');
    assert.ok((await refused(verify(wrong, given, true), 'bundle-mismatch')).message
      .includes(`META venueID is ${JSON.stringify(venueID)}, the signed statement's venue "another-venue"`));
    assert.match((await refused(verify(older, given, true), 'bundle-mismatch')).message, /META bundleVersion/);
  }
});

describe('what navforge publish signs', { skip: NO_NAVFORGE }, () => {
  let folder;
  let version;
  let files;
  let publicPem;
  let otherPem;
  let latest;
  let catalog;

  before(() => {
    folder = mkdtempSync(join(tmpdir(), 'navbundle-signature-'));
    const run = (...args) => execFileSync(NAVFORGE, args, { stdio: 'pipe', env: { ...process.env, SOURCE_DATE_EPOCH: '1700000000' } });
    run('keygen', join(folder, 'ci'));
    run('keygen', join(folder, 'other'));
    run('publish', dirname(BUNDLE), '--root', join(folder, 'root'), '--sign-key', join(folder, 'ci.key'));
    publicPem = readFileSync(join(folder, 'ci.pub'), 'utf8');
    otherPem = readFileSync(join(folder, 'other.pub'), 'utf8');
    const venueFolder = join(folder, 'root', 'demo-campus');
    latest = JSON.parse(readFileSync(join(venueFolder, 'latest.json'), 'utf8'));
    catalog = JSON.parse(readFileSync(join(folder, 'root', 'catalog.json'), 'utf8'));
    version = join(venueFolder, latest.version);
    files = {
      statement: load(join(version, 'statement.json')),
      signature: load(join(version, 'statement.sig')),
      bundle: load(join(version, basename(BUNDLE))),
    };
  });

  after(() => {
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  test('the published statement verifies with its key, the bundle and its META', async () => {
    assert.deepEqual(files.bundle, load(BUNDLE));
    const verified = await verifyStatement({ ...files, publicKey: publicPem, checkMetadata: true, venue: 'demo-campus',
      version: latest.version });
    assert.equal(verified.sha256, sha256(files.bundle));
    assert.equal(verified.size, files.bundle.length);
    assert.equal(verified.bundle, basename(BUNDLE));
    assert.equal(verified.keyID, latest.release.signature.keyID);
    // The key as DER, and imported once, verify the same.
    const der = new Uint8Array(createPublicKey(publicPem).export({ type: 'spki', format: 'der' }));
    const imported = await importPublicKey(der);
    assert.equal(imported.keyID, verified.keyID);
    assert.equal((await verifyStatement({ ...files, publicKey: imported })).keyID, verified.keyID);
  });

  test('the published statement is refused when a byte of it, its signature or its bundle changes, or with another key', async () => {
    const { statement, signature, bundle } = files;
    for (const at of [0, 20, statement.length - 2, statement.length - 1]) {
      await refused(verifyStatement({ statement: flipped(statement, at), signature, publicKey: publicPem }), 'signature');
    }
    for (const at of [0, 17, 32, 63]) {
      await refused(verifyStatement({ statement, signature: flipped(signature, at, 0x80), publicKey: publicPem }), 'signature');
    }
    await refused(verifyStatement({ statement, signature: signature.subarray(0, 63), publicKey: publicPem }), 'signature');
    await refused(verifyStatement({ statement, signature: new Uint8Array(0), publicKey: publicPem }), 'signature');
    const other = await refused(verifyStatement({ statement, signature, publicKey: otherPem }), 'signature');
    assert.match(other.message, /does not match the statement and key [0-9a-f]{16}/);
    for (const at of [0, 100, bundle.length >> 1, bundle.length - 1]) {
      await refused(verifyStatement({ statement, signature, publicKey: publicPem, bundle: flipped(bundle, at) }), 'bundle-mismatch');
    }
    await refused(verifyStatement({ statement, signature, publicKey: publicPem, bundle: bundle.subarray(0, bundle.length - 8) }), 'bundle-mismatch');
    // A statement of another format, signed with the same key, is read and refused.
    const privateKey = createPrivateKey(readFileSync(join(folder, 'ci.key')));
    const rewritten = utf8(Buffer.from(statement).toString('utf8').replace('navforge-statement/1', 'navforge-statement/9'));
    const format = await refused(verifyStatement({ statement: rewritten, signature: signWith(privateKey, rewritten),
      publicKey: publicPem }), 'statement');
    assert.match(format.message, /"navforge-statement\/9", not navforge-statement\/1/);
    await refused(verifyStatement({ statement: rewritten, signature, publicKey: publicPem }), 'signature');
  });

  test('latest.json and the catalog\'s records verify before the download and with it', async () => {
    const entry = catalog.venues.find((venue) => venue.id === 'demo-campus').versions[0];
    for (const record of [latest, latest.release, entry, entry.release]) {
      const verified = await verifyRelease(record, { publicKey: publicPem, venue: 'demo-campus' });
      assert.equal(verified.sha256, latest.release.bundle.sha256);
      assert.equal((await verifyRelease(record, { publicKey: publicPem, bundle: files.bundle, checkMetadata: true })).version, latest.version);
      await refused(verifyRelease(record, { publicKey: publicPem, bundle: flipped(files.bundle, 64) }), 'bundle-mismatch');
    }
    // The record's signature file is the signature it carries.
    assert.equal(Buffer.from(files.signature).toString('base64'), latest.release.signature.value);
    assert.equal(Buffer.from(files.statement).toString('base64'), latest.release.statementBase64);
  });

  test('records changed after signing, unsigned or signed otherwise are refused', async () => {
    const changed = (edit) => {
      const copy = structuredClone(latest.release);
      edit(copy);
      return copy;
    };
    const cases = [
      ['signature', (r) => delete r.signature, /is not signed/],
      ['signature', (r) => { r.signature = null; }, /is not signed/],
      ['signature', (r) => { r.signature.algorithm = 'rsa-pss'; }, /signed by "rsa-pss"; this reader verifies ed25519/],
      ['signature', (r) => { r.signature.keyID = '0000000000000000'; }, /signed with key "0000000000000000", not with the key given/],
      ['signature', (r) => { r.signature.value = Buffer.from(flipped(files.signature, 9)).toString('base64'); }, /does not match/],
      ['signature', (r) => { r.signature.value = Buffer.from(files.signature.subarray(0, 63)).toString('base64'); }, /has 64 bytes, this one 63/],
      ['signature', (r) => { r.signature.value = 'not base64!'; }, /signature value .* is not base64/],
      ['signature', (r) => { r.statementBase64 = Buffer.from(flipped(files.statement, 30)).toString('base64'); }, /does not match/],
      ['statement', (r) => { r.statementBase64 = r.statementBase64.slice(1); }, /statementBase64 .* is not base64/],
      ['statement', (r) => { r.bundle.sha256 = '0'.repeat(64); }, /says sha256 "0{64}", its signed statement/],
      ['statement', (r) => { r.bundle.size += 1; }, /says size/],
      ['statement', (r) => { r.bundle.path = '1.0.0/other.navbundle'; }, /says bundle "other.navbundle"/],
      ['statement', (r) => { delete r.bundle; }, /says bundle undefined/],
      ['statement', (r) => { r.version = '9.0.0'; }, /says version "9.0.0"/],
      ['statement', (r) => { r.venue = 'elsewhere'; }, /says venue "elsewhere"/],
    ];
    for (const [code, edit, message] of cases) {
      const error = await refused(verifyRelease(changed(edit), { publicKey: publicPem }), code);
      assert.match(error.message, message);
    }
    const pointer = structuredClone(latest);
    pointer.version = '9.9.9';
    await refused(verifyRelease(pointer, { publicKey: publicPem }), 'statement');
    await refused(verifyRelease(latest, { publicKey: otherPem }), 'signature');
    await refused(verifyRelease(latest, { publicKey: publicPem, version: '0.9.0' }), 'statement');
    for (const record of [null, 'latest.json', 7, catalog, catalog.venues[0], { release: {} }]) {
      await refused(verifyRelease(record, { publicKey: publicPem }), 'argument');
    }
  });
});
