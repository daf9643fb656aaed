/**
 * Prints p50/p99 of an in-process transaction decision with two natural persons: both screened against
 * the real OFAC SDN list (legacy CSV, ../shared/datasets; a synthetic list of 5,000 names when it is
 * missing), facts built, the default rules run, the audit trail assembled (analyzeTransaction); and of
 * the whole submit on the memory store (adds the request hash, two record writes and the list view).
 * Bar (DESIGN §6): p99 ≤ 2 ms; this issue's target p50 ≤ 300 µs. Prints figures; asserts nothing.
 *
 *   npx tsx bench/transactions/decide.ts
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileRuleSet, loadRuleSet } from '../../src/decision/index.js';
import { ClientSettings } from '../../src/model/client.js';
import { Entity } from '../../src/model/entity.js';
import { SubmitTransactionRequest } from '../../src/model/transaction.js';
import { readOfacLegacyFolder } from '../../src/lists/read-source.js';
import { buildEntityIndex } from '../../src/screening/index.js';
import { openMemoryStore } from '../../src/store/index.js';
import { decideTransaction } from '../../src/decision/index.js';
import {
  amountFacts,
  analyzeTransaction,
  createTransactionService,
  decisionFacts,
  decisionSettingsOf,
  indexScreeningPort,
  participantFacts,
  screenParticipant,
  transactionAudit,
  transactionBodyOf,
  type NotifyPort,
  type ParticipantScreening,
  type WalletRiskSummary,
} from '../../src/transactions/index.js';

const ROOT = join(import.meta.dirname, '../..');
const SHARED = process.env.WARDEN_SHARED_DATASETS ?? join(ROOT, '../shared/datasets');
const OFAC = join(SHARED, 'ofac/sdn_2023-12-28');
const TRANSACTIONS = 2_000;
const ROUNDS = 5;

// A small seeded generator, so every run screens the same names.
let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const FIRST = [
  'María',
  'José',
  'Ana',
  'Luis',
  'Carmen',
  'Juan',
  'Laura',
  'Pedro',
  'Sofía',
  'Diego',
  'Emma',
  'Oliver',
  'Chloé',
  'Mateo',
  'Aisha',
  'Wei',
  'Olga',
  'Tomás',
];
const LAST = [
  'García',
  'Rodríguez',
  'Martínez',
  'Hernández',
  'López',
  'González',
  'Pérez',
  'Sánchez',
  'Ramírez',
  'Torres',
  'Flores',
  'Rivera',
  'Gómez',
  'Díaz',
  'Smith',
  'Johnson',
  'Müller',
  'Rossi',
];
const cleanName = () => `${pick(FIRST)} ${pick(FIRST)} ${pick(LAST)} ${pick(LAST)}`;

const started = performance.now();
const real = existsSync(join(OFAC, 'sdn.csv'));
const entities: Entity[] = real
  ? readOfacLegacyFolder(OFAC).entities
  : Array.from({ length: 5_000 }, (_, i) =>
      Entity.parse({ list: 'synthetic', entity_id: String(i), type: 'individual', name: cleanName() }),
    );
const index = buildEntityIndex(entities);
const buildMs = performance.now() - started;
const listedPeople = entities.filter((e) => e.type === 'individual').map((e) => e.name);

let ids = 0;
const newId = () => `id_${++ids}`;
const now = () => Date.now();
const CLEAN: WalletRiskSummary = { risk_level: 'NONE', alerts: [], directExposure: { direct: null } };
const ports = {
  screening: indexScreeningPort({ index: () => index, now, newId }),
  wallet: { analyze: () => CLEAN },
};
const rules = compileRuleSet(loadRuleSet((file) => readFileSync(join(ROOT, 'rules', file), 'utf8')));
const settings = ClientSettings.parse({});
const deps = { ports, rules, settingsOf: () => settings, listVersions: () => ['ofac-sdn@1'], now };

/** 9 in 10 payments between unlisted people (as in real traffic), 1 in 10 with a listed remitter. */
const requests = Array.from({ length: TRANSACTIONS }, (_, i) =>
  SubmitTransactionRequest.parse({
    client_id: 'cl_bench',
    client_secret: 'x',
    transaction: {
      external_transaction_id: `tx-${i}`,
      transaction_type: 'FIAT',
      sending_amount: 100 + (i % 20_000),
      sending_currency: 'USD',
      receiving_amount: 100,
      receiving_currency: 'USD',
    },
    remitter: {
      external_id: `r-${i}`,
      entity_type: 'PERSON',
      natural_person: { full_name: i % 10 === 0 ? pick(listedPeople) : cleanName(), nationality: 'COL' },
    },
    beneficiary: {
      external_id: `b-${i}`,
      entity_type: 'PERSON',
      natural_person: { full_name: cleanName(), birth_date: '1985-02-14' },
    },
  }),
);
const bodies = requests.map(transactionBodyOf);

