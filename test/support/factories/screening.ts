/** Screening requests (z.input shapes) and results (z.infer shapes), realistic; override any field. */
import type { z } from 'zod';
import type { BlacklistRecord, CreateBlacklistRequest } from '../../../src/model/blacklist.js';
import type { ScreeningMatch, ScreeningResult } from '../../../src/model/screening-result.js';
import type {
  IndividualScreeningRequest,
  OrganizationScreeningRequest,
  SummaryScreeningRequest,
} from '../../../src/model/screening.js';
import { CREDENTIALS, WALLETS } from './participants.js';
import { REQUEST_AT } from './transactions.js';

export function anIndividualRequest(
  overrides: Partial<z.input<typeof IndividualScreeningRequest>> = {},
): z.input<typeof IndividualScreeningRequest> {
  return {
    ...CREDENTIALS,
    full_name: 'Nicolás Maduro Moros',
    gender: 'MALE',
    date_of_birth: '1962/11/23 00:00:00',
    residence: 'VEN',
    place_of_birth: 'VEN',
    citizenship: 'VEN',
    issuer_country: 'VEN',
    identification_type: 'CI',
    identification_number: '5892464',
    ...overrides,
  };
}

export function anOrganizationRequest(
  overrides: Partial<z.input<typeof OrganizationScreeningRequest>> = {},
): z.input<typeof OrganizationScreeningRequest> {
  return {
    ...CREDENTIALS,
    name: 'Petróleos de Venezuela, S.A.',
    country: 'VEN',
    identification_number: 'G-20000110-0',
    ...overrides,
  };
}

export function aSummaryRequest(
  overrides: Partial<z.input<typeof SummaryScreeningRequest>> = {},
): z.input<typeof SummaryScreeningRequest> {
  return {
    ...CREDENTIALS,
    entities: [
      {
        type: 'INDIVIDUAL',
        external_id: 'cust-000123',
        full_name: 'María Fernanda Gómez Restrepo',
        citizenship: 'COL',
      },
      { type: 'ORGANIZATION', external_id: 'corp-000045', name: 'Andes Logistics S.A.S.', country: 'COL' },
    ],
    ...overrides,
  };
}

const MATCHED_AT = {
  utcDateTime: REQUEST_AT,
  timeZone: null,
  timelinePrecision: 'ON',
  pointInTimePrecision: 'DAY',
} as const;

export function aScreeningMatch(overrides: Partial<ScreeningMatch> = {}): ScreeningMatch {
  return {
    resultId: 'res_01HX3VC7QK2M',
    name: 'MADURO MOROS, Nicolas',
    matchedTerm: [{ term: 'MADURO MOROS, Nicolas', type: 'PRIMARY' }],
    score: 0.97,
    strength: 'EXACT',
    providerCategory: ['Sanctions'],
    keywordsExtended: [
      { name: 'VENEZUELA-EO13692', description: 'Executive Order 13692', category: 'Sanctions program' },
    ],
    gender: 'MALE',
    dateOfBirth: [
      { utcDateTime: -224294400000, timeZone: null, timelinePrecision: 'ON', pointInTimePrecision: 'DAY' },
    ],
    placeOfBirth: ['Caracas, Venezuela'],
    placeOfBirthCountry: ['VEN'],
    countryLocation: ['VEN'],
    residence: ['VEN'],
    nationality: ['VEN'],
    identificationDocument: [{ number: '5892464', type: 'Cedula No.' }],
    category: 'INDIVIDUAL',
    referenceId: 'ofac-sdn:22790',
    creationDate: {
      utcDateTime: 1501545600000,
      timeZone: null,
      timelinePrecision: 'ON',
      pointInTimePrecision: 'DAY',
    },
    modificationDate: null,
    matchedDate: MATCHED_AT,
    lastAlertDate: MATCHED_AT,
    resolutionStatus: null,
    reviewRequired: true,
    list: 'ofac-sdn',
    entityId: '22790',
    secondaryFieldResults: [
      {
        typeId: 'DATE_OF_BIRTH',
        result: 'MATCHED',
        submittedValue: '1962-11-23',
        matchedValue: '1962-11-23',
      },
      { typeId: 'CITIZENSHIP', result: 'MATCHED', submittedValue: 'VEN', matchedValue: 'VEN' },
    ],
    explanation: {
      matchedName: 'MADURO MOROS, Nicolas',
      alignments: [
        { queryToken: 'nicolas', listToken: 'nicolas', signal: 'EXACT', similarity: 1 },
        { queryToken: 'maduro', listToken: 'maduro', signal: 'EXACT', similarity: 1 },
        { queryToken: 'moros', listToken: 'moros', signal: 'EXACT', similarity: 1 },
      ],
      unmatchedQueryTokens: [],
      unmatchedListTokens: [],
      features: [{ name: 'birthDateConflict', weight: -0.4, value: 0 }],
    },
    ...overrides,
  };
}

export function aScreeningResult(overrides: Partial<ScreeningResult> = {}): ScreeningResult {
  return {
    id: 'scr_01HX3VB9ZP4N',
    case_id: 'case_01HX3VB9ZP4N',
    coincidences: true,
    risk_level: 'HIGH',
    rejection_reasons: 'Exact match on OFAC SDN (VENEZUELA-EO13692)',
    rejected_at: REQUEST_AT + 35,
    analyzed_at: REQUEST_AT + 35,
    request_at: REQUEST_AT,
    id_origin: null,
    id_field_type_in_object: null,
    note: null,
    chl_court: null,
    type_origin: 'NONE',
    field_type_in_object: 'NONE',
    blacklistMatches: [],
    deceasedListMatches: [],
    transaction: 'null',
    request: {
      vesselCheckOngoingMonitoringAtInitial: false,
      mediaCheckOngoingScreeningAtInitial: false,
      groupId: 'grp_default',
      entityTypes: ['INDIVIDUAL'],
      providerTypes: ['WATCHLIST'],
      clientCaseId: 'case_01HX3VB9ZP4N',
      nameTransposition: true,
      caseScreeningState: 'INITIAL',
      names: [{ typeId: 'PRIMARY', value: 'Nicolás Maduro Moros' }],
      secondaryFields: [
        { typeId: 'GENDER', value: 'MALE' },
        { typeId: 'DATE_OF_BIRTH', value: '1962-11-23' },
        { typeId: 'CITIZENSHIP', value: 'VEN' },
      ],
    },
    response: [aScreeningMatch()],
    ...overrides,
  };
}

export function aCreateBlacklistRequest(
  overrides: Partial<z.input<typeof CreateBlacklistRequest>> = {},
): z.input<typeof CreateBlacklistRequest> {
  return {
    ...CREDENTIALS,
    type: 'WALLET',
    value: WALLETS.Ethereum,
    network: 'Ethereum',
    asset: 'USDT',
    reason: 'Chargeback fraud reported by partner exchange',
    ...overrides,
  };
}

export function aBlacklistRecord(overrides: Partial<BlacklistRecord> = {}): BlacklistRecord {
  return {
    id: 'bl_01HX3VD2F6G7',
    type: 'WALLET',
    value: WALLETS.Ethereum,
    network: 'Ethereum',
    asset: 'USDT',
    reason: 'Chargeback fraud reported by partner exchange',
    created_at: REQUEST_AT,
    updated_at: REQUEST_AT,
    ...overrides,
  };
}
