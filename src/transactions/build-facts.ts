/**
 * Screening outcomes → the DecisionFacts the rules read (model/decision.ts). Pure: everything comes in
 * as arguments. Facts are built whole, field by field in schema order, instead of parsed through zod:
 * this runs on every transaction, and a typed literal costs nothing while a parse costs microseconds.
 */
import type { ClientSettings } from '../model/client.js';
import {
  MatchStrength,
  type AmountFacts,
  type BlacklistMatch,
  type ClientDecisionSettings,
  type DecisionFacts,
  type MatchSummary,
  type ParticipantFacts,
  type ParticipantRole,
  type WalletExposure,
} from '../model/decision.js';
import { highestRiskLevel } from '../model/risk.js';
import { FATF_HIGH_RISK_COUNTRIES } from '../model/tables/high-risk-countries.js';
import type { TransactionRequest } from '../model/transaction.js';
import type { ScreeningMatch } from '../model/screening-result.js';
import { RELATION_WORDING, type ParticipantScreening, type ScreenedSubject } from './screen-participant.js';

/** Matches a review decision suppressed (issue #30) → that decision's id; they count toward no rule. */
export type SuppressedMatches = ReadonlyMap<ScreeningMatch, string>;
const NONE_SUPPRESSED: SuppressedMatches = new Map();

const STRENGTH_RANK: Readonly<Record<MatchStrength, number>> = Object.fromEntries(
  MatchStrength.options.map((strength, rank) => [strength, rank]),
) as Record<MatchStrength, number>;

const NO_MATCH: MatchSummary = { strength: 'NONE', name: '', list: '', entity_id: '' };

/**
 * The strongest match seen so far. Ties of strength go to a sanctions match over a PEP one (the graver
 * concern names the participant's best match), then to the higher score.
 */
interface Worst {
  summary: MatchSummary;
  sanction: boolean;
  score: number;
}

const noMatch = (): Worst => ({ summary: NO_MATCH, sanction: false, score: 0 });

function keepWorst(worst: Worst, summary: MatchSummary, sanction: boolean, score: number): void {
  const byStrength = STRENGTH_RANK[summary.strength] - STRENGTH_RANK[worst.summary.strength];
  const byCategory = Number(sanction) - Number(worst.sanction);
  if (byStrength > 0 || (byStrength === 0 && (byCategory > 0 || (byCategory === 0 && score > worst.score)))) {
    worst.summary = summary;
    worst.sanction = sanction;
    worst.score = score;
  }
}

/**
 * A list entry's name, plus who matched it when that was a person behind a company, so a reason reads
 * "entry MADURO MOROS, Nicolas [final beneficiary Nicolas Maduro Moros]".
 */
function matchedName(entry: string, subject: ScreenedSubject): string {
  if (subject.relation === 'natural_person' || subject.relation === 'company') return entry;
  return `${entry} [${RELATION_WORDING[subject.relation]} ${subject.name}]`;
}

// A PEP is a PEP match; any other category (Sanctions, or a list that names none) counts as sanctions,
// as screening/risk.ts treats it.
const isPep = (categories: readonly string[]) => categories.includes('PEP');
const isSanction = (categories: readonly string[]) => categories.some((c) => c !== 'PEP');

const BLACKLIST_RANK: Readonly<Record<BlacklistMatch, number>> = { NONE: 0, POSSIBLE: 1, EXACT: 2 };

function participantName(screening: ParticipantScreening): string {
  const p = screening.participant;
  if (p.entity_type === 'PERSON') return p.natural_person.full_name;
  if (p.entity_type === 'COMPANY') return p.legal_person.company_data.company_name;
  return p.crypto.address;
}

/** Countries the participant is tied to, in first-seen order, without repeats. */
function countriesOf(screening: ParticipantScreening): string[] {
  const p = screening.participant;
  const countries: (string | null)[] = [];
  if (p.entity_type === 'PERSON') countries.push(p.natural_person.nationality);
  if (p.entity_type === 'COMPANY') {
    const { legal_person: lp } = p;
    countries.push(lp.company_data.country_constitution);
    for (const person of [
      ...lp.legal_representative,
      ...lp.final_beneficiaries,
      ...lp.people_effective_control,
    ]) {
      // Residence and the document's issuing country: both tie the company to a jurisdiction.
      countries.push(person.country, person.issuing_country);
    }
  }
  return [...new Set(countries.filter((c): c is string => c !== null))];
}

function walletFacts(screening: ParticipantScreening, blacklistEnabled: boolean) {
  const categories = new Set<string>();
  let exposure: WalletExposure = 'NONE';
  let blacklisted: string | null = null;
  for (const { wallet, findings } of screening.wallets) {
    if (findings.directExposure.direct !== null) exposure = 'DIRECT';
    for (const alert of findings.alerts) {
      if (alert.exposureType === 'Blacklist') {
        if (blacklistEnabled) blacklisted ??= wallet.address;
        continue;
      }
      categories.add(alert.category);
      if (alert.exposureType === 'direct') exposure = 'DIRECT';
      else if (exposure === 'NONE') exposure = 'INDIRECT';
    }
  }
  const addresses = screening.wallets.map((w) => w.wallet.address);
  return {
    wallet: {
      address: addresses.join(', '),
      riskLevel: highestRiskLevel(screening.wallets.map((w) => w.findings.risk_level)),
      categories: [...categories],
      exposure,
    },
    // An address on the blacklist is an equal value, never a fuzzy one.
    blacklist: blacklisted === null ? null : { match: 'EXACT' as const, value: blacklisted },
  };
}

