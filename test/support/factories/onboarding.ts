/** Onboarding requests (z.input shapes) and records (z.infer shapes), realistic; override any field. */
import type { z } from 'zod';
import type { FileReference } from '../../../src/model/file-reference.js';
import type { Flow, FlowInstance } from '../../../src/model/flow.js';
import type { Identity, NewIdentity } from '../../../src/model/identity.js';
import type { DataCompany, DataIndividual, Party } from '../../../src/model/onboarding-data.js';
import type { CreateOnboardingRequest, OnboardingRecord } from '../../../src/model/onboarding.js';
import { CREDENTIALS } from './participants.js';

const CREATED_AT = '2024-05-01T10:00:00.000Z';
const COMPLETED_AT = '2024-05-01T10:04:12.000Z';

export function aDataIndividual(
  overrides: Partial<z.input<typeof DataIndividual>> = {},
): z.input<typeof DataIndividual> {
  return {
    name: 'Valentina Ríos Castaño',
    address_1: 'Calle 10 Sur # 50-28',
    address_2: 'Apto 502',
    city: 'Medellín',
    province: 'Antioquia',
    country_of_residence: 'COL',
    email: 'valentina.rios@example.co',
    is_pep: false,
    business_information: {
      estimated_monthly_transaction_usd: 3000,
      fund_origin: 'SALARY',
      funding_source_type: 'INHERITANCE',
      income_brief_description: 'Senior software engineer at a local fintech',
      legal_relationship_purpose: 'COMMERCIAL_OPERATIONS',
      monthly_income_usd: 4200,
      total_assets: 85000,
      source_of_income: 'SALARY_OR_WAGE',
    },
    ...overrides,
  };
}

export function aParty(overrides: Partial<z.input<typeof Party>> = {}): z.input<typeof Party> {
  return {
    id: 'party_01HX3VF1',
    full_name: 'Rodrigo Salazar Vega',
    document_data: {
      document_type: 'NATIONAL_ID',
      country: 'MEX',
      file_key_document: 'onb/party_01HX3VF1/front.jpg',
      file_key_document_back: 'onb/party_01HX3VF1/back.jpg',
      identity_id: 'idv_01HX3VF9',
    },
    email: 'rsalazar@tacosdelnorte.mx',
    phone: '+52 81 5555 0142',
    birth_country: 'MEX',
    country_of_residence: 'MEX',
    country_name_of_residence: 'Mexico',
    address_line_1: 'Av. Constitución 2050',
    city: 'Monterrey',
    state_code: 'NLE',
    postal_code: '64000',
    province: 'Nuevo León',
    ownership_percentage: 55,
    is_pep: false,
    file_key_proof_of_address: 'onb/party_01HX3VF1/proof-of-address.pdf',
    titles: ['BUSINESS_OWNER', 'ACCOUNT_REPRESENTATIVE'],
    tax_identification: { number: 'SAVR750312HN4', tax_residence_country_code: 'MEX' },
    ownership_type: 'DIRECT',
    ...overrides,
  };
}

export function aDataCompany(
  overrides: Partial<z.input<typeof DataCompany>> = {},
): z.input<typeof DataCompany> {
  return {
    company_type: 'PUBLICLY_LISTED_COMPANY',
    country_constitution: 'MEX',
    date_of_incorporation: '2011-03-15',
    description: 'Restaurant chain and food distribution in northern Mexico',
    name: 'Tacos del Norte S.A. de C.V.',
    register_number: 'N-2011012345',
    address_line_1: 'Av. Constitución 2050',
    city: 'Monterrey',
    country_name_of_residence: 'Mexico',
    country_of_residence: 'MEX',
    email: 'finanzas@tacosdelnorte.mx',
    legal_address: 'Av. Constitución 2050, Centro, 64000 Monterrey, N.L.',
    phone: '+52 81 5555 0100',
    postal_code: '64000',
    province: 'Nuevo León',
    state_code: 'NLE',
    website: 'https://tacosdelnorte.mx',
    business_operations_start_date: '2011-06-01',
    industry: 'FOOD_AND_SERVICES',
    industry_reference: 'NAICS 722511',
    tax_number: 'TNO110315AB1',
    tax_residence_country_code: 'MEX',
    operational_address: {
      address_line_1: 'Carretera Miguel Alemán km 12',
      city: 'Apodaca',
      country_name_of_residence: 'Mexico',
      country_of_residence: 'MEX',
      postal_code: '66600',
      state_code: 'NLE',
    },
    business_information: {
      annual_income_usd: { min: 5000000, max: 10000000 },
      estimated_annual_transaction_usd: { min: 1000000, max: 2500000 },
      monthly_expected_volumes_reference: { min: 80000, max: 200000 },
      total_assets: { min: 12000000, max: 15000000 },
      commercial_relationship_purpose: 'OPENING_BUSINESS_ACCOUNT',
      fund_origin: 'COMPANY_OPERATING_INCOME',
      source_of_income: 'PRODUCT_SALES',
    },
    final_beneficiaries: [aParty()],
    legal_representatives: [
      aParty({ id: 'party_01HX3VF2', ownership_percentage: null, ownership_type: null }),
    ],
    cash_controllers: [],
    ...overrides,
  };
}

