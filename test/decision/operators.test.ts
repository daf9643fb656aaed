import { Engine } from 'json-rules-engine';
import { describe, expect, it } from 'vitest';
import { OPERATORS } from '../../src/decision/index.js';
import { MatchStrength } from '../../src/model/decision.js';
import { MatchStrength as ScreeningMatchStrength } from '../../src/model/risk.js';

type EngineOperator = { evaluate(factValue: unknown, value: unknown): boolean };
const defaults = (new Engine() as unknown as { operators: { get(name: string): EngineOperator } }).operators;

/** Runs an operator as json-rules-engine does: validator first, then the comparison; a throw is an outcome too. */
function outcome(run: () => boolean): boolean | 'throws' {
  try {
    return run();
  } catch {
    return 'throws';
  }
}

const SAMPLES: unknown[] = [
  'EXACT',
  'WEAK',
  '',
  '10',
  'abc',
  0,
  1,
  10_000,
  10_000.5,
  -3,
  true,
  null,
  ['EXACT', 'IRN'],
  [1, 10_000],
  [],
];
const STANDARD = [
  'equal',
  'notEqual',
  'in',
  'notIn',
  'contains',
  'doesNotContain',
  'lessThan',
  'lessThanInclusive',
  'greaterThan',
  'greaterThanInclusive',
];

describe('operator registry', () => {
  it('orders strengths as the screening MatchStrength plus NONE, weakest first', () => {
    expect(MatchStrength.options).toEqual(['NONE', ...[...ScreeningMatchStrength.options].reverse()]);
  });

  it.each(STANDARD)('%s behaves exactly like json-rules-engine 7.3 default', (name) => {
    const ours = OPERATORS.get(name);
    const theirs = defaults.get(name);
    expect(ours).toBeDefined();
    for (const factValue of SAMPLES) {
      for (const value of SAMPLES) {
        const expected = outcome(() => theirs.evaluate(factValue, value));
        const actual = outcome(() => ours!.acceptsFactValue(factValue) && ours!.evaluate(factValue, value));
        expect({ factValue, value, result: actual }).toEqual({ factValue, value, result: expected });
      }
    }
  });

  const run = (name: string, factValue: unknown, value: unknown) => {
    const op = OPERATORS.get(name)!;
    return op.acceptsFactValue(factValue) && op.evaluate(factValue, value);
  };

  it.each<[string, unknown, unknown, boolean]>([
    ['strengthAtLeast', 'STRONG', 'STRONG', true],
    ['strengthAtLeast', 'EXACT', 'STRONG', true],
    ['strengthAtLeast', 'MEDIUM', 'STRONG', false],
    ['strengthAtLeast', 'NONE', 'WEAK', false],
    ['strengthAtLeast', 'NONE', 'NONE', true],
    ['strengthAtLeast', 'SEVERE', 'NONE', false],
    ['strengthAtLeast', undefined, 'NONE', false],
    ['riskAtLeast', 'SEVERE', 'HIGH', true],
    ['riskAtLeast', 'HIGH', 'SEVERE', false],
    ['riskAtLeast', 'EXACT', 'LOW', false],
    ['intersects', ['FRA', 'IRN'], ['IRN', 'PRK'], true],
    ['intersects', ['FRA'], ['IRN', 'PRK'], false],
    ['intersects', [], ['IRN'], false],
    ['intersects', 'IRN', ['IRN'], false],
    ['intersects', ['IRN'], 'IRN', false],
  ])('%s(%j, %j) → %s', (name, factValue, value, expected) => {
    expect(run(name, factValue, value)).toBe(expected);
  });
});
