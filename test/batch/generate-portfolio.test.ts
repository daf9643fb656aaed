import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { generatePortfolio } from '../../src/batch/index.js';
import { Entity } from '../../src/model/entity.js';
import { tempFolder } from './support/batch-fixtures.js';

const LISTED = [
  Entity.parse({ list: 'ofac-sdn', entity_id: '22790', type: 'individual', name: 'MADURO MOROS, Nicolas' }),
  Entity.parse({ list: 'ofac-sdn', entity_id: '306', type: 'organization', name: 'BANCO NACIONAL DE CUBA' }),
];

describe('generatePortfolio', () => {
  let dir: string;
  beforeAll(() => {
    dir = tempFolder('warden-gen-');
  });

  it('writes the same bytes for the same seed, and other bytes for another', async () => {
    const [a, b, c] = ['a.csv', 'b.csv', 'c.csv'].map((f) => join(dir, f)) as [string, string, string];
    await generatePortfolio(a, { rows: 2000, seed: 9, listed: LISTED });
    await generatePortfolio(b, { rows: 2000, seed: 9, listed: LISTED });
    await generatePortfolio(c, { rows: 2000, seed: 10, listed: LISTED });
    expect(readFileSync(a).equals(readFileSync(b))).toBe(true);
    expect(readFileSync(a).equals(readFileSync(c))).toBe(false);
  });

  it('has the batch header, ~10% companies, several scripts and the planted listed names', async () => {
    const path = join(dir, 'p.csv');
    const planted = await generatePortfolio(path, { rows: 20_000, seed: 1, listed: LISTED });
    const { data } = Papa.parse<Record<string, string>>(readFileSync(path, 'utf8'), {
      header: true,
      skipEmptyLines: true,
    });
    expect(Object.keys(data[0]!)).toEqual([
      'external_id',
      'full_name',
      'entity_type',
      'birth_date',
      'nationality',
      'gender',
      'document_number',
    ]);
    expect(data).toHaveLength(20_000);
    const companies = data.filter((r) => r.entity_type === 'COMPANY').length / data.length;
    expect(companies).toBeGreaterThan(0.08);
    expect(companies).toBeLessThan(0.13);
    expect(data.some((r) => /\p{Script=Cyrillic}/u.test(r.full_name!))).toBe(true);
    expect(data.some((r) => /\p{Script=Arabic}/u.test(r.full_name!))).toBe(true);
    expect(planted.length).toBeGreaterThan(60);
    expect(planted.length).toBeLessThan(150);
    const byId = new Map(data.map((r) => [r.external_id, r]));
    for (const p of planted) expect(byId.get(p.external_id)?.full_name).toBe(p.full_name);
    expect(new Set(planted.map((p) => p.variant)).size).toBeGreaterThanOrEqual(4);
  });
});
