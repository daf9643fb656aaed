import { describe, expect, it } from 'vitest';
import { IndividualQuery, OrganizationQuery } from '../../src/model/screening.js';
import { featureBoostOf, MAX_FEATURE_BOOST, scoreEntity } from '../../src/screening/score-entity.js';
import {
  buildEntityIndex,
  prepareIndividualQuery,
  prepareOrganizationQuery,
} from '../../src/screening/index.js';
import { DEFAULT_MATCH_CONFIG } from '../../src/names/index.js';
import { anEntity } from '../support/entities.js';

const index = buildEntityIndex([
  anEntity({
    entity_id: '1',
    name: 'PETROV, Oleg',
    gender: 'male',
    birth_dates: [{ date: '1980-05-01' }],
    nationalities: ['RUS'],
    citizenships: [],
    birth_places: ['Moscow, Russia'],
    addresses: [{ country: 'RUS' }],
  }),
  anEntity({ entity_id: '2', type: 'organization', name: 'ACME TRADING', addresses: [{ country: 'PAN' }] }),
]);
const person = index.entities[0]!;
const company = index.entities[1]!;

describe('featureBoostOf', () => {
  it('is nothing for a query without secondary fields', () => {
    expect(
      featureBoostOf(prepareIndividualQuery(index, IndividualQuery.parse({ full_name: 'Oleg Petrov' }))),
    ).toBe(0);
  });

  it('bounds what the submitted fields add to a name score when they all agree', () => {
    const q = prepareIndividualQuery(
      index,
      IndividualQuery.parse({
        full_name: 'Oleg Petrov',
        date_of_birth: '1980-05-01',
        gender: 'MALE',
        citizenship: 'RUS',
        residence: 'RUS',
        place_of_birth: 'RUS',
      }),
    );
    const added = scoreEntity(q, person, 0.5, false, DEFAULT_MATCH_CONFIG).score - 0.5;
    expect(added).toBeGreaterThan(0.15);
    expect(added).toBeLessThanOrEqual(featureBoostOf(q) + 1e-12);
    const org = prepareOrganizationQuery(
      index,
      OrganizationQuery.parse({ name: 'Acme Trading', country: 'PAN' }),
    );
    const orgAdded = scoreEntity(org, company, 0.5, false, DEFAULT_MATCH_CONFIG).score - 0.5;
    expect(orgAdded).toBeGreaterThan(0);
    expect(orgAdded).toBeLessThanOrEqual(featureBoostOf(org) + 1e-12);
  });

  it('gives a document number the whole margin: an identical number lifts any near name', () => {
    const q = prepareIndividualQuery(
      index,
      IndividualQuery.parse({ full_name: 'Oleg Petrov', identification_number: 'X1234567' }),
    );
    expect(featureBoostOf(q)).toBe(MAX_FEATURE_BOOST);
  });
});
