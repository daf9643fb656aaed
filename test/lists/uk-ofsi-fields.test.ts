import { describe, expect, it } from 'vitest';
import { genderIn, nationalityCodes, pairNumbered, splitNumbered } from '../../src/lists/uk-ofsi-fields.js';

describe('OFSI cell conventions', () => {
  it.each([
    ['(1) 223611 (2) C00146605', ['223611', 'C00146605']],
    ['(1) Tunis (2) - (3) -', ['Tunis', '', '']],
    ['(1) Germany. (2) Morocco', ['Germany', 'Morocco']],
    ['Russia', ['Russia']],
    ['', []],
  ])('splitNumbered(%j)', (cell, values) => {
    expect(splitNumbered(cell)).toEqual(values);
  });

  it.each([
    ['(1) Germany. (2) Morocco', ['DEU', 'MAR']],
    ['Estonia, Russia', ['EST', 'RUS']],
    ['Congo (Democratic Republic)', ['COD']],
    ['North Korea', ['PRK']],
    ['Belrus', []],
  ])('nationalityCodes(%j)', (cell, codes) => {
    expect(nationalityCodes(cell)).toEqual(codes);
  });

  it.each([
    ['(UK Sanctions List Ref):GHR0086. (Gender):Male', 'male'],
    ['(Gender):Female', 'female'],
    ['Gender unknown', null],
  ])('genderIn(%j)', (text, gender) => {
    expect(genderIn(text)).toBe(gender);
  });

  it('pairs equal enumerations and keeps unequal ones apart', () => {
    expect(pairNumbered('(1) Tunis (2) Tripoli', '(1) Tunisia (2) Libya')).toEqual([
      ['Tunis', 'Tunisia'],
      ['Tripoli', 'Libya'],
    ]);
    expect(pairNumbered('(1) Baghlan (2) Pul-e-Khumri', 'Afghanistan')).toEqual([
      ['Baghlan', ''],
      ['Pul-e-Khumri', ''],
      ['', 'Afghanistan'],
    ]);
  });
});