function percentiles(samples: number[]): string {
  samples.sort((a, b) => a - b);
  const at = (p: number) => samples[Math.min(samples.length - 1, Math.floor(p * samples.length))]!;
  const mean = samples.reduce((s, v) => s + v, 0) / samples.length;
  return `p50 ${at(0.5).toFixed(1).padStart(7)} µs   p99 ${at(0.99).toFixed(1).padStart(7)} µs   mean ${mean.toFixed(1).padStart(7)} µs`;
}

const states = new Map<string, number>();
async function timeAnalysis(record: boolean): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < bodies.length; i++) {
    const t0 = process.hrtime.bigint();
    const analysis = await analyzeTransaction(deps, 'cl_bench', bodies[i]!, `txn_${i}`);
    samples.push(Number(process.hrtime.bigint() - t0) / 1_000);
    if (record) states.set(analysis.state, (states.get(analysis.state) ?? 0) + 1);
  }
  return samples;
}

/** Screening alone: the two screenPerson calls analyzeTransaction makes. */
function timeScreening(): number[] {
  const samples: number[] = [];
  for (const body of bodies) {
    const t0 = process.hrtime.bigint();
    for (const p of [body.remitter, body.beneficiary]) {
      if (p.entity_type === 'PERSON') ports.screening.screenPerson('cl_bench', p.natural_person);
    }
    samples.push(Number(process.hrtime.bigint() - t0) / 1_000);
  }
  return samples;
}

/** What this module adds to screening: facts, rules, audit, on screening results computed beforehand. */
async function timeDecisionOnly(): Promise<number[]> {
  const screened: [ParticipantScreening, ParticipantScreening][] = [];
  for (const body of bodies) {
    screened.push([
      await screenParticipant(ports, 'cl_bench', body.remitter, []),
      await screenParticipant(ports, 'cl_bench', body.beneficiary, []),
    ]);
  }
  const samples: number[] = [];
  const decisionSettings = decisionSettingsOf(settings);
  for (let i = 0; i < bodies.length; i++) {
    const [remitter, beneficiary] = screened[i]!;
    const t0 = process.hrtime.bigint();
    const facts = decisionFacts(
      participantFacts('REMITTER', remitter, true),
      participantFacts('BENEFICIARY', beneficiary, true),
      amountFacts(bodies[i]!.transaction, 100),
      decisionSettings,
    );
    const decision = decideTransaction(rules, facts);
    transactionAudit({
      decision,
      facts,
      listVersions: [],
      usd: { value: 100, source: 'SENDING_AMOUNT' },
      remitter,
      beneficiary,
    });
    samples.push(Number(process.hrtime.bigint() - t0) / 1_000);
  }
  return samples;
}

async function timeSubmit(round: number): Promise<number[]> {
  const store = openMemoryStore();
  // No webhooks: no outbox record to write, nothing to schedule.
  const notify: NotifyPort = { prepare: () => ({ record: null, schedule: () => undefined }) };
  const service = createTransactionService({
    store,
    ...ports,
    notify,
    rules,
    settingsOf: () => settings,
    listVersions: () => [],
    now,
    newId,
  });
  const samples: number[] = [];
  for (const request of requests) {
    const fresh = {
      ...request,
      transaction: {
        ...request.transaction,
        external_transaction_id: `${request.transaction.external_transaction_id}-${round}`,
      },
    };
    const t0 = process.hrtime.bigint();
    await service.submit('cl_bench', fresh);
    samples.push(Number(process.hrtime.bigint() - t0) / 1_000);
  }
  await store.close();
  return samples;
}

console.log(
  `index: ${entities.length} ${real ? 'OFAC SDN (sdn_2023-12-28)' : 'synthetic'} entities, built in ${Math.round(buildMs)} ms; ${TRANSACTIONS} transactions × ${ROUNDS} rounds`,
);
await timeAnalysis(true); // warm-up, and the outcome mix
console.log(`outcomes: ${[...states].map(([s, n]) => `${s} ${n}`).join(', ')}`);
const analysis: number[] = [];
for (let r = 0; r < ROUNDS; r++) analysis.push(...(await timeAnalysis(false)));
console.log(`analyzeTransaction (2 persons + rules + audit)   ${percentiles(analysis)}`);
timeScreening();
const screeningOnly: number[] = [];
for (let r = 0; r < ROUNDS; r++) screeningOnly.push(...timeScreening());
console.log(`  of which screening (2 × screenPerson)          ${percentiles(screeningOnly)}`);
await timeDecisionOnly();
const decisionOnly: number[] = [];
for (let r = 0; r < ROUNDS; r++) decisionOnly.push(...(await timeDecisionOnly()));
console.log(`  of which facts + rules + audit                 ${percentiles(decisionOnly)}`);
await timeSubmit(-1);
const submit: number[] = [];
for (let r = 0; r < ROUNDS; r++) submit.push(...(await timeSubmit(r)));
console.log(`submit on the memory store (+ hash, 2 writes)    ${percentiles(submit)}`);
