import { describe, expect, it } from 'vitest';
import { ClientDecisionSettings } from '../../src/model/decision.js';
import { COUNTRIES } from '../../src/model/tables/countries.js';
import { FATF_HIGH_RISK_COUNTRIES } from '../../src/model/tables/high-risk-countries.js';

describe('FATF high-risk country table', () => {
  const codes = FATF_HIGH_RISK_COUNTRIES.map((c) => c.alpha3);

  it('uses ISO alpha-3 codes that exist, each once', () => {
    const known = new Set(COUNTRIES.map((c) => c.alpha3));
    expect(codes.filter((code) => !known.has(code))).toEqual([]);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('holds the June 2026 lists: 3 under a call for action, 22 under increased monitoring', () => {
    expect(FATF_HIGH_RISK_COUNTRIES.filter((c) => c.list === 'CALL_FOR_ACTION').map((c) => c.alpha3)).toEqual(
      ['PRK', 'IRN', 'MMR'],
    );
    expect(FATF_HIGH_RISK_COUNTRIES.filter((c) => c.list === 'INCREASED_MONITORING')).toHaveLength(22);
  });

  it('is the default highRiskCountries of a client', () => {
    expect(ClientDecisionSettings.parse({}).highRiskCountries).toEqual(codes);
  });
});
