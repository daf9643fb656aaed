/**
 * Child process for the durability test: writes records one by one and prints "acked N" after each
 * write's promise resolves, until it is killed. Usage: tsx write-until-killed.ts DB_PATH
 */
import { openDuckDbStore } from '../../src/store/index.js';

const store = await openDuckDbStore(process.argv[2]!);
for (let i = 1; ; i++) {
  await store.records.put({
    collection: 'transactions',
    id: `tx-${i}`,
    client_id: 'client-a',
    key: null,
    created_at: i,
    updated_at: i,
    data: { amount: i },
  });
  process.stdout.write(`acked ${i}\n`);
}
