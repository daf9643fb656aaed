/**
 * The screening operations in the spec's shapes: individuals, organizations, and a summary of up
 * to 100 of either. Pure and synchronous: the index, the client's blacklist, the clock and the id
 * source come in as arguments.
 */
import type { RiskLevel } from '../model/risk.js';
import { highestRiskLevel } from '../model/risk.js';
import type {
  IndividualQuery,
  OrganizationQuery,
  SummaryEntityResult,
  SummaryScreeningRequest,
  SummaryScreeningResponse,
} from '../model/screening.js';
import type { ScreeningMatch, ScreeningRequestEcho, ScreeningResult } from '../model/screening-result.js';
import type { BlacklistNameMatch } from '../model/blacklist.js';
import { DEFAULT_MATCH_CONFIG, type MatchConfig } from '../names/index.js';
import { toBlacklistMatch, type BlacklistIndex } from './blacklist-index.js';
import type { EntityIndex } from './entity-index.js';
import { toMatchObject } from './match-object.js';
import { prepareIndividualQuery, prepareOrganizationQuery, type PreparedQuery } from './prepared-query.js';
import { REJECTING_RISK, riskOfMatch } from './risk.js';
import { searchEntities } from './search.js';

export interface ScreeningContext {
  readonly now: number;
  readonly newId: () => string;
  readonly cfg?: MatchConfig;
  /** The client's name blacklist, when it is enabled. */
  readonly blacklist?: BlacklistIndex | null;
  /** Who asks (echoed as groupId). */
  readonly clientId?: string;
  /** The transaction that caused this screening, if any. */
  readonly transactionId?: string | null;
  /** Most matches reported (default 10). */
  readonly limit?: number;
}

interface Screened {
  readonly matches: ScreeningMatch[];
  readonly blacklistMatches: BlacklistNameMatch[];
  readonly risk: RiskLevel;
  readonly reasons: string[];
}

function describeMatch(m: ScreeningMatch): string {
  return `${m.providerCategory.join('/')} list ${m.list} entry ${m.entityId} "${m.name}" matched as "${m.matchedTerm[0]?.term}" (${m.strength}, score ${m.score.toFixed(2)})`;
}

function screenPrepared(index: EntityIndex, q: PreparedQuery, ctx: ScreeningContext): Screened {
  const cfg = ctx.cfg ?? DEFAULT_MATCH_CONFIG;
  const hits = searchEntities(index, q, { cfg, limit: ctx.limit ?? 10 });
  const matches = hits.map((hit) => toMatchObject(index, hit, q.name.tokens, ctx.newId(), ctx.now));
  let blacklistMatches: BlacklistNameMatch[] = [];
  if (ctx.blacklist) {
    const bl = ctx.blacklist;
    const blq = { ...q, name: bl.index.names.prepare(q.name.normalized, q.name.kind) };
    blacklistMatches = searchEntities(bl.index, blq, { cfg, limit: 10 }).map((hit) =>
      toBlacklistMatch(bl, hit),
    );
  }
  const risks = [
    ...matches.map((m) => riskOfMatch(m.providerCategory, m.strength)),
    ...blacklistMatches.map((b) => riskOfMatch(['Blacklist'], b.strength)),
  ];
  const risk = highestRiskLevel(risks);
  const reasons: string[] = [];
  matches.forEach((m, i) => {
    if (risks[i] === REJECTING_RISK || risks[i] === 'SEVERE') reasons.push(describeMatch(m));
  });
  for (const b of blacklistMatches) {
    if (riskOfMatch(['Blacklist'], b.strength) === REJECTING_RISK) {
      reasons.push(
        `Client blacklist entry ${b.id} "${b.value}" (${b.strength}, score ${b.score.toFixed(2)})`,
      );
    }
  }
  return { matches, blacklistMatches, risk, reasons };
}

function echoOf(
  q: PreparedQuery,
  rawName: string,
  secondary: ScreeningRequestEcho['secondaryFields'],
  caseId: string,
  ctx: ScreeningContext,
): ScreeningRequestEcho {
  return {
    vesselCheckOngoingMonitoringAtInitial: false,
    mediaCheckOngoingScreeningAtInitial: false,
    groupId: ctx.clientId ?? '',
    entityTypes: [q.subject],
    providerTypes: ctx.blacklist ? ['WATCHLIST', 'CLIENT_WATCHLIST'] : ['WATCHLIST'],
    clientCaseId: caseId,
    nameTransposition: q.nameTransposition,
    caseScreeningState: 'INITIAL',
    names: [{ typeId: 'PRIMARY', value: rawName }],
    secondaryFields: secondary,
  };
}

