/**
 * The ScreeningPort over Warden's own screening core: an EntityIndex (the loaded lists) and, per client,
 * the blacklist index when the client has its blacklist enabled. The engine builds one of these; tests
 * use it with a small real index.
 */
import type { IndividualQuery, OrganizationQuery } from '../model/screening.js';
import {
  screenIndividual,
  screenOrganization,
  type BlacklistIndex,
  type EntityIndex,
} from '../screening/index.js';
import type { ScreeningPort } from './ports.js';

export interface IndexScreeningOptions {
  /** The current index; a function, so a list update can swap it without rebuilding the service. */
  readonly index: () => EntityIndex;
  /** The client's blacklist index, or null when it is empty or disabled. */
  readonly blacklistOf?: (clientId: string) => BlacklistIndex | null;
  readonly now: () => number;
  readonly newId: () => string;
}

/** @example indexScreeningPort({ index: () => entityIndex, now: Date.now, newId }) */
export function indexScreeningPort(options: IndexScreeningOptions): ScreeningPort {
  const ctx = (clientId: string, transactionId: string | undefined) => ({
    now: options.now(),
    newId: options.newId,
    blacklist: options.blacklistOf?.(clientId) ?? null,
    clientId,
    transactionId: transactionId ?? null,
  });
  return {
    screenPerson(clientId, person, transactionId) {
      // Built as the parsed query directly: the participant was validated when it entered.
      const query: IndividualQuery = {
        full_name: person.full_name,
        gender: null,
        date_of_birth: person.birth_date ?? null,
        residence: null,
        place_of_birth: null,
        citizenship: person.nationality ?? null,
        issuer_country: null,
        identification_type: null,
        identification_number: person.document_number ?? null,
        nameTransposition: true,
      };
      return screenIndividual(options.index(), query, ctx(clientId, transactionId));
    },
    screenCompany(clientId, company, transactionId) {
      const query: OrganizationQuery = {
        name: company.name,
        // An empty country is skipped by the country feature, as an absent one should be.
        country: company.country ?? '',
        identification_number: company.identification_number ?? null,
        nameTransposition: true,
      };
      return screenOrganization(options.index(), query, ctx(clientId, transactionId));
    },
  };
}
