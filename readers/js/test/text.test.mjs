// Numbers and text as every reader writes and reads them: %.3f, rounding, Swift's doubles, and the
// conditions' JSON read strictly. Needs no bundle.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConditionsError, INFINITE, formatFixed, parseConditions, roundHalfAway, slowedCost, swiftDouble } from '../navbundle.mjs';
import { random } from './helpers.mjs';

test('%.3f rounds the exact binary value half to even, as C does', () => {
  // Exact ties: k/16 is exact in binary, and C's printf takes the even neighbour where toFixed
  // takes the larger.
  assert.equal(formatFixed(0.0625), '0.062');
  assert.equal((0.0625).toFixed(3), '0.063');
  assert.equal(formatFixed(0.1875), '0.188');
  assert.equal(formatFixed(0.3125), '0.312');
  assert.equal(formatFixed(2.5625), '2.562');
  assert.equal(formatFixed(0.4375), '0.438');
  assert.equal(formatFixed(0), '0.000');
  assert.equal(formatFixed(-0.0625), '-0.062');
  assert.equal(formatFixed(1e21), '1000000000000000000000.000');
  assert.equal(formatFixed(123.456), '123.456');
  assert.equal(formatFixed(0.0005), '0.001'); // 0.0005 is a little above a half in binary.
  assert.equal(formatFixed(5e-324), '0.000');
  assert.equal(formatFixed(2.5, 0), '2');
  assert.equal(formatFixed(3.5, 0), '4');
  // Away from ties, toFixed is exact too: the two agree.
  const rng = random(3);
  for (let i = 0; i < 20000; i++) {
    const value = rng() * 10 ** rng.below(8);
    const scaled = value * 1000;
    if (Number.isInteger(scaled * 2) && !Number.isInteger(scaled)) continue;
    assert.equal(formatFixed(value), value.toFixed(3), `${value}`);
  }
});

test('rounding to integers goes half away from zero', () => {
  assert.deepEqual([0.5, 1.5, 2.5, -0.5, -2.5, 0.49999999999999994, 2.4999999999999996].map(roundHalfAway),
    [1, 2, 3, -1, -3, 0, 2]);
  assert.deepEqual([1, 3, 5, 7, 0].map((cost) => slowedCost(cost, 2.5)), [3, 8, 13, 18, 0]);
  assert.equal(slowedCost(INFINITE, 2), INFINITE);
  assert.equal(slowedCost(INFINITE - 1, 1000), INFINITE - 1);
  assert.equal(slowedCost(4294968, 1000), INFINITE - 1);
  assert.equal(slowedCost(4294967, 1000), 4294967000);
  assert.equal(slowedCost(1000, 1), 1000);
});

test("doubles as Swift's description writes them", () => {
  const cases = [[0.5, '0.5'], [1.5, '1.5'], [0.0001, '0.0001'], [0.00001, '1e-05'], [0.00012, '0.00012'], [1e15, '1000000000000000.0'],
    [1e16, '1e+16'], [9007199254740992, '9007199254740992.0'], [123456789012345.6, '123456789012345.6'], [1.25e-5, '1.25e-05'],
    [2, '2.0'], [1e6, '1000000.0'], [-0.5, '-0.5'], [100, '100.0'], [10 / 3, '3.3333333333333335'], [1.5e300, '1.5e+300']];
  for (const [value, text] of cases) assert.equal(swiftDouble(value), text, `${value}`);
});

