/**
 * Loaders for the real lists the name benchmarks run on (../shared/datasets, see SOURCES.md):
 * UN consolidated XML, OFAC legacy sdn.csv + alt.csv, and the US Congress/executive PEP CSV.
 * Deliberately small readers for a benchmark: the product parsers live in src/lists/.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ListedEntry {
  readonly id: string;
  readonly kind: 'individual' | 'organization';
  readonly primary: string;
  readonly aliases: readonly string[];
}

export const SHARED =
  process.env.WARDEN_SHARED_DATASETS ?? join(import.meta.dirname, '../../../shared/datasets');

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXml(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(parseInt(dec, 10)))
    .replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name] ?? '')
    .trim();
}

function tagText(block: string, tag: string): string {
  const m = new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(block);
  return m?.[1] === undefined ? '' : decodeXml(m[1]);
}

/** UN individuals (primary = FIRST..FOURTH_NAME, aliases of QUALITY Good) and entities (a.k.a./f.k.a. aliases). */
export function loadUn(): ListedEntry[] {
  const xml = readFileSync(join(SHARED, 'un/consolidated_2026-02-27.xml'), 'utf8');
  const out: ListedEntry[] = [];
  for (const [tag, kind] of [
    ['INDIVIDUAL', 'individual'],
    ['ENTITY', 'organization'],
  ] as const) {
    for (const m of xml.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))) {
      const block = m[1] ?? '';
      const primary = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME']
        .map((t) => tagText(block, t))
        .filter(Boolean)
        .join(' ');
      const aliases: string[] = [];
      const aliasRe = new RegExp(
        `<${tag}_ALIAS>\\s*<QUALITY>([^<]*)</QUALITY>\\s*<ALIAS_NAME>([^<]*)</ALIAS_NAME>`,
        'g',
      );
      for (const a of block.matchAll(aliasRe)) {
        const quality = a[1] ?? '';
        const ok = kind === 'individual' ? quality === 'Good' : quality === 'a.k.a.' || quality === 'f.k.a.';
        // The UN packs spelling variants into one alias ("Mortaza Rezaie; Morteza Rezai") and adds the
        // original script in parentheses; a list parser splits them, and so do we.
        for (const part of decodeXml(a[2] ?? '').split(';')) {
          const name = part.replace(/\([^)]*\)/g, ' ').trim();
          if (ok && name) aliases.push(name);
        }
      }
      if (primary) out.push({ id: `un:${tagText(block, 'REFERENCE_NUMBER')}`, kind, primary, aliases });
    }
  }
  return out;
}

/** Splits one CSV line (double quotes, no embedded newlines — true of sdn.csv/alt.csv). */
export function parseCsvLine(line: string): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted && ch === '"' && line[i + 1] === '"') {
      field += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (ch === ',' && !quoted) {
      out.push(field);
      field = '';
    } else {
      field += ch;
    }
  }
  out.push(field);
  return out.map((f) => (f.trim() === '-0-' ? '' : f.trim()));
}

function csvLines(path: string): string[][] {
  return readFileSync(path, 'utf8')
    .split(/\r?\n/)
    .filter((l) => l.trim().length > 0)
    .map(parseCsvLine);
}

/** OFAC SDN (2023-12-28): sdn.csv primaries, alt.csv aliases; individuals vs everything else. */
export function loadOfac(): ListedEntry[] {
  const dir = join(SHARED, 'ofac/sdn_2023-12-28');
  const aliases = new Map<string, string[]>();
  for (const row of csvLines(join(dir, 'alt.csv'))) {
    const [ent, , , name] = row;
    if (!ent || !name) continue;
    const list = aliases.get(ent) ?? [];
    list.push(name);
    aliases.set(ent, list);
  }
  return csvLines(join(dir, 'sdn.csv'))
    .filter((row) => row[0] && row[1])
    .map((row) => ({
      id: `ofac:${row[0]}`,
      kind: row[2] === 'individual' ? 'individual' : 'organization',
      primary: row[1] ?? '',
      aliases: aliases.get(row[0] ?? '') ?? [],
    }));
}

/** Names of US members of Congress and the executive: people on no sanctions list. */
export function loadPepNames(): string[] {
  const rows = csvLines(join(SHARED, 'pep/us_congress_and_executive_peps_2026-06-15.csv'));
  const header = rows[0] ?? [];
  const full = header.indexOf('official_full');
  const first = header.indexOf('first');
  const last = header.indexOf('last');
  // Executive-branch rows (presidents, vice presidents) have no official_full: first + last then.
  return rows
    .slice(1)
    .map((r) => r[full] || `${r[first] ?? ''} ${r[last] ?? ''}`.trim())
    .filter(Boolean);
}
