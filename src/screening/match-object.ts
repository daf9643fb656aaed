/** An EntityHit in the spec's match object shape (World-Check style), with Warden's additions. */
import { toDateObject, type DateObject } from '../model/dates.js';
import {
  NAME_TYPE_BY_ALIAS_KIND,
  type MatchExplanation,
  type ScreeningCategory,
  type ScreeningMatch,
  type TokenSignal,
} from '../model/screening-result.js';
import type { MatchSignalName } from '../names/index.js';
import { ACRONYM_SLOT, type EntityIndex } from './entity-index.js';
import type { EntityHit } from './search.js';

const SIGNAL: Readonly<Record<MatchSignalName, TokenSignal>> = {
  exact: 'EXACT',
  'jaro-winkler': 'JARO_WINKLER',
  levenshtein: 'LEVENSHTEIN',
  phonetic: 'PHONETIC',
  initial: 'INITIAL',
  merged: 'MERGED',
  particle: 'PARTICLE',
  nickname: 'NICKNAME',
  romanization: 'ROMANIZATION',
  acronym: 'ACRONYM',
};

/** When the match was made, as a date object at day precision. */
export function instantDate(now: number): DateObject {
  return { utcDateTime: now, timeZone: 'UTC', timelinePrecision: 'ON', pointInTimePrecision: 'DAY' };
}

function safeDate(date: string, circa = false): DateObject | null {
  try {
    return toDateObject(date, { circa });
  } catch {
    return null; // a list date that is not a calendar date is left out rather than failing the screen
  }
}

/** The list spelling that matched and its type (PRIMARY, AKA, LOW_QUALITY_AKA…). */
export function matchedTermOf(index: EntityIndex, hit: EntityHit): ScreeningMatch['matchedTerm'][number] {
  const { alias } = index.slots[hit.slot]!;
  const entity = index.entities[hit.entity]!.entity;
  if (alias === ACRONYM_SLOT) {
    return { term: index.names.nameAt(hit.slot).tokens.join(' ').toUpperCase(), type: 'ACRONYM' };
  }
  const a = alias >= 0 ? entity.aliases[alias] : undefined;
  return a ? { term: a.name, type: NAME_TYPE_BY_ALIAS_KIND[a.kind] } : { term: entity.name, type: 'PRIMARY' };
}

function explanationOf(
  index: EntityIndex,
  hit: EntityHit,
  matchedName: string,
  queryTokens: readonly string[],
): MatchExplanation {
  const query = new Set<string>();
  const listed = new Set<string>();
  for (const p of hit.pairs) {
    for (const t of p.query.split(' ')) query.add(t);
    for (const t of p.candidate.split(' ')) listed.add(t);
  }
  const name = index.names.nameAt(hit.slot);
  return {
    matchedName,
    alignments: hit.pairs.map((p) => ({
      queryToken: p.query,
      listToken: p.candidate,
      signal: SIGNAL[p.signal],
      similarity: Math.round(p.similarity * 1000) / 1000,
    })),
    unmatchedQueryTokens: queryTokens.filter((t) => !query.has(t)),
    unmatchedListTokens: name.tokens.filter((t) => !listed.has(t)),
    features: [
      { name: 'nameAlignment', weight: 1, value: Math.round(hit.nameScore * 1000) / 1000 },
      ...hit.features.map((f) => ({
        name: f.name,
        weight: f.adjustment,
        value: f.result === 'MATCHED' ? 1 : 0,
      })),
    ],
  };
}

export function toMatchObject(
  index: EntityIndex,
  hit: EntityHit,
  queryTokens: readonly string[],
  resultId: string,
  now: number,
): ScreeningMatch {
  const indexed = index.entities[hit.entity]!;
  const e = indexed.entity;
  const term = matchedTermOf(index, hit);
  const category = e.categories[0] ?? indexed.categories[0] ?? 'Sanctions';
  const matched = instantDate(now);
  return {
    resultId,
    name: e.name,
    matchedTerm: [term],
    score: Math.round(hit.score * 1000) / 1000,
    strength: hit.strength,
    providerCategory: [...indexed.categories],
    keywordsExtended: e.programs.map((program) => ({
      name: program,
      description: `${e.list} programme ${program}`,
      category,
    })),
    gender: e.gender === 'male' ? 'MALE' : e.gender === 'female' ? 'FEMALE' : null,
    dateOfBirth: e.birth_dates.flatMap((b) => safeDate(b.date, b.circa) ?? []),
    placeOfBirth: [...e.birth_places],
    placeOfBirthCountry: [...indexed.birthCountries],
    countryLocation: [...indexed.locations],
    residence: [...indexed.locations],
    nationality: [...indexed.nationalities],
    identificationDocument: e.documents.map((d) => ({ number: d.number, type: d.type })),
    category: e.type.toUpperCase() as ScreeningCategory,
    referenceId: `${e.list}:${e.entity_id}`,
    creationDate: e.listed_on ? safeDate(e.listed_on) : null,
    modificationDate: null,
    matchedDate: matched,
    lastAlertDate: matched,
    resolutionStatus: null,
    reviewRequired: true,
    list: e.list,
    entityId: e.entity_id,
    secondaryFieldResults: hit.features.map((f) => ({
      typeId: f.field,
      result: f.result,
      submittedValue: f.submittedValue,
      matchedValue: f.matchedValue,
    })),
    explanation: explanationOf(index, hit, term.term, queryTokens),
  };
}
