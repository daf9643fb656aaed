/** Participants as a client sends them (z.input shapes), complete and realistic; override any field. */
import type { z } from 'zod';
import type {
  CompanyData,
  CompanyParticipant,
  CryptoParticipant,
  CryptoWallet,
  LegalPerson,
  NaturalPerson,
  PersonParticipant,
  PersonRecord,
} from '../../../src/model/participant.js';

export const CREDENTIALS = {
  client_id: 'cli_7Hq2fN3kLm',
  client_secret: 'sk_live_9f8e7d6c5b4a3210',
} as const;

/** Addresses with valid checksums, one per catalog network. */
export const WALLETS = {
  Bitcoin: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  Ethereum: '0x52908400098527886E0F7030069857D2E4169EE7',
  TRON: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
} as const;

export function aNaturalPerson(
  overrides: Partial<z.input<typeof NaturalPerson>> = {},
): z.input<typeof NaturalPerson> {
  return {
    full_name: 'María Fernanda Gómez Restrepo',
    document_type: 'CC',
    document_number: '1020304050',
    nationality: 'COL',
    birth_date: '1988-04-17',
    ...overrides,
  };
}

export function aPersonRecord(
  overrides: Partial<z.input<typeof PersonRecord>> = {},
): z.input<typeof PersonRecord> {
  return {
    external_id: 'ubo-0001',
    first_name: 'Juan Carlos',
    last_name: 'Restrepo Álvarez',
    identification_number: '79845123',
    is_pep: false,
    address: 'Carrera 7 # 71-21',
    city: 'Bogotá',
    country: 'COL',
    issuing_country: 'COL',
    participation: 60,
    ...overrides,
  };
}

export function aCompanyData(
  overrides: Partial<z.input<typeof CompanyData>> = {},
): z.input<typeof CompanyData> {
  return {
    company_name: 'Andes Logistics S.A.S.',
    sector: 'Transportation and storage',
    kind_of_society: 'S.A.S.',
    constitution_date: 1262304000000,
    country_constitution: 'COL',
    email: 'compliance@andeslogistics.co',
    short_description: 'Freight forwarding between Colombia, Peru and Ecuador',
    document_type: 'NIT',
    identification_number: '900123456-7',
    address: 'Calle 100 # 8A-55, Bogotá',
    phone: '+57 601 555 0199',
    company_usd_monthly_income: 250000,
    monthly_amount_operate: 120000,
    financial_patrimony: 1800000,
    total_patrimony: 2400000,
    source_funds: 'Operating income from freight services',
    ...overrides,
  };
}

export function aLegalPerson(
  overrides: Partial<z.input<typeof LegalPerson>> = {},
): z.input<typeof LegalPerson> {
  return {
    company_data: aCompanyData(),
    legal_representative: [aPersonRecord({ external_id: 'rep-0001', participation: null })],
    final_beneficiaries: [
      aPersonRecord(),
      aPersonRecord({
        external_id: 'ubo-0002',
        first_name: 'Lucía',
        last_name: 'Mendoza Pardo',
        participation: 40,
      }),
    ],
    people_effective_control: [aPersonRecord({ external_id: 'ctl-0001', participation: 60 })],
    ...overrides,
  };
}

export function aCryptoWallet(
  overrides: Partial<z.input<typeof CryptoWallet>> = {},
): z.input<typeof CryptoWallet> {
  return { address: WALLETS.Ethereum, network: 'Ethereum', asset: 'USDT', ...overrides };
}

export function aPersonParticipant(
  overrides: Partial<z.input<typeof PersonParticipant>> = {},
): z.input<typeof PersonParticipant> {
  return {
    external_id: 'cust-000123',
    entity_type: 'PERSON',
    natural_person: aNaturalPerson(),
    ...overrides,
  };
}

export function aCompanyParticipant(
  overrides: Partial<z.input<typeof CompanyParticipant>> = {},
): z.input<typeof CompanyParticipant> {
  return { external_id: 'corp-000045', entity_type: 'COMPANY', legal_person: aLegalPerson(), ...overrides };
}

export function aCryptoParticipant(
  overrides: Partial<z.input<typeof CryptoParticipant>> = {},
): z.input<typeof CryptoParticipant> {
  return { external_id: 'wallet-000789', entity_type: 'CRYPTO', crypto: aCryptoWallet(), ...overrides };
}
