/**
 * Abuse bench (issue #29): the largest and worst bodies a client can send, against a real server on
 * 127.0.0.1 over a real DuckDB file with the OFAC SDN list loaded. For each body: the answer's status,
 * its size, the request's time, and how long the server's event loop stalled meanwhile — the delay
 * every other request (a /healthz probe) would have waited, read from the server's own
 * monitorEventLoopDelay. The requests come from a worker thread, so the client's own work (building
 * and reading megabyte bodies) is not charged to the server's loop. Medians of --rounds.
 *
 *   npx tsx bench/api/abuse.ts [--rounds 5]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

interface Case {
  readonly label: string;
  readonly method: 'POST';
  readonly path: string;
  readonly body: string;
}
interface Answer {
  readonly status: number;
  readonly bytes: number;
  readonly ms: number;
}

const SEND = '/api/v1/verification/send';
const ONBOARDINGS = '/api/v1/client-api/onboardings';

/** The bodies, built in the worker from the credentials the main thread created. */
function casesOf(credentials: { client_id: string; client_secret: string }, flow: string): Case[] {
  const transaction = (id: string) => ({
    external_transaction_id: id,
    transaction_type: 'FIAT',
    sending_amount: 10,
    sending_currency: 'USD',
    receiving_amount: 10,
    receiving_currency: 'USD',
  });
  const person = (name: string) => ({
    external_id: name,
    entity_type: 'PERSON',
    natural_person: { full_name: name, nationality: 'COL' },
  });
  /** A company whose final beneficiaries are `parties` and, with `everyList`, its other two lists too. */
  const company = (parties: unknown[], everyList = false) => ({
    external_id: 'co',
    entity_type: 'COMPANY',
    legal_person: {
      company_data: { company_name: 'Acme Trading', country_constitution: 'COL' },
      final_beneficiaries: parties,
      ...(everyList ? { legal_representative: parties, people_effective_control: parties } : {}),
    },
  });
  const named = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ first_name: `Ana${i}`, last_name: `Perez ${i}` }));
  let deep: unknown = 'FIAT';
  for (let i = 0; i < 5000; i++) deep = [deep];
  const send = (label: string, body: object): Case => ({
    label,
    method: 'POST',
    path: SEND,
    body: JSON.stringify({ ...credentials, ...body }),
  });
  const party = (i: number) => ({ full_name: `Party Person ${i}`, email: `p${i}@example.com` });
  const onboarding = (label: string, dataCompany: object): Case => ({
    label,
    method: 'POST',
    path: ONBOARDINGS,
    body: JSON.stringify({
      flow,
      data: {
        type: 'COMPANY',
        data_company: { name: 'Acme Holdings', country_constitution: 'COL', ...dataCompany },
      },
    }),
  });
  const parties = (n: number, from = 0) => Array.from({ length: n }, (_, i) => party(from + i));
  return [
    send('type field nested 5,000 deep', {
      transaction: { ...transaction('deep'), transaction_type: deep },
      remitter: person('Ana Perez'),
      beneficiary: person('Luis Gomez'),
    }),
    send('nationality of 1,000,000 characters', {
      transaction: transaction('long'),
      remitter: person('Ana Perez'),
      beneficiary: {
        ...person('Luis Gomez'),
        natural_person: { full_name: 'Luis Gomez', nationality: 'X'.repeat(1_000_000) },
      },
    }),
    send('200,000 empty final_beneficiaries', {
      transaction: transaction('empty'),
      remitter: company(Array.from({ length: 200_000 }, () => ({}))),
      beneficiary: person('Luis Gomez'),
    }),
    send('10,000 named beneficiaries', {
      transaction: transaction('many'),
      remitter: company(named(10_000)),
      beneficiary: person('Luis Gomez'),
    }),
    send('100 bad beneficiaries (every one refused)', {
      transaction: transaction('bad'),
      remitter: company(Array.from({ length: 100 }, () => ({ email: 'x' }))),
      beneficiary: person('Luis Gomez'),
    }),
    send('accepted: 100 named parties in each of 3 lists', {
      transaction: transaction(`max-${Math.random()}`),
      remitter: company(named(100), true),
      beneficiary: person('Luis Gomez'),
    }),
    onboarding('onboarding, company with 150,000 parties', {
      final_beneficiaries: Array.from({ length: 150_000 }, () => ({})),
    }),
    onboarding('accepted: onboarding, company with 100 parties in each of 3 lists', {
      final_beneficiaries: parties(100),
      legal_representatives: parties(100, 100),
      cash_controllers: parties(100, 200),
    }),
  ];
}

