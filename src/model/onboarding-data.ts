/**
 * What an onboarding is about (spec: Onboarding record → data): an individual's data_individual or a
 * company's data_company with its parties. The spec notes some fields are absent on some records, so
 * besides a name every field may be absent or null and comes back as null.
 */
import { z } from 'zod';
import { CalendarDate } from './dates.js';
import { DocumentTypeCode } from './document-types.js';
import { discriminatorError } from './issue-messages.js';
import { CountryCode } from './reference.js';
import { NonNegativeAmount, OpenCode, partiesOf, Percentage, RequiredText } from './scalars.js';
import { nameSchema } from './schema-names.js';

const text = RequiredText.nullable().default(null);
const country = CountryCode.nullable().default(null);
const code = OpenCode.nullable().default(null);
const amount = NonNegativeAmount.nullable().default(null);

/** Defaults apply when a flow is created without them: adults only, expired documents refused. */
export const ConfigService = z.object({
  age_threshold: z
    .number()
    .int()
    .min(0)
    .max(150)
    .default(18)
    .describe('Minimum age of an individual, in years'),
  document_expiration: z.boolean().default(true).describe('Refuse expired identity documents'),
});
export type ConfigService = z.infer<typeof ConfigService>;
nameSchema(ConfigService, 'ConfigService');

export const IndividualBusinessInformation = z.object({
  estimated_monthly_transaction_usd: amount,
  fund_origin: code.describe('e.g. SALARY'),
  funding_source_type: code.describe('e.g. INHERITANCE'),
  income_brief_description: text,
  legal_relationship_purpose: code.describe('e.g. COMMERCIAL_OPERATIONS'),
  monthly_income_usd: amount,
  total_assets: amount,
  source_of_income: code.describe('e.g. SALARY_OR_WAGE'),
});
export type IndividualBusinessInformation = z.infer<typeof IndividualBusinessInformation>;

export const DataIndividual = z.object({
  name: RequiredText.describe('Full name'),
  address_1: text,
  address_2: text,
  city: text,
  province: text,
  country_of_residence: country,
  email: text,
  is_pep: z.boolean().nullable().default(null),
  business_information: IndividualBusinessInformation.nullable().default(null),
});
export type DataIndividual = z.infer<typeof DataIndividual>;
nameSchema(DataIndividual, 'DataIndividual');

export const AmountRange = z.object({ min: NonNegativeAmount, max: NonNegativeAmount }).check((ctx) => {
  if (ctx.value.min > ctx.value.max) {
    ctx.issues.push({
      code: 'custom',
      message: 'must not be below min',
      input: ctx.value.max,
      path: ['max'],
    });
  }
});
export type AmountRange = z.infer<typeof AmountRange>;

export const CompanyBusinessInformation = z.object({
  annual_income_usd: AmountRange.nullable().default(null),
  estimated_annual_transaction_usd: AmountRange.nullable().default(null),
  monthly_expected_volumes_reference: AmountRange.nullable().default(null),
  total_assets: AmountRange.nullable().default(null),
  commercial_relationship_purpose: code.describe('e.g. OPENING_BUSINESS_ACCOUNT'),
  fund_origin: code.describe('e.g. COMPANY_OPERATING_INCOME'),
  source_of_income: code.describe('e.g. PRODUCT_SALES'),
});
export type CompanyBusinessInformation = z.infer<typeof CompanyBusinessInformation>;

export const PartyDocumentData = z.object({
  document_type: DocumentTypeCode.describe('e.g. NATIONAL_ID'),
  country,
  file_key_document: text,
  file_key_document_back: text,
  identity_id: text.describe('Identity verification of this party, when one was made'),
});
export type PartyDocumentData = z.infer<typeof PartyDocumentData>;

/** A final beneficiary, legal representative or cash controller of a company. */
export const Party = z.object({
  id: text.describe('Assigned by Warden when absent'),
  full_name: text.describe('Warden addition: the name to screen when the party has no identity record'),
  document_data: PartyDocumentData.nullable().default(null),
  email: text,
  phone: text,
  birth_country: country,
  country_of_residence: country,
  country_name_of_residence: text,
  address_line_1: text,
  city: text,
  state_code: text,
  postal_code: text,
  province: text,
  ownership_percentage: Percentage.nullable().default(null),
  is_pep: z.boolean().nullable().default(null),
  file_key_proof_of_address: text,
  titles: z
    .array(OpenCode)
    .max(20, { error: 'must have at most 20 titles' })
    .default([])
    .describe('e.g. BUSINESS_OWNER, ACCOUNT_REPRESENTATIVE'),
  tax_identification: z
    .object({ number: RequiredText, tax_residence_country_code: country })
    .nullable()
    .default(null),
  ownership_type: z
    .enum(['DIRECT', 'INDIRECT'])
    .nullable()
    .default(null)
    .describe('Observed on final beneficiaries'),
});
export type Party = z.infer<typeof Party>;
nameSchema(Party, 'Party');

const addressFields = {
  address_line_1: text,
  city: text,
  country_name_of_residence: text,
  country_of_residence: country,
  postal_code: text,
  state_code: text,
};

export const OperationalAddress = z.object(addressFields);
export type OperationalAddress = z.infer<typeof OperationalAddress>;

export const DataCompany = z.object({
  company_type: code.describe('e.g. PUBLICLY_LISTED_COMPANY'),
  country_constitution: country,
  date_of_incorporation: CalendarDate.nullable().default(null),
  description: text,
  name: RequiredText.describe('Registered name'),
  register_number: text,
  ...addressFields,
  email: text,
  legal_address: text,
  phone: text,
  province: text,
  website: text,
  business_operations_start_date: CalendarDate.nullable().default(null),
  industry: code.describe('e.g. FOOD_AND_SERVICES'),
  industry_reference: text,
  tax_number: text,
  tax_residence_country_code: country,
  operational_address: OperationalAddress.nullable().default(null),
  business_information: CompanyBusinessInformation.nullable().default(null),
  final_beneficiaries: partiesOf(Party),
  legal_representatives: partiesOf(Party),
  cash_controllers: partiesOf(Party),
});
export type DataCompany = z.infer<typeof DataCompany>;
nameSchema(DataCompany, 'DataCompany');

export const OnboardingType = z.enum(['INDIVIDUAL', 'COMPANY']);
export type OnboardingType = z.infer<typeof OnboardingType>;

export const IndividualOnboardingData = z.object({
  type: z.literal('INDIVIDUAL'),
  data_individual: DataIndividual,
});
export type IndividualOnboardingData = z.infer<typeof IndividualOnboardingData>;

export const CompanyOnboardingData = z.object({ type: z.literal('COMPANY'), data_company: DataCompany });
export type CompanyOnboardingData = z.infer<typeof CompanyOnboardingData>;

const typeError = { error: discriminatorError('type', OnboardingType.options) };

/** `data` of a create-onboarding request: config_service comes from the flow, not the client. */
export const NewOnboardingData = z.discriminatedUnion(
  'type',
  [IndividualOnboardingData, CompanyOnboardingData],
  typeError,
);
export type NewOnboardingData = z.infer<typeof NewOnboardingData>;
nameSchema(NewOnboardingData, 'NewOnboardingData');

/** `data` of an onboarding record. */
export const OnboardingData = z.discriminatedUnion(
  'type',
  [
    IndividualOnboardingData.extend({ config_service: ConfigService }),
    CompanyOnboardingData.extend({ config_service: ConfigService }),
  ],
  typeError,
);
export type OnboardingData = z.infer<typeof OnboardingData>;
nameSchema(OnboardingData, 'OnboardingData');
