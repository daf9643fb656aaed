import { describe, expect, it } from 'vitest';
import { RegisteredEntity, RegistrationRequest } from '../../src/model/registration.js';
import {
  CREDENTIALS,
  aCompanyParticipant,
  aCryptoParticipant,
  aRegisteredEntity,
  aRegistrationRequest,
} from '../support/factories.js';
import { withValueAt, withoutKeyAt } from '../support/mutate.js';
import { requestErrorOf, validationErrorOf } from '../support/validation.js';

describe('RegistrationRequest', () => {
  it.each([
    ['PERSON', aRegistrationRequest()],
    ['COMPANY', { ...CREDENTIALS, binding_list: false, ...aCompanyParticipant() }],
    ['CRYPTO', { ...CREDENTIALS, ...aCryptoParticipant() }],
  ])('parses a %s registration', (entityType, request) => {
    const parsed = RegistrationRequest.parse(request);
    expect(parsed.entity_type).toBe(entityType);
    expect(parsed.client_id).toBe(CREDENTIALS.client_id);
  });

  it('defaults binding_list to false', () => {
    expect(
      RegistrationRequest.parse(withoutKeyAt(aRegistrationRequest(), ['binding_list'])).binding_list,
    ).toBe(false);
  });

  it.each([
    [['binding_list'], 'true', 'expected boolean'],
    [['client_secret'], undefined, 'expected string'],
    [['entity_type'], 'person', 'must be one of PERSON, COMPANY, CRYPTO, got "person"'],
    [
      ['natural_person', 'nationality'],
      'Colombia',
      'must be an ISO 3166-1 alpha-3 country code, got "COLOMBIA"',
    ],
  ])('rejects %j = %j', (path, value, message) => {
    const error = validationErrorOf(RegistrationRequest, withValueAt(aRegistrationRequest(), path, value));
    expect(error.path).toEqual(path);
    expect(error.message).toContain(message);
  });

  it('reports an invalid pair of a CRYPTO registration as INVALID_NETWORK_ASSET', () => {
    const request = {
      ...CREDENTIALS,
      ...aCryptoParticipant({ crypto: { address: 'bc1q', network: 'BTC', asset: 'ETH' } }),
    };
    expect(requestErrorOf(RegistrationRequest, request).code).toBe('INVALID_NETWORK_ASSET');
  });
});

describe('RegisteredEntity', () => {
  it('parses a registered person, the other objects null', () => {
    expect(RegisteredEntity.parse(aRegisteredEntity())).toEqual(aRegisteredEntity());
  });

  it.each([
    [['entity_type'], 'ROBOT'],
    [['risk_level'], 'CRITICAL'],
    [['customer_documents'], null],
  ])('rejects %j = %j', (path, value) => {
    expect(validationErrorOf(RegisteredEntity, withValueAt(aRegisteredEntity(), path, value)).path).toEqual(
      path,
    );
  });
});
