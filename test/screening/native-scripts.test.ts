import { describe, expect, it } from 'vitest';
import { IndividualQuery } from '../../src/model/screening.js';
import { buildEntityIndex, screenIndividual } from '../../src/screening/index.js';
import { anEntity } from '../support/entities.js';

// Listed in Latin only, as OFAC and the UK list give their primary names.
const LISTED = [
  ['1', 'KIM, Jong Un'],
  ['2', 'Volodymyr ZELENSKYY'],
  ['3', 'PUTIN, Vladimir Vladimirovich'],
  ['4', 'XI, Jinping'],
  ['5', 'Evangelos VENIZELOS'],
  ['6', 'ASAHARA, Shoko'],
  ['7', 'BIN LADIN, Usama'],
  ['8', 'PRIGOZHIN, Yevgeniy Viktorovich'],
] as const;
const index = buildEntityIndex(
  LISTED.map(([entity_id, name]) => anEntity({ entity_id, name, aliases: [], birth_dates: [] })),
);
const screen = (full_name: string) =>
  screenIndividual(index, IndividualQuery.parse({ full_name }), { now: 0, newId: () => 'id' }).response[0];

describe('screening names written in other scripts', () => {
  it.each([
    ['Ким Чен Ын', '1', 'EXACT'],
    // Hangul writes the given name as one word (romanize/hangul.ts): met merged, not EXACT.
    ['김정은', '1', 'STRONG'],
    ['Володимир Зеленський', '2', 'STRONG'],
    ['Владимир Путин', '3', 'STRONG'],
    ['弗拉基米尔·普京', '3', 'MEDIUM'],
    ['习近平', '4', 'EXACT'],
    ['Ευάγγελος Βενιζέλος', '5', 'EXACT'],
    ['あさはら しょうこう', '6', 'EXACT'],
    ['أسامة بن لادن', '7', 'STRONG'],
    ['Евгений Пригожин', '8', 'STRONG'],
  ])('%s finds %s as %s', (name, entityId, strength) => {
    const best = screen(name);
    expect(best?.entityId).toBe(entityId);
    expect(best?.strength).toBe(strength);
  });

  it('explains which romanized token met which listed token, and by which signal', () => {
    const alignments = screen('Володимир Зеленський')?.explanation?.alignments ?? [];
    expect(alignments).toContainEqual(
      expect.objectContaining({ queryToken: 'zelenskiy', listToken: 'zelenskyy', signal: 'PHONETIC' }),
    );
  });
});
