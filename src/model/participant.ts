/**
 * The participant of a transaction or registration (remitter or beneficiary), polymorphic on
 * entity_type: PERSON carries natural_person, COMPANY legal_person, CRYPTO crypto.
 * The spec does not say which fields are required; Warden requires what screening cannot do without
 * (a name, a wallet) and lets every other field be absent or null, returning it as null.
 */
import { z } from 'zod';
import { Asset, Network, checkNetworkAsset } from './coins.js';
import { CalendarDate } from './dates.js';
import { DocumentTypeCode } from './document-types.js';
import { discriminatorError, requiredWhen } from './issue-messages.js';
import { CountryCode } from './reference.js';
import { EpochMillis, NonNegativeAmount, partiesOf, Percentage, RequiredText } from './scalars.js';
import { nameSchema } from './schema-names.js';

export const ParticipantEntityType = z.enum(['PERSON', 'COMPANY', 'CRYPTO']);
export type ParticipantEntityType = z.infer<typeof ParticipantEntityType>;

const optionalText = RequiredText.nullable().default(null);

export const NaturalPerson = z.object(
  {
    full_name: RequiredText.describe('Full name as on the identity document'),
    document_type: DocumentTypeCode.nullable().default(null),
    document_number: optionalText,
    nationality: CountryCode.nullable().default(null),
    birth_date: CalendarDate.nullable().default(null),
  },
  { error: requiredWhen('entity_type', 'PERSON') },
);
export type NaturalPerson = z.infer<typeof NaturalPerson>;
nameSchema(NaturalPerson, 'NaturalPerson');

/** A person inside a legal person: representative, final beneficiary or controller. */
export const PersonRecord = z
  .object({
    external_id: optionalText.describe("Client's identifier of the person"),
    first_name: optionalText,
    last_name: optionalText,
    identification_number: optionalText,
    is_pep: z
      .boolean()
      .nullable()
      .default(null)
      .describe('Politically exposed person; null when not declared'),
    address: optionalText,
    city: optionalText,
    country: CountryCode.nullable().default(null),
    issuing_country: CountryCode.nullable()
      .default(null)
      .describe('Country that issued identification_number'),
    participation: Percentage.nullable()
      .default(null)
      .describe('Ownership or control share in percent (final_beneficiaries, people_effective_control)'),
  })
  .check((ctx) => {
    // Screening matches names; a person with neither name part cannot be screened.
    if (ctx.value.first_name === null && ctx.value.last_name === null) {
      ctx.issues.push({
        code: 'custom',
        message: 'a person needs a first_name or a last_name',
        input: ctx.value,
        path: ['first_name'],
      });
    }
  });
export type PersonRecord = z.infer<typeof PersonRecord>;
nameSchema(PersonRecord, 'PersonRecord');

export const CompanyData = z.object({
  company_name: RequiredText.describe('Registered name of the company'),
  tax_id: optionalText.describe(
    'Named as a key attribute by the spec overview; identification_number is preferred, tax_id is read when it is absent',
  ),
  sector: optionalText,
  kind_of_society: optionalText.describe('Legal form, e.g. S.A.S., LLC'),
  constitution_date: EpochMillis.nullable().default(null).describe('Date of incorporation, epoch ms'),
  country_constitution: CountryCode.nullable().default(null).describe('Country of incorporation'),
  email: optionalText,
  short_description: optionalText,
  document_type: DocumentTypeCode.nullable().default(null),
  identification_number: optionalText,
  address: optionalText,
  phone: optionalText,
  company_usd_monthly_income: NonNegativeAmount.nullable().default(null),
  monthly_amount_operate: NonNegativeAmount.nullable().default(null),
  financial_patrimony: NonNegativeAmount.nullable().default(null),
  total_patrimony: NonNegativeAmount.nullable().default(null),
  source_funds: optionalText,
});
export type CompanyData = z.infer<typeof CompanyData>;
nameSchema(CompanyData, 'CompanyData');

export const LegalPerson = z.object(
  {
    company_data: CompanyData,
    legal_representative: partiesOf(PersonRecord),
    final_beneficiaries: partiesOf(PersonRecord),
    people_effective_control: partiesOf(PersonRecord),
  },
  { error: requiredWhen('entity_type', 'COMPANY') },
);
export type LegalPerson = z.infer<typeof LegalPerson>;
nameSchema(LegalPerson, 'LegalPerson');

/** The spec's `crypto` object. Address checksums are checked by wallet/, which knows each network's format. */
export const CryptoWallet = z
  .object(
    {
      address: RequiredText.describe('Wallet address on the network'),
      network: Network,
      asset: Asset,
    },
    { error: requiredWhen('entity_type', 'CRYPTO') },
  )
  .check(checkNetworkAsset);
export type CryptoWallet = z.infer<typeof CryptoWallet>;
nameSchema(CryptoWallet, 'CryptoWallet');

const participantBase = {
  external_id: RequiredText.describe("Client's identifier of the entity, reused across operations"),
};

export const PersonParticipant = z.object({
  ...participantBase,
  entity_type: z.literal('PERSON'),
  natural_person: NaturalPerson,
});
export type PersonParticipant = z.infer<typeof PersonParticipant>;

export const CompanyParticipant = z.object({
  ...participantBase,
  entity_type: z.literal('COMPANY'),
  legal_person: LegalPerson,
});
export type CompanyParticipant = z.infer<typeof CompanyParticipant>;

export const CryptoParticipant = z.object({
  ...participantBase,
  entity_type: z.literal('CRYPTO'),
  crypto: CryptoWallet,
});
export type CryptoParticipant = z.infer<typeof CryptoParticipant>;

/**
 * The three participant variants with extra fields on each (credentials for a registration request);
 * the polymorphism is written once, here.
 */
export function participantWith<Extra extends z.ZodRawShape>(extra: Extra) {
  return z.discriminatedUnion(
    'entity_type',
    [PersonParticipant.extend(extra), CompanyParticipant.extend(extra), CryptoParticipant.extend(extra)],
    { error: discriminatorError('entity_type', ParticipantEntityType.options) },
  );
}

export const Participant = participantWith({}).describe('Remitter or beneficiary');
export type Participant = z.infer<typeof Participant>;
nameSchema(Participant, 'Participant');