const INVALID_CONDITIONS = [
  // Not one JSON value.
  '', ' ', '{', '{} {}', '{}x', '[1,]', "{'closed': []}", '{"closed": [],}', '{"closed": [\'Lift A\']}',
  '{"closed": ["Lift A"]', '\ufeff{}', '\ufeff{"closed": []}', '{"closed": ["a\x01"]}', '{"closed": ["a\x1f"]}',
  '\u0661', '{"slow": [{"ref": "a", "factor": \u0662}]}', '{"slow": [{"ref": "a", "factor": 2\u0662}]}',
  '{"slow": [{"ref": "a", "factor": 2.\u0662}]}', '{"slow": [{"ref": "a", "factor": 2e\u0662}]}', '['.repeat(100000),
  `${'['.repeat(65)}${']'.repeat(65)}`, ...['01', '-', '1.', '.5', '+1', '2.e1', '0x10', 'tru', '1 2'].map((number) => `{"slow": [{"ref": "a", "factor": ${number}}]}`),
  '{"closed": ["\\x41"]}', '{"closed": ["\\u12"]}', '{"closed": ["\\u12G4"]}', '{"closed" ["a"]}', '{"closed": ["a" "b"]}',
  // Comments, and a name twice in one object.
  '{"closed": [] /* none */}', '// none\n{}', '# none\n{}', '{"closed": [], "closed": []}',
  '{"closed": [{"ref": "a", "ref": "a"}]}',
  // NaN and infinities are no JSON numbers.
  'NaN', '{"slow": [{"ref": "a", "factor": NaN}]}', '{"slow": [{"ref": "a", "factor": Infinity}]}',
  '{"slow": [{"ref": "a", "factor": -Infinity}]}',
  // Not an object of two lists.
  '[]', '"Lift A"', '1', 'null', 'true', '{"open": []}', '{"closed": [], "slow": [], "note": 1}',
  '{"closed": "Lift A"}', '{"closed": null}', '{"closed": {}}', '{"slow": {"ref": "a", "factor": 2}}',
  // Targets of no shape.
  '{"closed": [1]}', '{"closed": [true]}', '{"closed": [null]}', '{"closed": [[]]}', '{"closed": [{}]}',
  '{"closed": [""]}', '{"closed": [" \\t\\n\\u000b\\f\\r"]}', '{"closed": ["\\ud800"]}', '{"closed": ["\\udc00x"]}',
  '{"closed": ["\\ud800\\u0041"]}', '{"closed": ["\ud800"]}',
  '{"closed": [{"ref": ""}]}', '{"closed": [{"ref": "  "}]}', '{"closed": [{"ref": 1}]}',
  '{"closed": [{"ref": null}]}', '{"closed": [{"level": ""}]}', '{"closed": [{"level": 0}]}',
  '{"closed": [{"ref": "a", "level": "0"}]}', '{"closed": [{"name": "a"}]}', '{"closed": [{"ref": "a", "factor": 2}]}',
  '{"closed": [{"polygon": [[0, 0], [0, 1], [1, 0]]}]}',
  '{"closed": [{"polygon": [[0, 0], [0, 1]], "level": "0"}]}',
  '{"closed": [{"polygon": "0,0 0,1 1,0", "level": "0"}]}',
  '{"closed": [{"polygon": [[0, 0], [0, 1], [1, 0, 2]], "level": "0"}]}',
  '{"closed": [{"polygon": [[0, 0], [0, 1], [1]], "level": "0"}]}',
  '{"closed": [{"polygon": [[0, 0], [0, 1], [true, 0]], "level": "0"}]}',
  '{"closed": [{"polygon": [[0, 0], [0, 1], ["1", 0]], "level": "0"}]}',
  '{"closed": [{"polygon": [[0, 0], [0, 1], [90.0001, 0]], "level": "0"}]}',
  '{"closed": [{"polygon": [[0, 0], [0, 1], [0, -180.5]], "level": "0"}]}',
  '{"closed": [{"polygon": [[0, 0], [0, 1], [1e400, 0]], "level": "0"}]}',
  '{"closed": [{"polygon": [[0, 0], [0, 1], [1, 0]], "level": ""}]}',
  '{"closed": [{"polygon": [[0, 0], [0, 1], [1, 0]], "level": "0", "ref": "a"}]}',
  // Slow-downs without a factor from 1 to 1000, or without a target.
  '{"slow": ["Lift A"]}', '{"slow": [{"ref": "a"}]}', '{"slow": [{"ref": "a", "factor": 0.99}]}',
  '{"slow": [{"ref": "a", "factor": 1000.0001}]}', '{"slow": [{"ref": "a", "factor": 0}]}',
  '{"slow": [{"ref": "a", "factor": -2}]}', '{"slow": [{"ref": "a", "factor": "3"}]}',
  '{"slow": [{"ref": "a", "factor": true}]}', '{"slow": [{"ref": "a", "factor": false}]}',
  '{"slow": [{"ref": "a", "factor": null}]}', '{"slow": [{"ref": "a", "factor": [2]}]}',
  '{"slow": [{"ref": "a", "factor": 1e400}]}', '{"slow": [{"factor": 2}]}',
  '{"slow": [{"ref": "a", "level": "0", "factor": 2}]}', '{"slow": [{"ref": "", "factor": 2}]}',
  `{"slow": [{"ref": "a", "factor": 1${'0'.repeat(400)}}]}`,
];

