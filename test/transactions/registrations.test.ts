import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { RegisteredEntity, RegistrationRequest } from '../../src/model/registration.js';
import { REGISTRATION_COLLECTIONS, type StoredRegistration } from '../../src/transactions/index.js';
import {
  aCompanyParticipant,
  aCryptoParticipant,
  aLegalPerson,
  aNaturalPerson,
  aPersonParticipant,
  aPersonRecord,
} from '../support/factories/participants.js';
import { aRegistrationRequest } from '../support/factories/transactions.js';
import { STORE_KINDS, type OpenedStore } from '../support/temp-stores.js';
import {
  CLIENT,
  LISTED,
  LIST_VERSIONS,
  OTHER_CLIENT,
  SEVERE_ADDRESS,
  aHarness,
  indexOf,
  type Harness,
} from './harness.js';

type Input = z.input<typeof RegistrationRequest>;
const registration = (overrides: Partial<Input> = {}) =>
  RegistrationRequest.parse(aRegistrationRequest(overrides));
/** A person known by name only: no birth date or nationality to confirm or contradict a match. */
const person = (full_name: string, external_id = 'cust-1') =>
  aPersonParticipant({
    external_id,
    natural_person: aNaturalPerson({ full_name, birth_date: null, nationality: null, document_number: null }),
  });

describe.each(STORE_KINDS)('registration of remitters and beneficiaries (%s store)', (_kind, open) => {
  let opened: OpenedStore;
  let h: Harness;
  beforeEach(async () => {
    opened = await open();
    h = aHarness(opened.store);
  });
  afterEach(() => opened.dispose());

  it.each([
    ['an unlisted person', person('María Fernanda Gómez Restrepo'), 'NONE'],
    ['a listed person', person('Nicolás Maduro Moros'), 'HIGH'],
    ['a PEP', person('Jane Q. Senator'), 'MEDIUM'],
    [
      'a company whose final beneficiary is listed',
      aCompanyParticipant({
        legal_person: aLegalPerson({
          final_beneficiaries: [aPersonRecord({ first_name: 'Nicolas', last_name: 'Maduro Moros' })],
        }),
      }),
      'HIGH',
    ],
    [
      'a SEVERE wallet',
      aCryptoParticipant({ crypto: { address: SEVERE_ADDRESS, network: 'Ethereum', asset: 'ETH' } }),
      'SEVERE',
    ],
  ] as const)('screens %s at registration → %s', async (_label, participant, risk) => {
    const entity = await h.service.registerBeneficiary(CLIENT, registration(participant as Partial<Input>));
    expect(RegisteredEntity.parse(entity)).toEqual(entity);
    expect(entity.risk_level).toBe(risk);
    expect(entity.customer_documents).toEqual([]);
    expect(entity.analyzed_at).toBeGreaterThanOrEqual(entity.registered_in);
  });

  it('returns the spec record, with only the object of its entity_type', async () => {
    const entity = await h.service.registerRemitter(CLIENT, registration());
    expect(entity).toMatchObject({
      external_id: 'cust-000123',
      entity_type: 'PERSON',
      natural_person: { full_name: 'María Fernanda Gómez Restrepo', nationality: 'COL' },
      legal_person: null,
      crypto: null,
    });
    const stored = (await opened.store.records.getByKey<StoredRegistration>(
      'remitters',
      CLIENT,
      'cust-000123',
    ))!;
    expect(stored.id).toBe(entity.id);
    expect(stored.data.binding_list).toBe(true);
    expect(stored.data.audit.list_versions).toEqual(LIST_VERSIONS);
  });

  it('re-registers an external_id in place: same id and registered_in, new data, screened again', async () => {
    const first = await h.service.registerRemitter(CLIENT, registration(person('Carlos Pérez', 'cust-9')));
    h.time += 60_000;
    const second = await h.service.registerRemitter(
      CLIENT,
      registration(person('Nicolás Maduro Moros', 'cust-9')),
    );
    expect(second.id).toBe(first.id);
    expect(second.registered_in).toBe(first.registered_in);
    expect(second.analyzed_at).toBeGreaterThan(first.analyzed_at);
    expect([first.risk_level, second.risk_level]).toEqual(['NONE', 'HIGH']);
    expect(await opened.store.records.list('remitters', CLIENT)).toHaveLength(1);
  });

  it('keeps binding_list entries in the directory, per role and client', async () => {
    await h.service.registerBeneficiary(CLIENT, registration(person('Ana Torres', 'b-1')));
    await h.service.registerBeneficiary(CLIENT, {
      ...registration(person('Luis Vega', 'b-2')),
      binding_list: false,
    });
    expect((await h.service.findRegistered(CLIENT, 'BENEFICIARY', 'b-1'))?.natural_person?.full_name).toBe(
      'Ana Torres',
    );
    expect(await h.service.findRegistered(CLIENT, 'BENEFICIARY', 'b-2')).toBeNull();
    expect(await h.service.findRegistered(CLIENT, 'REMITTER', 'b-1')).toBeNull();
    expect(await h.service.findRegistered(OTHER_CLIENT, 'BENEFICIARY', 'b-1')).toBeNull();
  });

  it('re-screens the directory against the current index and reports the risk change', async () => {
    const oleg = await h.service.registerBeneficiary(CLIENT, registration(person('Oleg Petrov', 'b-oleg')));
    await h.service.registerRemitter(CLIENT, registration(person('Ana Torres', 'r-ana')));
    await h.service.registerRemitter(OTHER_CLIENT, registration(person('Oleg Petrov', 'r-oleg')));
    await h.service.registerRemitter(CLIENT, {
      ...registration(person('Oleg Petrov', 'r-once')),
      binding_list: false,
    });
    expect(oleg.risk_level).toBe('NONE');

    h.index = indexOf([...LISTED, { entity_id: '300', list: 'uk-ofsi', name: 'PETROV, Oleg', aliases: [] }]);
    const outcomes = await h.service.rescreenRegistered(CLIENT);
    expect(outcomes).toEqual([
      {
        collection: 'remitters',
        client_id: CLIENT,
        id: expect.any(String),
        external_id: 'r-ana',
        previous_risk: 'NONE',
        new_risk: 'NONE',
      },
      {
        collection: 'beneficiaries',
        client_id: CLIENT,
        id: oleg.id,
        external_id: 'b-oleg',
        previous_risk: 'NONE',
        new_risk: 'HIGH',
      },
    ]);
    expect((await h.service.findRegistered(CLIENT, 'BENEFICIARY', 'b-oleg'))!.risk_level).toBe('HIGH');
    expect((await h.service.findRegistered(OTHER_CLIENT, 'REMITTER', 'r-oleg'))!.risk_level).toBe('NONE');

    const everyone = await h.service.rescreenRegistered();
    expect(everyone.map((o) => [o.external_id, o.previous_risk, o.new_risk])).toEqual(
      expect.arrayContaining([
        ['r-oleg', 'NONE', 'HIGH'],
        ['b-oleg', 'HIGH', 'HIGH'],
      ]),
    );
  });

  it('keeps registrations across a reopen', async () => {
    const entity = await h.service.registerBeneficiary(CLIENT, registration(person('Ana Torres', 'b-1')));
    const later = aHarness(await opened.reopen());
    expect(await later.service.findRegistered(CLIENT, 'BENEFICIARY', 'b-1')).toEqual(entity);
    expect(REGISTRATION_COLLECTIONS.BENEFICIARY).toBe('beneficiaries');
  });
});
