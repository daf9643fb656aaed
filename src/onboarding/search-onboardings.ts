/**
 * Finding onboardings by the data of their entity (spec: Onboarding: Get Entity List by document
 * number; Get Entity by document number). The spec leaves the matching semantics open; Warden's:
 *
 * | filter           | compared with                                                       | how                                                                 |
 * |------------------|---------------------------------------------------------------------|---------------------------------------------------------------------|
 * | flow             | the record's flow id                                                | exact                                                               |
 * | status           | the record's status                                                 | exact (one of the review statuses)                                  |
 * | documentNumber   | identity document numbers; a company's register and tax numbers     | equal once case, spaces and punctuation are dropped ("1.037.612-345" = "1037612345") |
 * | issueCountryIso3 | those documents' issuing (registering) country                      | exact ISO alpha-3 (upper-cased by the query schema); with documentNumber, one document must match both |
 * | personalNumber   | identities' personal_number                                         | as documentNumber                                                   |
 * | firstName        | identities' first_name                                              | case/diacritic-insensitive, whole words: "ana" finds "Ana María", not "Mariana" |
 * | lastName         | identities' last_name                                               | as firstName: "rios" finds "Ríos Castaño"                           |
 * | fullname         | the entity's full names: individual name, identity "first last", company name | case/diacritic-insensitive substring: "rios cast" finds "Valentina Ríos Castaño" |
 * | search           | every name (parties' too), email, document, personal, register and tax number | every word of the query is a case/diacritic-insensitive substring of one of them; numbers also match without punctuation |
 * | metadata         | the record's metadata                                               | every given key present with an equal value (exact, case-sensitive) |
 *
 * Filters combine with AND. Results are newest first; skip and limit apply after filtering, and
 * `total` counts every match. No match is an empty page; an unknown `flow` is RESOURCE_NOT_FOUND
 * (the spec's 404 of this operation), since a mistyped flow id would otherwise look like "no one".
 */
import type { z } from 'zod';
import { WardenError } from '../model/errors.js';
import type { Identity } from '../model/identity.js';
import {
  OnboardingByDocumentQuery,
  OnboardingEntityQuery,
  type OnboardingList,
  type OnboardingRecord,
} from '../model/onboarding.js';
import { parseRequest } from '../model/parse-request.js';
import type { OnboardingContext } from './context.js';
import {
  compactCode,
  factsOf,
  foldText,
  type DocumentFact,
  type OnboardingFacts,
} from './onboarding-facts.js';
import { COLLECTION, readOwned } from './owned-records.js';

/** As the HTTP query gives it; a library caller may also pass metadata as an object. */
export type OnboardingSearchInput = Omit<z.input<typeof OnboardingEntityQuery>, 'metadata'> & {
  metadata?: string | Record<string, string>;
};

type Query = OnboardingEntityQuery;
export type OnboardingFilter = Exclude<keyof Query, 'skip' | 'limit'>;

interface Candidate {
  readonly record: OnboardingRecord;
  /** Computed on first use, after the cheap filters passed. */
  readonly facts: OnboardingFacts;
}

const hasWord = (field: string, word: string) => ` ${field} `.includes(` ${word} `);

function documentFits(doc: DocumentFact, query: Query): boolean {
  return (
    (query.documentNumber === undefined || doc.number === compactCode(query.documentNumber)) &&
    (query.issueCountryIso3 === undefined || doc.country === query.issueCountryIso3)
  );
}

function searchFits(facts: OnboardingFacts, search: string): boolean {
  return foldText(search)
    .split(' ')
    .every((word) => {
      const compact = compactCode(word);
      return facts.text.some((text) => text.includes(word) || (compact !== '' && text.includes(compact)));
    });
}

