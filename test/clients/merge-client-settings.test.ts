import { describe, expect, it } from 'vitest';
import { mergeClientSettings } from '../../src/clients/index.js';
import { ClientSettings } from '../../src/model/client.js';

describe('mergeClientSettings', () => {
  const defaults = ClientSettings.parse({});

  it.each([
    [{}, defaults],
    [{ compliance_threshold_usd: 500 }, { ...defaults, compliance_threshold_usd: 500 }],
    [
      { blacklist: { match_action: 'REJECTED' as const } },
      { ...defaults, blacklist: { enabled: true, match_action: 'REJECTED' } },
    ],
    [{ high_risk_countries: ['irn', 'PRK'] }, { ...defaults, high_risk_countries: ['IRN', 'PRK'] }],
    [{ pep_action: undefined }, defaults],
  ])('applies %j', (patch, expected) => {
    expect(mergeClientSettings(defaults, patch)).toEqual(expected);
  });

  it('fills fields added after a record was written', () => {
    expect(ClientSettings.parse({ compliance_threshold_usd: 1 }).blacklist).toEqual({
      enabled: true,
      match_action: 'EVALUATION',
    });
  });

  it('names the field a bad value came in', () => {
    expect(() => mergeClientSettings(defaults, { high_risk_countries: ['XXX'] })).toThrow(
      expect.objectContaining({ code: 'VALIDATION_ERROR', path: ['settings', 'high_risk_countries', 0] }),
    );
  });
});
