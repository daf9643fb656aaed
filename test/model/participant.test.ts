import { describe, expect, it } from 'vitest';
import { Participant, PersonRecord } from '../../src/model/participant.js';
import {
  aCompanyParticipant,
  aCryptoParticipant,
  aLegalPerson,
  aNaturalPerson,
  aPersonParticipant,
  aPersonRecord,
} from '../support/factories.js';
import { withValueAt, withoutKeyAt } from '../support/mutate.js';
import { requestErrorOf, validationErrorOf } from '../support/validation.js';

describe('Participant', () => {
  it('parses a person, normalizing codes and the birth date', () => {
    const parsed = Participant.parse(
      aPersonParticipant({
        natural_person: aNaturalPerson({ nationality: 'col', birth_date: '1988/04/17', document_type: 'cc' }),
      }),
    );
    expect(parsed).toEqual({
      external_id: 'cust-000123',
      entity_type: 'PERSON',
      natural_person: {
        full_name: 'María Fernanda Gómez Restrepo',
        document_type: 'CC',
        document_number: '1020304050',
        nationality: 'COL',
        birth_date: '1988-04-17',
      },
    });
  });

  it('parses a person with only a name, the other fields null', () => {
    const parsed = Participant.parse(aPersonParticipant({ natural_person: { full_name: 'Ana Torres' } }));
    expect(parsed.entity_type === 'PERSON' && parsed.natural_person).toEqual({
      full_name: 'Ana Torres',
      document_type: null,
      document_number: null,
      nationality: null,
      birth_date: null,
    });
  });

  it('parses a company with all its people', () => {
    const parsed = Participant.parse(aCompanyParticipant());
    if (parsed.entity_type !== 'COMPANY') throw new Error('expected a company');
    expect(parsed.legal_person.company_data.company_name).toBe('Andes Logistics S.A.S.');
    expect(parsed.legal_person.company_data.tax_id).toBeNull();
    expect(parsed.legal_person.final_beneficiaries.map((p) => p.participation)).toEqual([60, 40]);
    expect(parsed.legal_person.legal_representative[0]!.participation).toBeNull();
  });

  it('defaults the people arrays of a company to empty', () => {
    const parsed = Participant.parse(
      aCompanyParticipant({ legal_person: { company_data: { company_name: 'Solo Ltda.' } } }),
    );
    if (parsed.entity_type !== 'COMPANY') throw new Error('expected a company');
    expect(parsed.legal_person.final_beneficiaries).toEqual([]);
    expect(parsed.legal_person.people_effective_control).toEqual([]);
  });

  it('parses a crypto wallet, canonicalizing network and asset', () => {
    const parsed = Participant.parse(
      aCryptoParticipant({ crypto: { address: ' 0xabc ', network: 'eth', asset: 'usdc' } }),
    );
    expect(parsed).toEqual({
      external_id: 'wallet-000789',
      entity_type: 'CRYPTO',
      crypto: { address: '0xabc', network: 'Ethereum', asset: 'USDC' },
    });
  });

  it('strips unknown fields instead of refusing them, so clients sending extras keep working', () => {
    const parsed = Participant.parse({
      ...aPersonParticipant(),
      legal_person: null,
      crypto: null,
      nickname: 'Mafe',
    });
    expect(Object.keys(parsed)).toEqual(['external_id', 'entity_type', 'natural_person']);
  });

  it.each([
    [
      withValueAt(aPersonParticipant(), ['entity_type'], 'ROBOT'),
      ['entity_type'],
      'must be one of PERSON, COMPANY, CRYPTO, got "ROBOT"',
    ],
    [
      withoutKeyAt(aPersonParticipant(), ['entity_type']),
      ['entity_type'],
      'is required and must be one of PERSON, COMPANY, CRYPTO',
    ],
    [
      withoutKeyAt(aPersonParticipant(), ['natural_person']),
      ['natural_person'],
      'is required when entity_type is PERSON',
    ],
    [
      withValueAt(aPersonParticipant(), ['entity_type'], 'COMPANY'),
      ['legal_person'],
      'is required when entity_type is COMPANY',
    ],
    [withoutKeyAt(aCryptoParticipant(), ['crypto']), ['crypto'], 'is required when entity_type is CRYPTO'],
    [withValueAt(aPersonParticipant(), ['external_id'], '  '), ['external_id'], 'must not be empty'],
    [
      withValueAt(aPersonParticipant(), ['natural_person', 'full_name'], 42),
      ['natural_person', 'full_name'],
      'expected string',
    ],
    [
      withValueAt(aPersonParticipant(), ['natural_person', 'nationality'], 'XYZ'),
      ['natural_person', 'nationality'],
      'must be an ISO 3166-1 alpha-3 country code, got "XYZ"',
    ],
    [
      withValueAt(aPersonParticipant(), ['natural_person', 'birth_date'], '1988-02-30'),
      ['natural_person', 'birth_date'],
      'must be a real calendar date',
    ],
    [
      withValueAt(aCompanyParticipant(), ['legal_person', 'company_data', 'country_constitution'], 'CO'),
      ['legal_person', 'company_data', 'country_constitution'],
      'alpha-3',
    ],
    [
      withValueAt(aCompanyParticipant(), ['legal_person', 'company_data', 'total_patrimony'], -5),
      ['legal_person', 'company_data', 'total_patrimony'],
      'must be zero or a positive number',
    ],
    [
      withValueAt(aCompanyParticipant(), ['legal_person', 'final_beneficiaries', 1, 'participation'], 140),
      ['legal_person', 'final_beneficiaries', 1, 'participation'],
      'between 0 and 100',
    ],
    [
      withValueAt(aCompanyParticipant(), ['legal_person', 'final_beneficiaries', 0, 'is_pep'], 'no'),
      ['legal_person', 'final_beneficiaries', 0, 'is_pep'],
      'expected boolean',
    ],
    [
      withValueAt(aCryptoParticipant(), ['crypto', 'network'], 'Solana'),
      ['crypto', 'network'],
      'must be a network of the coin catalog',
    ],
    [
      withValueAt(aCryptoParticipant(), ['crypto', 'asset'], 'TRX'),
      ['crypto', 'asset'],
      'asset TRX is not available on network Ethereum; Ethereum supports ETH, USDT, USDC',
    ],
  ])('rejects case %# at %j: %s', (input, path, message) => {
    const error = validationErrorOf(Participant, input);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.path).toEqual(path);
    expect(error.message).toContain(String(path[path.length - 1]));
    expect(error.message).toContain(message);
  });

  it('reports an invalid network/asset pair as INVALID_NETWORK_ASSET through parseRequest', () => {
    const error = requestErrorOf(Participant, withValueAt(aCryptoParticipant(), ['crypto', 'asset'], 'BTC'));
    expect(error.code).toBe('INVALID_NETWORK_ASSET');
    expect(error.path).toEqual(['crypto', 'asset']);
  });
});

describe('PersonRecord', () => {
  it.each([[{ first_name: 'Lucía', last_name: null }], [{ first_name: null, last_name: 'Mendoza' }]])(
    'accepts a single name part %j',
    (names) => {
      expect(() => PersonRecord.parse(aPersonRecord(names))).not.toThrow();
    },
  );

  it('refuses a person without any name, since it cannot be screened', () => {
    const error = validationErrorOf(PersonRecord, aPersonRecord({ first_name: null, last_name: '   ' }));
    expect(error.path).toEqual(['last_name']);
    const nameless = validationErrorOf(PersonRecord, aPersonRecord({ first_name: null, last_name: null }));
    expect(nameless.path).toEqual(['first_name']);
    expect(nameless.message).toBe('first_name: a person needs a first_name or a last_name');
  });

  it('is reused by all three arrays of a legal person', () => {
    const bad = aLegalPerson({ people_effective_control: [aPersonRecord({ country: 'ZZZ' })] });
    const error = validationErrorOf(Participant, aCompanyParticipant({ legal_person: bad }));
    expect(error.path).toEqual(['legal_person', 'people_effective_control', 0, 'country']);
  });
});
