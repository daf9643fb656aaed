/**
 * Standalone registration of a remitter or beneficiary (spec: Register remitter / Register Beneficiary):
 * the request (credentials, binding_list and a participant) and the registered entity record.
 */
import { z } from 'zod';
import { ClientCredentials, EXAMPLE_CREDENTIALS } from './credentials.js';
import {
  CryptoWallet,
  LegalPerson,
  NaturalPerson,
  ParticipantEntityType,
  participantWith,
} from './participant.js';
import { RiskLevel } from './risk.js';
import { EpochMillis } from './scalars.js';
import { nameSchema } from './schema-names.js';

export const RegistrationRequest = participantWith({
  ...ClientCredentials.shape,
  binding_list: z
    .boolean()
    .default(false)
    .describe('When true the entity is kept in the client directory for reuse in later operations'),
});
export type RegistrationRequest = z.infer<typeof RegistrationRequest>;
export type RegistrationRequestInput = z.input<typeof RegistrationRequest>;
nameSchema(RegistrationRequest, 'RegistrationRequest', [
  {
    ...EXAMPLE_CREDENTIALS,
    external_id: 'cust-78',
    entity_type: 'PERSON',
    natural_person: { full_name: 'Juan Carlos Perez', nationality: 'COL' },
    binding_list: true,
  },
]);

export const RegisteredEntity = z.object({
  id: z.string().describe('Internal identifier'),
  external_id: z.string(),
  entity_type: ParticipantEntityType,
  natural_person: NaturalPerson.nullable().describe('Present for PERSON, else null'),
  legal_person: LegalPerson.nullable().describe('Present for COMPANY, else null'),
  crypto: CryptoWallet.nullable().describe('Present for CRYPTO, else null'),
  customer_documents: z.array(z.unknown()).describe('Always empty: the spec shows no entry shape'),
  analyzed_at: EpochMillis,
  registered_in: EpochMillis,
  risk_level: RiskLevel.describe('Warden addition: the outcome of screening the entity at registration'),
});
export type RegisteredEntity = z.infer<typeof RegisteredEntity>;
nameSchema(RegisteredEntity, 'RegisteredEntity');
