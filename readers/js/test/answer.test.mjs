// answer.mjs: the canonical answers to the query vectors, equal to another reader's byte for byte,
// its refusal of lines that break the format, and its --check mode.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { answer, answerLines, queryLines } from '../answer.mjs';
import { open } from '../navbundle.mjs';
import { ANSWERS, BUNDLE, HERE, NO_BUNDLE, ROOT, fixFileHash, load } from './helpers.mjs';

const QUERIES = join(ROOT, 'readers', 'vectors', 'demo-campus.queries');
const COMMAND = join(HERE, '..', 'answer.mjs');

test('query lines skip comments and blank lines, and take CR LF', () => {
  const data = new TextEncoder().encode('# a comment\n\nroute foot 0 1\r\n  \t\nsearch 3 a b\n');
  assert.deepEqual([...queryLines(data)], [[3, 'route foot 0 1'], [5, 'search 3 a b']]);
  assert.deepEqual([...queryLines(new Uint8Array(0))], []);
  assert.throws(() => [...queryLines(new Uint8Array([0x72, 0xff, 0x0a]))], /not valid UTF-8/);
});

test('answers equal the named answers file', { skip: ANSWERS === null ? 'NAVBUNDLE_TEST_ANSWERS is not set' : NO_BUNDLE }, async () => {
  const bundle = await open(load(BUNDLE));
  const lines = [...answerLines(bundle, readFileSync(QUERIES))];
  assert.equal(`${lines.join('\n')}\n`, readFileSync(ANSWERS, 'utf8'));
});

test('every query of the vectors is answered', { skip: NO_BUNDLE }, async () => {
  const bundle = await open(load(BUNDLE));
  const verbs = new Map();
  for (const line of answerLines(bundle, readFileSync(QUERIES))) {
    const verb = line.split(' ', 1)[0];
    verbs.set(verb, (verbs.get(verb) ?? 0) + 1);
  }
  for (const verb of ['route', 'exit', 'search', 'snap', 'snap-profile', 'endpoint']) assert.ok(verbs.get(verb) > 0, verb);
});

test('lines that break the format are refused', { skip: NO_BUNDLE }, async () => {
  const bundle = await open(load(BUNDLE));
  const profile = bundle.profiles()[0];
  for (const line of ['route foot 1', `route ${profile} 1 +2`, `route ${profile} 1 2 3`, `snap 0 48.1 1e1`, 'snap 0 48.1 .5',
    'search x a', 'fly away', `exit ${profile} -1`, `route ${profile} 0 999999999`, 'endpoint', "snap-profile hovercraft 0 1 2", `snap-profile ${profile} 0 91 2`]) {
    assert.throws(() => [...answerLines(bundle, new TextEncoder().encode(`${line}\n`), 'q')], /q:1:/, line);
  }
  assert.equal(answer(bundle, 'search 3 zzzzzzzz'), 'none');
  assert.equal(answer(bundle, `route ${profile} 0 0`), '0 0');
});

test('the command answers, checks and refuses', { skip: NO_BUNDLE }, () => {
  const folder = mkdtempSync(join(tmpdir(), 'navbundle-answer-'));
  try {
    const queries = join(folder, 'q.queries');
    writeFileSync(queries, 'search 2 a\nsnap 0 48.1495 11.5805\n');
    let run = spawnSync(process.execPath, [COMMAND, BUNDLE, queries], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stdout.split('\n').length, 3);
    run = spawnSync(process.execPath, [COMMAND, '--check', BUNDLE], { encoding: 'utf8' });
    assert.equal(run.stdout, 'ok\n');
    const image = load(BUNDLE);
    // A byte of the first section's data, which its checksum covers (the file ends in padding).
    image[Number(new DataView(image.buffer, image.byteOffset).getBigUint64(64 + 8, true))] ^= 1;
    const damaged = join(folder, 'damaged.navbundle');
    writeFileSync(damaged, image);
    run = spawnSync(process.execPath, [COMMAND, '--check', damaged], { encoding: 'utf8' });
    assert.equal(run.status, 0);
    assert.equal(run.stdout, 'refused checksum\n');
    assert.match(run.stderr, /checksum/);
    const foreign = join(folder, 'foreign.navbundle');
    const later = load(BUNDLE);
    new DataView(later.buffer).setUint16(8, 3, true);
    fixFileHash(later);
    writeFileSync(foreign, later);
    run = spawnSync(process.execPath, [COMMAND, '--check', foreign], { encoding: 'utf8' });
    assert.equal(run.stdout, 'refused format\n');
    run = spawnSync(process.execPath, [COMMAND, damaged, queries], { encoding: 'utf8' });
    assert.notEqual(run.status, 0);
    assert.match(run.stderr, /checksum/);
    run = spawnSync(process.execPath, [COMMAND], { encoding: 'utf8' });
    assert.equal(run.status, 2);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