function invalid(value) {
  assert.throws(() => parseConditions(value), (error) => {
    assert.ok(error instanceof ConditionsError, `${error}`);
    assert.equal(error.code, 'invalid', String(value).slice(0, 60));
    return true;
  }, String(value).slice(0, 60));
}

test('every kind of broken text is invalid', () => {
  for (const text of INVALID_CONDITIONS) invalid(text);
  for (const bytes of [[0xff], [...new TextEncoder().encode('{"closed": ["'), 0xc3, 0x22, 0x5d, 0x7d],
    [...new TextEncoder().encode('{"closed": ["'), 0xed, 0xa0, 0x80, 0x22, 0x5d, 0x7d], [0xef, 0xbb, 0xbf, 0x7b, 0x7d]]) {
    invalid(new Uint8Array(bytes));
  }
  invalid(42);
  invalid(null);
});

test('an entry at fault is named', () => {
  const cases = {
    '{"closed": ["a", ""]}': 'closed[1]',
    '{"slow": [{"ref": "a", "factor": 2}, {"ref": "b"}]}': 'slow[1]',
    '{"closed": ["a"], "slow": [{"ref": "a", "factor": true}]}': 'slow[0]',
    '{"closed": [{"polygon": [[0, 0], [0, 1], [91, 0]], "level": "0"}]}': 'closed[0]',
  };
  for (const [text, entry] of Object.entries(cases)) {
    assert.throws(() => parseConditions(text), (error) => {
      assert.deepEqual(error.entries, [entry]);
      assert.match(error.message, new RegExp(entry.replace(/[[\]]/g, '\\$&')));
      return true;
    });
  }
  assert.throws(() => parseConditions('{"slow": [{"ref": "a", "factor": 0.5}]}'),
    { message: 'slow[0] needs a "factor" from 1 to 1000' });
});

