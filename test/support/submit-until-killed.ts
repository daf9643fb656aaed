/**
 * Child process for the outbox crash test: submits transactions one after another for a client with
 * a webhook URL and prints "acked N" after each submission returns, until it is killed. The URL
 * refuses connections, so failed attempts (and their writes) run beside the submissions.
 * Usage: tsx submit-until-killed.ts DB_PATH
 */
import { createEngine } from '../../src/engine/create-engine.js';
import { houseList } from './house-list.js';

const engine = await createEngine({ db: process.argv[2]!, lists: [houseList()] });
const { client_id } = await engine.clients.createClient({
  name: 'crash',
  webhookUrl: 'http://127.0.0.1:9/hooks',
  now: Date.now(),
});
process.stdout.write(`client ${client_id}\n`);
const client = engine.forClient(client_id);
const person = (name: string) => ({
  external_id: name,
  entity_type: 'PERSON' as const,
  natural_person: { full_name: name, nationality: 'COL' },
});
for (let i = 1; ; i++) {
  await client.submitTransaction({
    transaction: {
      external_transaction_id: `crash-${i}`,
      transaction_type: 'FIAT',
      sending_amount: 100 + i,
      sending_currency: 'USD',
      receiving_amount: 400_000,
      receiving_currency: 'COP',
    },
    remitter: person('Ana Maria Restrepo'),
    beneficiary: person('Luis Carlos Gomez'),
  });
  process.stdout.write(`acked ${i}\n`);
}
