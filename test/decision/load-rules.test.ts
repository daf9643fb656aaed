import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadRuleSet, type ReadRuleFile } from '../../src/decision/index.js';
import { WardenError } from '../../src/model/errors.js';
import { readDefaultRuleFile, ruleFilesWith } from './factories.js';

const SANCTIONS = readDefaultRuleFile('sanctions.json');

/** The default sanctions.json with its first occurrence of `from` replaced by `to`. */
const sanctionsWith = (from: string, to: string): ReadRuleFile => {
  if (!SANCTIONS.includes(from)) throw new Error(`fixture: "${from}" is not in sanctions.json`);
  return ruleFilesWith({ 'sanctions.json': SANCTIONS.replace(from, to) });
};

const oneRuleFile = (conditions: unknown, extra: Record<string, unknown> = {}): ReadRuleFile =>
  ruleFilesWith({
    'manifest.json': JSON.stringify({ version: '1.0.0', files: ['x.json'] }),
    'x.json': JSON.stringify({
      concern: 'x',
      rules: [
        {
          conditions,
          event: { type: 'EVALUATION', params: { ruleId: 'x.one', concern: 'x', reason: 'X fired.' } },
          ...extra,
        },
      ],
    }),
  });

const fact = { fact: 'remitter', path: '$.sanctions.strength', operator: 'equal', value: 'EXACT' };

function loadError(read: ReadRuleFile): WardenError {
  try {
    loadRuleSet(read);
  } catch (error) {
    if (error instanceof WardenError) return error;
    throw error;
  }
  throw new Error('expected loadRuleSet to throw');
}