test('every shape reads', () => {
  const text = '{"slow": [{"factor": 1, "ref": " B.1.CORR "}, {"level": "A@1", "factor": 1000},'
    + ' {"polygon": [[90, 180], [-90, -180], [0.5, 1e1]], "level": "0", "factor": 2.5}],'
    + ' "closed": ["Lift A", {"ref": "\\u00a0"}, {"level": "-1"}, "\\u001c", "\\ud83d\\ude00"]}';
  assert.deepEqual(parseConditions(text).entries, [
    { position: 'closed[0]', target: { kind: 'name', text: 'Lift A' }, factor: null },
    { position: 'closed[1]', target: { kind: 'name', text: '\u00a0' }, factor: null }, // Not ASCII whitespace.
    { position: 'closed[2]', target: { kind: 'level', text: '-1' }, factor: null },
    { position: 'closed[3]', target: { kind: 'name', text: '\u001c' }, factor: null }, // Nor is U+001C.
    { position: 'closed[4]', target: { kind: 'name', text: '\u{1f600}' }, factor: null },
    { position: 'slow[0]', target: { kind: 'name', text: ' B.1.CORR ' }, factor: 1 },
    { position: 'slow[1]', target: { kind: 'level', text: 'A@1' }, factor: 1000 },
    { position: 'slow[2]', target: { kind: 'polygon', text: '0', polygon: [[90, 180], [-90, -180], [0.5, 10]] }, factor: 2.5 },
  ]);
  for (const value of ['{}', '{"closed": []}', '{"slow": []}', new TextEncoder().encode('  {"closed": [], "slow": []}\n'),
    new TextEncoder().encode('{}').buffer]) {
    assert.deepEqual(parseConditions(value).entries, []);
  }
  const parsed = parseConditions('{"closed": ["a"]}');
  assert.equal(parseConditions(parsed), parsed);
  assert.equal(parseConditions('{"slow": [{"ref": "a", "factor": 2.5e0}]}').entries[0].factor, 2.5);
  assert.equal(parseConditions('{"slow": [{"ref": "a", "factor": 1E3}]}').entries[0].factor, 1000);
  assert.equal(parseConditions('{"closed": ["\\"\\\\\\/\\b\\f\\n\\r\\tx"]}').entries[0].target.text, '"\\/\b\f\n\r\tx');
});

test('a name twice in one object is invalid at any depth', () => {
  for (const text of ['{"closed": [1], "closed": ["Lift A"]}', '{"closed": ["Lift A"], "closed": ["Lift A"]}',
    '{"slow": [{"ref": "a", "factor": 2, "factor": 3}]}', '{"closed": [{"ref": "a", "r\\u0065f": "b"}]}',
    '{"closed": [], "slow": [], "x": {"y": 1, "y": 1}}']) {
    assert.throws(() => parseConditions(text), (error) => error.code === 'invalid' && /twice/.test(error.message), text);
  }
  // Names that differ in case are two names: the text is JSON, the target has no shape.
  assert.throws(() => parseConditions('{"closed": [{"ref": "a", "Ref": "b"}]}'), (error) => error.entries[0] === 'closed[0]');
});

test('sixty-four arrays and objects deep is the limit', () => {
  const deepest = `{"closed": [${'['.repeat(62)}${']'.repeat(62)}]}`; // 64 deep: JSON, but no target.
  assert.throws(() => parseConditions(deepest), (error) => error.entries[0] === 'closed[0]');
  for (const text of [`{"closed": [${'['.repeat(63)}${']'.repeat(63)}]}`, `${'['.repeat(65)}${']'.repeat(65)}`,
    `${'{"a": '.repeat(65)}1${'}'.repeat(65)}`]) {
    assert.throws(() => parseConditions(text), (error) => error.code === 'invalid' && error.entries.length === 0
      && /64/.test(error.message));
  }
});

test('hostile texts raise only conditions errors', () => {
  const rng = random(37);
  const seed = '{"closed": ["Lift A", {"level": "1"}], "slow": [{"ref": "B.1.CORR", "factor": 3},'
    + ' {"polygon": [[48.1, 11.5], [48.2, 11.6], [48.1, 11.7]], "level": "0", "factor": 2}]}';
  const alphabet = '{}[]",:0123456789.eE+-tfnul \\u"abc';
  let parsed = 0;
  for (let i = 0; i < 3000; i++) {
    const text = [...seed];
    for (let edits = 1 + rng.below(5); edits > 0; edits--) {
      const at = rng.below(text.length + 1);
      const action = rng();
      if (action < 0.4 && text.length) text.splice(Math.min(at, text.length - 1), 1);
      else if (action < 0.8) text.splice(at, 0, rng.pick([...alphabet]));
      else if (text.length) text[Math.min(at, text.length - 1)] = String.fromCharCode(rng.below(0x3000));
    }
    try {
      parseConditions(text.join(''));
      parsed++;
    } catch (error) {
      assert.ok(error instanceof ConditionsError && error.code === 'invalid', `${error}`);
    }
  }
  assert.ok(parsed > 0);
});
