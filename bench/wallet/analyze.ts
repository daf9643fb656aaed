/**
 * Wallet analysis benchmark: `analyzeWallet` end to end (catalog check, address validation, address
 * book and blacklist lookups, direct exposure, findings, balance, graph, the record) over a
 * 1,000,000-transfer synthetic graph and an address book holding the real labelled address list
 * (../shared/datasets/crypto/labelled_addresses.csv, when present) plus the graph's own labels.
 * Prints p50/p99; asserts nothing.
 *
 *   npx tsx bench/wallet/analyze.ts [transfers=1000000] [seed=1]
 *
 * Bar: validation + lookup + direct exposure of one address, in process, p99 ≤ 200 µs.
 * Inputs (graph, book, sampled addresses in EIP-55 case) are prepared outside the timed part, and
 * every measured loop is preceded by a warm-up so the figures are the optimised code's.
 */
import { createReadStream, existsSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import type { Entity } from '../../src/model/entity.js';
import { buildAddressBook } from '../../src/wallet/address-book.js';
import { labelledAddressToEntity, parseAddressList } from '../../src/wallet/address-entities.js';
import { toEip55Address } from '../../src/wallet/address/ethereum.js';
import { analyzeWallet, type AnalyzeWalletDeps } from '../../src/wallet/analyze-wallet.js';
import { InMemoryChainData } from '../../src/wallet/exposure/in-memory-chain-data.js';
import { SeededRandom } from '../../src/wallet/seeded-random.js';
import { generateSyntheticGraph } from '../../src/wallet/synthetic-graph.js';
import { validateAddress } from '../../src/wallet/validate-address.js';
import { SHARED_DATASETS, sharedPath } from '../../test/support/datasets.js';

const transfers = Number(process.argv[2] ?? 1_000_000);
const seed = Number(process.argv[3] ?? 1);

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
}

/**
 * Sorted ms per call on three clocks. Wall and CPU time are kept as measured: on a shared, loaded
 * machine a 50 µs call is now and then descheduled for a whole time slice, which lands in the
 * wall-clock p99 but says nothing about the code (`process.cpuUsage` has µs resolution and costs ~2 µs,
 * included). "best of N" times every input N times and keeps its fastest run: the p99 over inputs of
 * that is the code's own tail (inputs with more transfers cost more) without the machine's.
 */
function measure<T>(inputs: readonly T[], warmup: number, fn: (input: T) => unknown, rounds = 5) {
  for (let i = 0; i < warmup; i++) fn(inputs[i % inputs.length] as T);
  const wall: number[] = [];
  const cpu: number[] = [];
  const best = new Array<number>(inputs.length).fill(Infinity);
  for (let round = 0; round < rounds; round++) {
    inputs.forEach((input, i) => {
      const cpuStart = process.cpuUsage();
      const start = performance.now();
      fn(input);
      const elapsed = performance.now() - start;
      const used = process.cpuUsage(cpuStart);
      if (round === 0) {
        wall.push(elapsed);
        cpu.push((used.user + used.system) / 1000);
      }
      best[i] = Math.min(best[i] ?? Infinity, elapsed);
    });
  }
  const sort = (values: number[]): number[] => values.sort((a, b) => a - b);
  return { wall: sort(wall), cpu: sort(cpu), best: sort(best), rounds };
}

function report(name: string, timings: ReturnType<typeof measure>, unit: 'µs' | 'ms', bar: string): void {
  const scale = unit === 'µs' ? 1000 : 1;
  const f = (ms: number): string => `${(ms * scale).toFixed(unit === 'µs' ? 1 : 2)} ${unit}`.padStart(11);
  const line = (clock: string, sorted: readonly number[]): string =>
    `  ${clock.padEnd(9)} p50 ${f(percentile(sorted, 0.5))}  p99 ${f(percentile(sorted, 0.99))}  max ${f(sorted.at(-1) ?? NaN)}`;
  console.log(`${name} (n=${timings.wall.length}; ${bar})`);
  console.log(line('wall', timings.wall));
  console.log(line('cpu', timings.cpu));
  console.log(line(`best of ${timings.rounds}`, timings.best));
}

