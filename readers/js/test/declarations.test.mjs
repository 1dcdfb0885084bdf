// navbundle.d.ts declares everything the module exports and every public call of a bundle, so
// that the map viewer's TypeScript sees the API as it is (no compiler is at hand to check more).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import * as navbundle from '../navbundle.mjs';
import { HERE } from './helpers.mjs';

const declarations = readFileSync(join(HERE, '..', 'navbundle.d.ts'), 'utf8');

test('every export is declared', () => {
  for (const name of Object.keys(navbundle)) {
    assert.match(declarations, new RegExp(`export (const|function|class|type|interface) ${name}\\b`), name);
  }
});

test('every public call and property of a bundle is declared', () => {
  const body = declarations.slice(declarations.indexOf('export class NavBundle'));
  const members = Object.getOwnPropertyNames(navbundle.NavBundle.prototype).filter((name) => name !== 'constructor' && !name.startsWith('_'));
  assert.ok(members.length > 40);
  for (const name of members) assert.match(body, new RegExp(`\\n  (readonly )?${name}[(:?]`), name);
});
