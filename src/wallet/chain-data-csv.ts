/**
 * Loads a transfers CSV into the in-memory chain the exposure walk reads: header
 * `from,to,asset,amount,usd,timestamp` (any column order, extra columns ignored), one row per value
 * transfer of one network. The caller opens the file and hands over its stream
 * (`loadTransfersCsv(createReadStream(path), { network: 'Ethereum' })`), so this file stays free of
 * node:fs like the rest of wallet/. A bad row becomes an issue and the load goes on.
 */
import type { ParseIssue } from '../model/entity.js';
import { WardenError } from '../model/errors.js';
import { type CsvColumns, csvColumns } from '../lists/csv-header.js';
import { streamCsvRecords } from '../lists/csv-records.js';
import type { ListInput } from '../lists/list-input.js';
import { InMemoryChainData } from './exposure/in-memory-chain-data.js';
import { TransferColumnsBuilder } from './exposure/transfer-columns.js';
import { resolveWalletNetwork, validateAddress } from './validate-address.js';

const COLUMNS = ['from', 'to', 'asset', 'amount', 'usd', 'timestamp'] as const;
type Column = (typeof COLUMNS)[number];

/** Issues kept with their text; beyond this only the count grows (a wrong file would list every row). */
const MAX_ISSUES = 100;
/**
 * Numeric timestamps below this are epoch seconds, not milliseconds: 1e11 ms is March 1973, before
 * any blockchain, while chain exports (Etherscan, BigQuery's crypto datasets) often write seconds.
 */
const SECONDS_BELOW = 1e11;

export interface TransfersCsvOptions {
  /** The network every address of the file belongs to; addresses are validated and stored in lookup form. */
  readonly network: string;
}

export interface LoadedTransfers {
  readonly chain: InMemoryChainData;
  readonly transfers: number;
  /** Rows left out, with their line and why (at most 100 kept). */
  readonly issues: readonly ParseIssue[];
  readonly issueCount: number;
}

/**
 * Reads transfers from CSV text, bytes or a stream of chunks into an `InMemoryChainData`.
 *
 * @example const { chain } = await loadTransfersCsv(createReadStream('eth-transfers.csv'), { network: 'Ethereum' });
 */
export async function loadTransfersCsv(
  input: ListInput,
  options: TransfersCsvOptions,
): Promise<LoadedTransfers> {
  const network = resolveWalletNetwork(options.network);
  const builder = new TransferColumnsBuilder();
  // Addresses repeat on most rows; each distinct spelling is validated once.
  const lookupForms = new Map<string, string | Error>();
  const lookupFormOf = (text: string): string => {
    let form = lookupForms.get(text);
    if (form === undefined) {
      try {
        form = validateAddress(network, text).canonical;
      } catch (error) {
        if (!(error instanceof WardenError)) throw error;
        form = error;
      }
      lookupForms.set(text, form);
    }
    if (form instanceof Error) throw form;
    return form;
  };
  const issues: ParseIssue[] = [];
  let issueCount = 0;
  let cols: CsvColumns<Column> | null = null;
  for await (const { fields, line } of streamCsvRecords(input)) {
    if (cols === null) {
      cols = csvColumns(fields, COLUMNS, [], 'The transfers CSV');
      continue;
    }
    try {
      const from = lookupFormOf(cols.get(fields, 'from'));
      const to = lookupFormOf(cols.get(fields, 'to'));
      const asset = cols.get(fields, 'asset').toUpperCase();
      if (asset === '') throw new WardenError('VALIDATION_ERROR', 'asset is empty.');
      const amount = amountOf(cols.get(fields, 'amount'), 'amount');
      const usd = amountOf(cols.get(fields, 'usd'), 'usd');
      const timestamp = timestampOf(cols.get(fields, 'timestamp'));
      // Interned only once the row is known good: a refused row leaves no address behind.
      builder.push(
        builder.addressId(from),
        builder.addressId(to),
        builder.assetId(asset),
        amount,
        usd,
        timestamp,
      );
    } catch (error) {
      if (!(error instanceof WardenError)) throw error;
      issueCount += 1;
      if (issues.length < MAX_ISSUES) issues.push({ location: `line ${line}`, reason: error.message });
    }
  }
  if (cols === null)
    throw new WardenError('INVALID_LIST_FILE', 'The transfers CSV is empty: it has no header row.');
  const chain = new InMemoryChainData(builder.build());
  return { chain, transfers: chain.transferCount, issues, issueCount };
}

function amountOf(text: string, column: 'amount' | 'usd'): number {
  const value = text === '' ? NaN : Number(text);
  if (!(value >= 0 && value < Infinity)) {
    throw new WardenError(
      'VALIDATION_ERROR',
      `${column} ${JSON.stringify(text)} is not a number of 0 or more.`,
    );
  }
  return value;
}

/** Epoch milliseconds, epoch seconds, or an ISO 8601 date-time. */
function timestampOf(text: string): number {
  const numeric = text === '' ? NaN : Number(text);
  if (Number.isFinite(numeric)) return numeric < SECONDS_BELOW ? numeric * 1000 : numeric;
  const parsed = /^\d{4}-\d{2}-\d{2}/.test(text) ? Date.parse(text) : NaN;
  if (Number.isNaN(parsed)) {
    throw new WardenError(
      'VALIDATION_ERROR',
      `timestamp ${JSON.stringify(text)} is neither epoch milliseconds, epoch seconds nor an ISO 8601 date-time.`,
    );
  }
  return parsed;
}
