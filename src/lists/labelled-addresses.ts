/**
 * A labelled crypto address CSV (as datasets/crypto/labelled_addresses.csv): header
 * `address,network,asset,label,category` plus optional `status, list_or_label_date, source,
 * ofac_ent_num, address_case_verified`. These are not entities but facts about addresses, so they
 * parse into `LabelledAddress` records for wallet/.
 */
import { z } from 'zod';
import { PartialDate, type ParseIssue } from '../model/entity.js';
import { WardenError } from '../model/errors.js';
import { csvColumns, type CsvColumns } from './csv-header.js';
import { streamCsvRecords } from './csv-records.js';
import type { ListInput } from './list-input.js';
import { parseIsoDate } from './partial-dates.js';

/** One labelled address: who or what it belongs to, and how we know. */
export const LabelledAddress = z.object({
  /** As published; case matters for base58 and similar formats. */
  address: z.string().min(1),
  /** Coin-catalog network name: "Bitcoin", "Ethereum", "TRON", "BNB Smart Chain"… */
  network: z.string().min(1),
  /** Asset code when the source gives one (OFAC's XBT, ETH, USDT…). */
  asset: z.string().nullable(),
  /** The owner or label: an SDN name, an exchange, "Tornado Cash: Router"… */
  label: z.string().nullable(),
  /** "sanctioned" for OFAC rows; otherwise the explorer's labels ("exchange", "phish-hack"…). */
  categories: z.array(z.string()),
  /** "listed", or "not_on_<date>_list" for an address OFAC has since removed. */
  status: z.string().nullable(),
  /** When the address was listed or labelled. */
  date: PartialDate.nullable(),
  /** Where the row comes from: "ofac-2026-08-20", "etherscan-ethereum"… */
  source: z.string().nullable(),
  /** The OFAC ent_num of the SDN entry that lists the address. */
  ofac_ent_num: z.string().regex(/^\d+$/).nullable(),
  /** True when the address's letter case was checked against a case-preserving source. */
  address_case_verified: z.boolean().nullable(),
});
export type LabelledAddress = z.infer<typeof LabelledAddress>;

export interface LabelledAddressParseResult {
  addresses: LabelledAddress[];
  issues: ParseIssue[];
  publishedAt: string | null;
}

const REQUIRED = ['address', 'network', 'asset', 'label', 'category'] as const;
const OPTIONAL = ['status', 'list_or_label_date', 'source', 'ofac_ent_num', 'address_case_verified'] as const;
type Column = (typeof REQUIRED)[number] | (typeof OPTIONAL)[number];

const BOOLEANS: Readonly<Record<string, boolean>> = {
  true: true,
  false: false,
  yes: true,
  no: false,
  '1': true,
  '0': false,
};

function readRow(cols: CsvColumns<Column>, row: readonly string[]): unknown {
  const get = (column: Column): string | null => cols.get(row, column) || null;
  return {
    address: get('address') ?? '',
    network: get('network') ?? '',
    asset: get('asset'),
    label: get('label'),
    categories: (get('category') ?? '')
      .split(';')
      .map((c) => c.trim())
      .filter((c) => c.length > 0),
    status: get('status'),
    date: get('list_or_label_date'),
    source: get('source'),
    ofac_ent_num: get('ofac_ent_num'),
    address_case_verified: BOOLEANS[(get('address_case_verified') ?? '').toLowerCase()] ?? null,
  };
}

/**
 * Parses a labelled address CSV (text, bytes or a stream).
 *
 * @example const { addresses } = await parseLabelledAddresses(createReadStream('labelled_addresses.csv'));
 */
export async function parseLabelledAddresses(input: ListInput): Promise<LabelledAddressParseResult> {
  const result: LabelledAddressParseResult = { addresses: [], issues: [], publishedAt: null };
  let cols: CsvColumns<Column> | null = null;
  for await (const { fields, line } of streamCsvRecords(input)) {
    if (cols === null) {
      cols = csvColumns(fields, REQUIRED, OPTIONAL, 'The labelled address CSV');
      continue;
    }
    const date = cols.get(fields, 'list_or_label_date');
    if (date && parseIsoDate(date) === null) {
      result.issues.push({ location: `line ${line}`, reason: `list_or_label_date: "${date}" is not a date` });
      continue;
    }
    const parsed = LabelledAddress.safeParse(readRow(cols, fields));
    if (parsed.success) {
      result.addresses.push(parsed.data);
    } else {
      const first = parsed.error.issues[0];
      const field = first?.path.join('.') || 'row';
      result.issues.push({
        location: `line ${line}`,
        reason: `${field}: ${first?.message ?? 'invalid row'}`,
      });
    }
  }
  if (cols === null)
    throw new WardenError('INVALID_LIST_FILE', 'The labelled address CSV is empty: it has no header row.');
  return result;
}