/**
 * One participant's facts: the worst match per concern over every screened name (the company and each
 * person behind it), the client's blacklist, wallet risk and countries.
 *
 * @example participantFacts('REMITTER', await screenParticipant(...), settings.blacklist.enabled)
 */
export function participantFacts(
  role: ParticipantRole,
  screening: ParticipantScreening,
  blacklistEnabled: boolean,
  suppressed: SuppressedMatches = NONE_SUPPRESSED,
): ParticipantFacts {
  const best = noMatch();
  const sanctions = noMatch();
  const pep = noMatch();
  const lists = new Set<string>();
  const categories = new Set<string>();
  let blacklist: ParticipantFacts['blacklist'] = { match: 'NONE', value: '' };
  for (const subject of screening.subjects) {
    for (const m of subject.result.response) {
      if (suppressed.has(m)) continue;
      const summary = {
        strength: m.strength,
        name: matchedName(m.name, subject),
        list: m.list,
        entity_id: m.entityId,
      };
      const sanction = isSanction(m.providerCategory);
      keepWorst(best, summary, sanction, m.score);
      if (sanction) keepWorst(sanctions, summary, sanction, m.score);
      if (isPep(m.providerCategory)) keepWorst(pep, summary, sanction, m.score);
      lists.add(m.list);
      for (const c of m.providerCategory) categories.add(c);
    }
    if (!blacklistEnabled) continue;
    for (const b of subject.result.blacklistMatches) {
      const match: BlacklistMatch = b.strength === 'EXACT' || b.strength === 'STRONG' ? 'EXACT' : 'POSSIBLE';
      if (BLACKLIST_RANK[match] > BLACKLIST_RANK[blacklist.match]) {
        blacklist = { match, value: matchedName(b.value, subject) };
      }
    }
  }
  const wallet = walletFacts(screening, blacklistEnabled);
  if (wallet.blacklist !== null) blacklist = wallet.blacklist;
  return {
    role,
    entity_type: screening.participant.entity_type,
    name: participantName(screening),
    best: best.summary,
    sanctions: sanctions.summary,
    pep: pep.summary,
    matchedLists: [...lists],
    categories: [...categories],
    blacklist,
    wallet: wallet.wallet,
    countries: countriesOf(screening),
  };
}

/** Where a transaction's USD value came from; UNKNOWN leaves the amount threshold unapplied. */
export type UsdSource =
  'SENDING_DOLLAR_AMOUNT' | 'SENDING_AMOUNT' | 'RECEIVING_AMOUNT' | 'USD_RATE' | 'UNKNOWN';

/** USD per unit of a currency, e.g. `{ EUR: 1.08 }`: configuration of the host, never built in. */
export type UsdRates = Readonly<Record<string, number>>;

/**
 * The USD value of a transaction. In order: the request's sending_dollar_amount; a side already in
 * USD; the host's rate for the sending currency; else unknown (null). Warden ships no rate table on
 * purpose: a frozen table silently drifts from the market, and an amount threshold computed from a
 * stale rate is worse than a documented gap the host closes by sending sending_dollar_amount.
 */
export function usdValueOf(
  tx: TransactionRequest,
  rates: UsdRates = {},
): { usd: number | null; source: UsdSource } {
  if (tx.sending_dollar_amount !== null)
    return { usd: tx.sending_dollar_amount, source: 'SENDING_DOLLAR_AMOUNT' };
  if (tx.transaction_type === 'CRYPTO') return { usd: null, source: 'UNKNOWN' };
  if (tx.sending_currency === 'USD') return { usd: tx.sending_amount, source: 'SENDING_AMOUNT' };
  if (tx.receiving_currency === 'USD') return { usd: tx.receiving_amount, source: 'RECEIVING_AMOUNT' };
  const rate = rates[tx.sending_currency];
  if (rate !== undefined && Number.isFinite(rate) && rate > 0) {
    return { usd: Math.round(tx.sending_amount * rate * 100) / 100, source: 'USD_RATE' };
  }
  return { usd: null, source: 'UNKNOWN' };
}

export function amountFacts(tx: TransactionRequest, usd: number | null): AmountFacts {
  return {
    // 0 when unknown: no threshold fires on a value Warden does not have (audit: usd.source UNKNOWN).
    usd: usd ?? 0,
    currency: tx.transaction_type === 'FIAT' ? tx.sending_currency : tx.asset,
    transaction_type: tx.transaction_type,
  };
}

const FATF_ALPHA3: readonly string[] = FATF_HIGH_RISK_COUNTRIES.map((c) => c.alpha3);

/** The client's settings in the decision's vocabulary; null high_risk_countries follows the FATF lists. */
export function decisionSettingsOf(settings: ClientSettings): ClientDecisionSettings {
  return {
    complianceThresholdUsd: settings.compliance_threshold_usd,
    blacklistAction: settings.blacklist.match_action,
    pepAction: settings.pep_action,
    highRiskCountries: settings.high_risk_countries ?? [...FATF_ALPHA3],
  };
}

export function decisionFacts(
  remitter: ParticipantFacts,
  beneficiary: ParticipantFacts,
  amounts: AmountFacts,
  settings: ClientDecisionSettings,
): DecisionFacts {
  return {
    remitter: { ...remitter, role: 'REMITTER' },
    beneficiary: { ...beneficiary, role: 'BENEFICIARY' },
    amounts,
    settings,
  };
}