function resultOf(
  screened: Screened,
  echo: (caseId: string) => ScreeningRequestEcho,
  ctx: ScreeningContext,
): ScreeningResult {
  const caseId = ctx.newId();
  const rejected = screened.reasons.length > 0;
  return {
    id: ctx.newId(),
    case_id: caseId,
    coincidences: screened.matches.length > 0 || screened.blacklistMatches.length > 0,
    risk_level: screened.risk,
    rejection_reasons: screened.reasons.join('; '),
    rejected_at: rejected ? ctx.now : null,
    analyzed_at: ctx.now,
    request_at: ctx.now,
    id_origin: null,
    id_field_type_in_object: null,
    note: null,
    chl_court: null,
    type_origin: 'NONE',
    field_type_in_object: 'NONE',
    blacklistMatches: screened.blacklistMatches,
    deceasedListMatches: [],
    transaction: ctx.transactionId ?? 'null',
    request: echo(caseId),
    response: screened.matches,
  };
}

type Secondary = ScreeningRequestEcho['secondaryFields'];

function individualSecondary(q: IndividualQuery): Secondary {
  const fields: [Secondary[number]['typeId'], string | null][] = [
    ['GENDER', q.gender],
    ['DATE_OF_BIRTH', q.date_of_birth],
    ['RESIDENCE', q.residence],
    ['PLACE_OF_BIRTH', q.place_of_birth],
    ['CITIZENSHIP', q.citizenship],
    ['ISSUER_COUNTRY', q.issuer_country],
    ['IDENTIFICATION_TYPE', q.identification_type],
    ['IDENTIFICATION_NUMBER', q.identification_number],
  ];
  return fields.flatMap(([typeId, value]) => (value ? [{ typeId, value }] : []));
}

/**
 * Screens an individual against the loaded lists (and the client's blacklist).
 *
 * @example screenIndividual(index, IndividualQuery.parse({ full_name: 'Nicolas Maduro' }), { now, newId })
 */
export function screenIndividual(
  index: EntityIndex,
  query: IndividualQuery,
  ctx: ScreeningContext,
): ScreeningResult {
  const q = prepareIndividualQuery(index, query);
  const screened = screenPrepared(index, q, ctx);
  return resultOf(
    screened,
    (caseId) => echoOf(q, query.full_name, individualSecondary(query), caseId, ctx),
    ctx,
  );
}

export function screenOrganization(
  index: EntityIndex,
  query: OrganizationQuery,
  ctx: ScreeningContext,
): ScreeningResult {
  const q = prepareOrganizationQuery(index, query);
  const screened = screenPrepared(index, q, ctx);
  const secondary: Secondary = [{ typeId: 'COUNTRY', value: query.country }];
  if (query.identification_number)
    secondary.push({ typeId: 'IDENTIFICATION_NUMBER', value: query.identification_number });
  return resultOf(screened, (caseId) => echoOf(q, query.name, secondary, caseId, ctx), ctx);
}

/** Up to 100 individuals and organizations in one call, each summarised, in request order. */
export function screenSummary(
  index: EntityIndex,
  request: Pick<SummaryScreeningRequest, 'entities'>,
  ctx: ScreeningContext,
): SummaryScreeningResponse {
  const results: SummaryEntityResult[] = request.entities.map((entry, i) => {
    const q =
      entry.type === 'INDIVIDUAL'
        ? prepareIndividualQuery(index, entry)
        : prepareOrganizationQuery(index, entry);
    const screened = screenPrepared(index, q, ctx);
    return {
      index: i,
      external_id: entry.external_id,
      type: entry.type,
      name: entry.type === 'INDIVIDUAL' ? entry.full_name : entry.name,
      coincidences: screened.matches.length > 0 || screened.blacklistMatches.length > 0,
      risk_level: screened.risk,
      matches: screened.matches.map((m) => ({
        resultId: m.resultId,
        name: m.name,
        score: m.score,
        strength: m.strength,
        providerCategory: m.providerCategory,
        list: m.list,
        entityId: m.entityId,
        referenceId: m.referenceId,
      })),
      blacklistMatches: screened.blacklistMatches,
    };
  });
  return { success: true, analyzed_at: ctx.now, results };
}