/** Filter → test, run only when the filter is given; cheap record filters first. */
export const ONBOARDING_FILTERS: readonly (readonly [
  OnboardingFilter,
  (c: Candidate, q: Query) => boolean,
])[] = [
  ['flow', (c, q) => c.record.flow === q.flow],
  ['status', (c, q) => c.record.status === q.status],
  ['metadata', (c, q) => Object.entries(q.metadata ?? {}).every(([k, v]) => c.record.metadata?.[k] === v)],
  ['documentNumber', (c, q) => c.facts.documents.some((doc) => documentFits(doc, q))],
  ['issueCountryIso3', (c, q) => c.facts.documents.some((doc) => documentFits(doc, q))],
  ['personalNumber', (c, q) => c.facts.personalNumbers.includes(compactCode(q.personalNumber!))],
  ['firstName', (c, q) => c.facts.firstNames.some((name) => hasWord(name, foldText(q.firstName!)))],
  ['lastName', (c, q) => c.facts.lastNames.some((name) => hasWord(name, foldText(q.lastName!)))],
  ['fullname', (c, q) => c.facts.fullNames.some((name) => name.includes(foldText(q.fullname!)))],
  ['search', (c, q) => searchFits(c.facts, q.search!)],
];

/**
 * Every onboarding of the client with its facts. A search is a scan of the client's onboardings and
 * identities, read from the store for the request and let go after it.
 */
async function candidatesOf(ctx: OnboardingContext, clientId: string): Promise<Candidate[]> {
  const identities = new Map(
    (await ctx.records.list<Identity>(COLLECTION.identities, clientId)).map((r) => [r.id, r.data]),
  );
  const identityOf = (id: string) => identities.get(id);
  return (await ctx.records.list<OnboardingRecord>(COLLECTION.onboardings, clientId))
    .map(({ data: record }) => {
      let facts: OnboardingFacts | undefined;
      return {
        record,
        get facts() {
          facts ??= factsOf(
            record,
            record.identities.map(identityOf).filter((i): i is Identity => i !== undefined),
          );
          return facts;
        },
      };
    })
    .reverse();
}

/**
 * The onboardings of a client that pass every given filter, newest first.
 *
 * @example searchOnboardings(ctx, 'client-a', { lastName: 'rios', metadata: '{"url_path":"/signup"}', limit: 10 })
 */
export async function searchOnboardings(
  ctx: OnboardingContext,
  clientId: string,
  input: OnboardingSearchInput = {},
): Promise<OnboardingList> {
  const metadata = typeof input.metadata === 'object' ? JSON.stringify(input.metadata) : input.metadata;
  const query = parseRequest(OnboardingEntityQuery, { ...input, metadata });
  if (query.flow !== undefined)
    await readOwned(ctx.records, COLLECTION.flows, clientId, query.flow, ['flow']);
  const active = ONBOARDING_FILTERS.filter(([field]) => query[field] !== undefined);
  const matches = (await candidatesOf(ctx, clientId)).filter((c) =>
    active.every(([, test]) => test(c, query)),
  );
  const { skip, limit } = query;
  return {
    items: matches.slice(skip, skip + limit).map((c) => c.record),
    total: matches.length,
    skip,
    limit,
  };
}

/**
 * The newest onboarding whose entity holds that document (identity document, or a company's register
 * or tax number) issued by that country; RESOURCE_NOT_FOUND when none does.
 */
export async function getEntityByDocument(
  ctx: OnboardingContext,
  clientId: string,
  input: z.input<typeof OnboardingByDocumentQuery>,
): Promise<OnboardingRecord> {
  const query = parseRequest(OnboardingByDocumentQuery, input);
  const asSearch: Query = { ...query, skip: 0, limit: 1 };
  const found = (await candidatesOf(ctx, clientId)).find((c) =>
    c.facts.documents.some((d) => documentFits(d, asSearch)),
  );
  if (found === undefined) {
    throw new WardenError(
      'RESOURCE_NOT_FOUND',
      `No onboarding has document "${query.documentNumber}" issued by ${query.issueCountryIso3}.`,
      { path: ['documentNumber'] },
    );
  }
  return found.record;
}