let start = performance.now();
const graph = generateSyntheticGraph({ seed, transfers, startTimestamp: Date.UTC(2025, 0, 1) });
const chain = new InMemoryChainData(graph.columns);
console.log(
  `graph: ${chain.transferCount.toLocaleString('en')} transfers, ${chain.addressCount.toLocaleString('en')} ` +
    `addresses, built in ${(performance.now() - start).toFixed(0)} ms`,
);

start = performance.now();
const labelled = sharedPath('crypto', 'labelled_addresses.csv');
const real: Entity[] = existsSync(labelled)
  ? (await parseAddressList(createReadStream(labelled))).entities
  : [];
const synthetic = [...graph.labels].map(([address, category]) =>
  labelledAddressToEntity({
    address,
    network: 'Ethereum',
    asset: null,
    label: `${category.categoryName} ${address.slice(2, 8)}`,
    categories: [category.name],
    status: null,
    date: null,
    source: 'synthetic',
    ofac_ent_num: null,
    address_case_verified: true,
  }),
);
const addressBook = buildAddressBook([...real, ...synthetic], { version: 1 });
console.log(
  `address book: ${addressBook.size.toLocaleString('en')} addresses (${real.length.toLocaleString('en')} from ` +
    `${real.length > 0 ? 'labelled_addresses.csv' : `nothing: ${SHARED_DATASETS} is missing`}), ` +
    `parsed and built in ${(performance.now() - start).toFixed(0)} ms`,
);
const [load1] = loadavg();
console.log(`machine: ${availableParallelism()} cores, load average ${(load1 ?? 0).toFixed(1)} at start`);

// Ordinary wallets sampled uniformly, EIP-55-cased as a client would send them (validation pays the
// keccak checksum), a tenth of them on the client's blacklist.
const random = new SeededRandom(seed + 1);
const sample = Array.from({ length: 5000 }, () => toEip55Address(random.pick(graph.wallets)));
const walletBlacklist = new Map(
  sample
    .filter((_, i) => i % 10 === 0)
    .map((address, i) => {
      const value = address.toLowerCase();
      const entry = { id: `bl_${i}`, type: 'WALLET' as const, value, network: 'Ethereum' as const };
      return [value, { ...entry, asset: null, reason: null, created_at: 0, updated_at: 0 }] as const;
    }),
);
let ids = 0;
const deps = (maxHops: number): AnalyzeWalletDeps => ({
  addressBook,
  chain,
  walletBlacklist,
  blacklistAction: 'EVALUATION',
  now: () => 1_767_225_600_000,
  newId: () => `wra_${++ids}`,
  clientId: 'bench',
  exposureOptions: { maxHops },
});
const direct = deps(1);
const full = deps(3);

report(
  'analyzeWallet, direct exposure (validate + lookups + 1 hop + record)',
  measure(sample, 20_000, (address) =>
    analyzeWallet({ network: 'Ethereum', asset: 'USDT', address }, direct),
  ),
  'µs',
  'bar p99 ≤ 200 µs',
);
report(
  'of which validateAddress + address book + blacklist lookups',
  measure(sample, 20_000, (address) => {
    const { canonical } = validateAddress('Ethereum', address);
    return [addressBook.attributionsOf('Ethereum', canonical), walletBlacklist.get(canonical)];
  }),
  'µs',
  'for reference',
);
const sanctioned = [...graph.labels]
  .filter(([, c]) => c.name === 'sanctioned')
  .map(([a]) => toEip55Address(a));
report(
  'analyzeWallet on listed (sanctioned) addresses, direct exposure',
  measure(sanctioned, 5_000, (address) => analyzeWallet({ network: 'Ethereum', address }, direct)),
  'µs',
  'for reference: listed hubs have more counterparties',
);
report(
  'analyzeWallet, 3-hop exposure (both directions)',
  measure(sample.slice(0, 2000), 2000, (address) => analyzeWallet({ network: 'Ethereum', address }, full)),
  'ms',
  'for reference',
);
