import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCsvPortfolio } from '../../src/batch/sources/csv-source.js';
import type { PortfolioSource, RowSelection, SeekPoints } from '../../src/batch/sources/portfolio-source.js';
import { tempFolder } from './support/batch-fixtures.js';

/** Every row a read hands over, with its ordinal, and the ordinals it passed over. */
async function readAll(source: PortfolioSource, skip: number, only?: RowSelection, seeks?: SeekPoints) {
  const rows: string[] = [];
  let covered = skip;
  for await (const batch of source.read(skip, only, seeks)) {
    expect(batch.from).toBe(covered);
    covered = batch.to;
    batch.rows.forEach((row, i) =>
      rows.push(`${batch.ordinals?.[i] ?? batch.from + i} ${JSON.stringify(row)}`),
    );
  }
  return { rows, covered };
}

describe('a CSV portfolio read by its seek points', () => {
  const dir = tempFolder('warden-csv-seek-');

  it('hands over the rows a whole read would, reading only the blocks that hold a wanted row', async () => {
    const lines = ['\ufeffexternal_id,full_name,kind'];
    for (let i = 0; i < 3_000; i++) {
      if (i % 97 === 5)
        lines.push(`c-${i},"Bout,\r\nViktor ${i}",person`); // a quoted line break
      else if (i === 1_234)
        lines.push(`c-${i},"unterminated ${i},person`); // a broken record
      else lines.push(`c-${i},Person ${i},person`);
    }
    const path = join(dir, 'portfolio.csv');
    writeFileSync(path, `${lines.join('\r\n')}\r\n`);
    const source = await openCsvPortfolio(path);
    const whole = await readAll(source, 0);
    const seeks = source.seekPoints()!;
    expect(seeks.rows).toBe(whole.covered);
    expect(seeks.ordinals.length).toBeGreaterThan(5);
    const only = (o: number) => o % 401 === 7 || (o >= 1_230 && o < 1_240);
    for (const skip of [0, 700]) {
      const read = await readAll(source, skip, only, seeks);
      expect(read).toEqual(await readAll(source, skip, only));
      expect(read.rows.length).toBeGreaterThan(5);
    }
    // A block nobody wants is not read: the progress stays where the last wanted block ends.
    await readAll(source, 0, (o) => o === 3, seeks);
    expect(source.progress()).toBeLessThan(0.2);
    // The file changed under the seek points: a clear refusal, not rows from the wrong place.
    writeFileSync(path, `${[lines[0], 'x-0,Inserted,person', ...lines.slice(1)].join('\r\n')}\r\n`);
    await expect(readAll(source, 0, only, seeks)).rejects.toThrow('changed while it was read');
  });
});