async function client(): Promise<void> {
  const { url, credentials, token, flow, rounds } = workerData as {
    url: string;
    flow: string;
    credentials: { client_id: string; client_secret: string };
    token: string;
    rounds: number;
  };
  for (const c of casesOf(credentials, flow)) {
    for (let r = 0; r < rounds; r++) {
      // A new transaction id each round, so an accepted submit is decided again rather than replayed.
      const body = c.body.replace(/"max-[0-9.]+"/, `"max-${r}-${Math.random()}"`);
      parentPort!.postMessage({ start: c.label });
      await new Promise((resolve) => parentPort!.once('message', resolve));
      const t = performance.now();
      let answer: Answer;
      try {
        const response = await fetch(`${url}${c.path}`, {
          method: c.method,
          headers: {
            'content-type': 'application/json',
            ...(c.path === ONBOARDINGS ? { authorization: `Bearer ${token}` } : {}),
          },
          body,
        });
        const text = await response.text();
        answer = { status: response.status, bytes: text.length, ms: performance.now() - t };
      } catch {
        // The server answered (413) and closed before the whole body was written.
        answer = { status: 0, bytes: 0, ms: performance.now() - t };
      }
      parentPort!.postMessage({ done: c.label, answer, sent: body.length });
    }
  }
  parentPort!.postMessage({ finished: true });
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' } } });
  const rounds = Number(values.rounds);
  const { createEngine } = await import('../../src/engine/create-engine.js');
  const { startServer } = await import('../../src/api/index.js');
  const root = join(import.meta.dirname, '../..');
  const shared = process.env.WARDEN_SHARED_DATASETS ?? join(root, '../shared/datasets');
  const dir = mkdtempSync(join(tmpdir(), 'warden-abuse-'));
  const engine = await createEngine({
    db: join(dir, 'abuse.duckdb'),
    lists: [{ source: 'ofac', path: join(shared, 'ofac/sdn_2023-12-28') }],
  });
  const { client_id, client_secret } = await engine.clients.createClient({ name: 'abuse', now: Date.now() });
  const flow = (await engine.onboarding.createFlow(client_id, { name: 'abuse' }))._id;
  const server = await startServer({ engine, port: 0, rateLimits: {} });
  const token = (
    (await (
      await fetch(`${server.url}/api/v1/client-api/auth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client_id, client_secret }),
      })
    ).json()) as { access_token: string }
  ).access_token;

  const stalls = monitorEventLoopDelay({ resolution: 1 });
  stalls.enable();
  const results = new Map<string, { answers: Answer[]; stalls: number[]; sent: number }>();
  // The client is this same .ts file: the worker registers tsx before importing it.
  const entry = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const worker = new Worker(entry, {
    eval: true,
    workerData: { url: server.url, credentials: { client_id, client_secret }, token, flow, rounds },
  });
  await new Promise<void>((resolve, reject) => {
    worker.on('error', reject);
    worker.on(
      'message',
      (m: { start?: string; done?: string; answer?: Answer; sent?: number; finished?: boolean }) => {
        if (m.start !== undefined) {
          stalls.reset();
          worker.postMessage('go');
        } else if (m.done !== undefined) {
          const entry = results.get(m.done) ?? { answers: [], stalls: [], sent: m.sent! };
          entry.answers.push(m.answer!);
          entry.stalls.push(stalls.max / 1e6);
          results.set(m.done, entry);
        } else if (m.finished) resolve();
      },
    );
  });
  stalls.disable();
  await worker.terminate();

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const kb = (n: number) => `${(n / 1024).toFixed(n < 10_240 ? 1 : 0)} KB`;
  console.log(
    `Abuse bench: ${rounds} rounds, medians; the stall is the server event loop's longest delay during the request.\n`,
  );
  console.log('| body | sent | status | answer | time | loop stall |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const [label, r] of results) {
    const statuses = [...new Set(r.answers.map((a) => (a.status === 0 ? 'closed' : a.status)))].join('/');
    console.log(
      `| ${label} | ${kb(r.sent)} | ${statuses} | ${kb(median(r.answers.map((a) => a.bytes)))} | ${median(r.answers.map((a) => a.ms)).toFixed(0)} ms | ${median(r.stalls).toFixed(0)} ms |`,
    );
  }
  await server.close(); // closes the engine too
  rmSync(dir, { recursive: true, force: true });
}

if (isMainThread) await main();
else await client();