export function aNewIdentity(
  overrides: Partial<z.input<typeof NewIdentity>> = {},
): z.input<typeof NewIdentity> {
  return {
    document_type: 'CC',
    document_number: '1037612345',
    issue_country_iso3: 'COL',
    first_name: 'Valentina',
    last_name: 'Ríos Castaño',
    personal_number: '1037612345',
    birth_date: '1994-08-09',
    ...overrides,
  };
}

export function aCreateOnboardingRequest(
  overrides: Partial<z.input<typeof CreateOnboardingRequest>> = {},
): z.input<typeof CreateOnboardingRequest> {
  return {
    flow: 'flow_01HX3V0000',
    data: { type: 'INDIVIDUAL', data_individual: aDataIndividual() },
    identity: aNewIdentity(),
    metadata: { url_path: '/signup/personal', is_fullpage: 'true' },
    ...overrides,
  };
}

export function aFileReference(overrides: Partial<FileReference> = {}): FileReference {
  return {
    id: 'file_01HX3VG5',
    field_name: 'file_key_document',
    original_name: 'cedula-frente.jpg',
    encoding: '7bit',
    mime_type: 'image/jpeg',
    size: 482113,
    path: 'onboardings/onb_01HX3VH7/file_01HX3VG5.jpg',
    file_name: 'file_01HX3VG5.jpg',
    service_code: 'IDENTITY_DOCUMENT',
    ...overrides,
  };
}

export function anOnboardingRecord(overrides: Partial<OnboardingRecord> = {}): OnboardingRecord {
  return {
    _id: 'onb_01HX3VH7',
    flow: 'flow_01HX3V0000',
    user: CREDENTIALS.client_id,
    flow_instance: 'fi_01HX3VH6',
    flow_event: 'ONBOARDING_COMPLETED',
    identities: ['idv_01HX3VF9'],
    data: {
      type: 'INDIVIDUAL',
      config_service: { age_threshold: 18, document_expiration: true },
      data_individual: {
        name: 'Valentina Ríos Castaño',
        address_1: 'Calle 10 Sur # 50-28',
        address_2: null,
        city: 'Medellín',
        province: 'Antioquia',
        country_of_residence: 'COL',
        email: 'valentina.rios@example.co',
        is_pep: false,
        business_information: null,
      },
    },
    status: 'APPROVED',
    metadata: { url_path: '/signup/personal', is_fullpage: 'true' },
    file_references_data: [aFileReference()],
    completed_at: COMPLETED_AT,
    reason: null,
    status_history: [{ from: null, to: 'APPROVED', reason: null, at: COMPLETED_AT, by: 'warden' }],
    createdAt: CREATED_AT,
    updatedAt: COMPLETED_AT,
    ...overrides,
  };
}

export function anIdentity(overrides: Partial<Identity> = {}): Identity {
  return {
    _id: 'idv_01HX3VF9',
    flow: 'flow_01HX3V0000',
    flow_instance: 'fi_01HX3VH6',
    document_type: 'CC',
    document_number: '1037612345',
    issue_country_iso3: 'COL',
    first_name: 'Valentina',
    last_name: 'Ríos Castaño',
    personal_number: '1037612345',
    birth_date: '1994-08-09',
    expiry_date: '2032-08-09',
    status: 'APPROVED',
    reason: null,
    status_history: [{ from: null, to: 'APPROVED', reason: null, at: COMPLETED_AT, by: 'warden' }],
    files: [aFileReference()],
    createdAt: CREATED_AT,
    updatedAt: COMPLETED_AT,
    ...overrides,
  };
}

export function aFlow(overrides: Partial<Flow> = {}): Flow {
  return {
    _id: 'flow_01HX3V0000',
    name: 'Personal account onboarding',
    config_service: { age_threshold: 18, document_expiration: true },
    createdAt: '2024-04-01T08:00:00.000Z',
    updatedAt: '2024-04-01T08:00:00.000Z',
    ...overrides,
  };
}

export function aFlowInstance(overrides: Partial<FlowInstance> = {}): FlowInstance {
  return {
    _id: 'fi_01HX3VH6',
    flow: 'flow_01HX3V0000',
    status: 'COMPLETED',
    flow_event: 'ONBOARDING_COMPLETED',
    onboarding: 'onb_01HX3VH7',
    identities: ['idv_01HX3VF9'],
    file_references_data: [aFileReference()],
    createdAt: CREATED_AT,
    updatedAt: COMPLETED_AT,
    ...overrides,
  };
}
