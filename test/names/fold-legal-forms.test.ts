import { describe, expect, it } from 'vitest';
import {
  compileLegalFormAliases,
  foldLegalForms,
  LEGAL_FORM_CLASSES,
} from '../../src/names/fold-legal-forms.js';
import { normalizeName } from '../../src/names/normalize.js';
import { LEGAL_FORMS } from '../../src/names/tables/legal-forms.js';

const fold = (name: string): string => foldLegalForms(normalizeName(name).split(' ')).tokens.join(' ');

describe('LEGAL_FORMS table', () => {
  it('has no two aliases that collide after normalisation', () => {
    const seen = new Map<string, string>();
    const collisions: string[] = [];
    for (const { normalized, compare } of compileLegalFormAliases()) {
      const before = seen.get(normalized);
      if (before !== undefined) collisions.push(`${normalized} (${before} / ${compare})`);
      seen.set(normalized, compare);
    }
    expect(collisions).toEqual([]);
  });

  it('has unique canonical classes that are themselves normalized tokens', () => {
    expect(LEGAL_FORM_CLASSES.size).toBe(LEGAL_FORMS.length);
    for (const form of LEGAL_FORMS) expect(normalizeName(form.compare)).toBe(form.compare);
  });

  it('has no empty alias', () => {
    for (const { normalized } of compileLegalFormAliases()) expect(normalized.length).toBeGreaterThan(0);
  });
});

describe('foldLegalForms', () => {
  it.each([
    ['Acme Limited', 'acme ltd'],
    ['ACME LTD.', 'acme ltd'],
    ['Acme L.L.C.', 'acme llc'],
    ['Acme Limited Liability Company', 'acme llc'],
    ['OOO Romashka', 'llc romashka'],
    ['ООО Ромашка', 'llc romashka'],
    ['Obshchestvo s Ogranichennoi Otvetstvennostyu Profinet', 'llc profinet'],
    ['Sberbank PAO', 'sberbank pjsc'],
    ['Public Joint Stock Company Sberbank', 'pjsc sberbank'],
    ['ZAO Alfa', 'jsc alfa'],
    ['Banco S.A.', 'banco sa'],
    ['Cemex S.A. de C.V.', 'cemex sadecv'],
    ['Siemens Aktiengesellschaft', 'siemens ag'],
    ['Volkswagen GmbH', 'volkswagen gmbh'],
    ['Globex Corporation', 'globex corp'],
    ['Anglo-Caribbean Co., Ltd.', 'anglo caribbean ltd'],
    ['Gulf Trading FZE', 'gulf trading fze'],
  ])('%j → %j', (name, expected) => {
    expect(fold(name)).toBe(expected);
  });

  it('reports which tokens are legal forms and the class of the name', () => {
    const folded = foldLegalForms(['ooo', 'romashka', 'limited']);
    expect(folded.legalForm).toEqual([true, false, true]);
    expect(folded.legalFormClass).toBe('ltd');
  });

  it('leaves a name without legal form alone', () => {
    expect(foldLegalForms(['bank', 'melli', 'iran'])).toEqual({
      tokens: ['bank', 'melli', 'iran'],
      legalForm: [false, false, false],
      legalFormClass: null,
    });
  });

  it.each([
    [
      ['rosneft', 'joint', 'stock', 'compan'],
      ['rosneft', 'jsc'],
    ],
    [
      ['acme', 'trading', 'corporatio'],
      ['acme', 'trading', 'corp'],
    ],
    [
      ['acme', 'limite'],
      ['acme', 'ltd'],
    ],
  ])('reads a name cut short in its legal form: %j', (tokens, expected) => {
    expect(foldLegalForms(tokens).tokens).toEqual(expected);
  });

  it('reads a cut form only at the end of a name, and only from four letters', () => {
    expect(foldLegalForms(['corporatio', 'acme']).tokens).toEqual(['corporatio', 'acme']);
    expect(foldLegalForms(['acme', 'lim']).tokens).toEqual(['acme', 'lim']);
  });
});