describe('loadRuleSet', () => {
  it('loads the default rules: 21 rules, versioned by declared version + content hash', () => {
    const ruleSet = loadRuleSet(readDefaultRuleFile);
    expect(ruleSet.rules).toHaveLength(21);
    expect(ruleSet.declaredVersion).toBe('1.0.0');
    expect(ruleSet.version).toBe(`1.0.0+${ruleSet.contentHash.slice(0, 16)}`);
    expect(ruleSet.rules[0]?.ruleId).toBe('sanctions.remitter.strong');
  });

  it('lists every rule file of rules/ in the manifest', () => {
    const files = readdirSync(new URL('../../rules/', import.meta.url)).filter((f) => f !== 'manifest.json');
    const manifest = JSON.parse(readDefaultRuleFile('manifest.json')) as { files: string[] };
    expect([...manifest.files].sort()).toEqual(files.sort());
  });

  it('keeps the version when only formatting changes, and changes it when a rule changes', () => {
    const base = loadRuleSet(readDefaultRuleFile).version;
    const minified = JSON.stringify(JSON.parse(SANCTIONS));
    expect(loadRuleSet(ruleFilesWith({ 'sanctions.json': minified })).version).toBe(base);
    expect(loadRuleSet(sanctionsWith('"STRONG"', '"EXACT"')).version).not.toBe(base);
    const bumped = readDefaultRuleFile('manifest.json').replace('"1.0.0"', '"1.0.1"');
    expect(loadRuleSet(ruleFilesWith({ 'manifest.json': bumped })).version).toMatch(/^1\.0\.1\+/);
  });

  it.each<[string, ReadRuleFile, RegExp]>([
    [
      'bad JSON',
      ruleFilesWith({ 'sanctions.json': '{ "concern": "sanctions", ' }),
      /^Rule file "sanctions\.json" is not valid JSON: /,
    ],
    [
      'an unknown operator',
      sanctionsWith('"strengthAtLeast"', '"strengthAtleast"'),
      /^Rule file "sanctions\.json" is invalid: rules\[0\]\.conditions\.all\[0\] uses unknown operator "strengthAtleast" \(known: equal, .*intersects\)\.$/,
    ],
    [
      'an unknown outcome',
      sanctionsWith('"type": "REJECTED"', '"type": "BLOCKED"'),
      /^Rule file "sanctions\.json" is invalid: rules\[0\]\.event\.type "BLOCKED" is not an outcome \(use REJECTED, EVALUATION or COMPLIANCE\)\.$/,
    ],
    [
      'a missing fact name',
      sanctionsWith('"fact": "remitter",', ''),
      /^Rule file "sanctions\.json" is invalid: rules\[0\]\.conditions\.all\[0\]\.fact is missing\.$/,
    ],
    [
      'an unknown fact',
      sanctionsWith('"fact": "remitter"', '"fact": "remiter"'),
      /uses unknown fact "remiter" \(known facts: remitter, beneficiary, amounts, settings\)\.$/,
    ],
    [
      'a path that does not exist',
      sanctionsWith('$.sanctions.strength', '$.sanction.strength'),
      /rules\[0\]\.conditions\.all\[0\] refers to "remitter\.sanction", which does not exist \(known: role, .*\)\.$/,
    ],
    [
      'a value the fact can never take',
      sanctionsWith('"value": "STRONG"', '"value": "STRNG"'),
      /\(strengthAtLeast on remitter\.sanctions\.strength\) value "STRNG" is not one of NONE, WEAK, MEDIUM, STRONG, EXACT\.$/,
    ],
    [
      'an operator on the wrong kind of fact',
      sanctionsWith('$.sanctions.strength', '$.wallet.riskLevel'),
      /\(strengthAtLeast on remitter\.wallet\.riskLevel\) needs a fact that is one of NONE, WEAK, MEDIUM, STRONG, EXACT, but it is one of NONE, LOW/,
    ],
    [
      'a reason placeholder that does not exist',
      sanctionsWith('{{remitter.sanctions.name}}', '{{remitter.sanctions.nmae}}'),
      /rules\[0\]\.event\.params\.reason has a placeholder \{\{remitter\.sanctions\.nmae\}\} that refers to "remitter\.sanctions\.nmae", which does not exist/,
    ],
    [
      'a concern that is not the file’s',
      sanctionsWith('"concern": "sanctions",\n          "reason"', '"concern": "pep",\n          "reason"'),
      /rules\[0\] has concern "pep", but the file's concern is "sanctions"\.$/,
    ],
    [
      'a ruleId used twice',
      sanctionsWith('"sanctions.beneficiary.strong"', '"sanctions.remitter.strong"'),
      /rules\[1\] reuses ruleId "sanctions\.remitter\.strong", already taken in "sanctions\.json"\.$/,
    ],
    [
      'a rule priority',
      oneRuleFile({ all: [fact] }, { priority: 10 }),
      /^Rule file "x\.json" is invalid: rules\[0\] has unknown key "priority"\.$/,
    ],
    [
      'a condition reference',
      oneRuleFile({ all: [{ condition: 'isSanctioned' }] }),
      /rules\[0\]\.conditions\.all\[0\] is a condition reference, which Warden does not support\.$/,
    ],
    [
      'a fact condition at the top',
      oneRuleFile(fact),
      /rules\[0\]\.conditions must start with "all", "any" or "not"/,
    ],
    ['an empty "any"', oneRuleFile({ any: [] }), /rules\[0\]\.conditions\.any must not be empty\.$/],
    [
      'a misspelt key deep in a condition',
      oneRuleFile({ all: [{ not: { ...fact, pth: '$.x' } }] }),
      /rules\[0\]\.conditions\.all\[0\]\.not has unknown key "pth"\.$/,
    ],
    [
      'a manifest naming a missing file',
      ruleFilesWith({ 'sanctions.json': undefined }),
      /^Rule file "sanctions\.json" could not be read: ENOENT/,
    ],
    [
      'a manifest without a version',
      ruleFilesWith({ 'manifest.json': JSON.stringify({ files: ['sanctions.json'] }) }),
      /^Rule file "manifest\.json" is invalid: version is missing\.$/,
    ],
  ])('refuses %s with one clear sentence', (_label, read, message) => {
    const error = loadError(read);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toMatch(message);
    expect(error.message.split('. ').length).toBe(1);
  });
});
