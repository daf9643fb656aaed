/**
 * Organization legal forms, folded into one canonical class each.
 * Source: ISO 20275 (GLEIF Entity Legal Forms code list) abbreviations and local names, and
 * opensanctions/rigour `resources/names/org_types.yml`, restricted to forms seen in OFAC/UN/UK lists.
 * Fields: `compare` is the canonical token that replaces any alias in a name (it is what two names
 * compare on); `aliases` are the spellings found in lists, written readably (dots, accents and other
 * scripts allowed) — fold-legal-forms.ts compiles them through normalizeName, and a test asserts no
 * two aliases collide after normalisation (so "L.L.C." is not listed: it normalizes to "llc", and the
 * Cyrillic spellings already cover their usual transliteration). Multi-word aliases are matched longest first.
 * A legal form is a low-weight token: it never makes a match on its own.
 */
export interface LegalForm {
  readonly compare: string;
  readonly aliases: readonly string[];
}

export const LEGAL_FORMS: readonly LegalForm[] = [
  {
    compare: 'llc',
    aliases: [
      'LLC',
      'Limited Liability Company',
      'OOO',
      // OFAC's usual transliteration, and a misspelling of it that OFAC carries on several entries.
      'Obshchestvo s Ogranichennoi Otvetstvennostyu',
      'Obshchestvo s Ogranichennoi Otveststvennostyu',
      'Общество с ограниченной ответственностью',
      'TOV',
      'Tovarystvo z Obmezhenoyu Vidpovidalnistyu',
      'Sp. z o.o.',
      'Spółka z ograniczoną odpowiedzialnością',
      'FZ-LLC',
    ],
  },
  { compare: 'ltd', aliases: ['Ltd', 'Limited', 'Pvt Ltd', 'Private Limited', 'Pte Ltd', 'Co Ltd'] },
  { compare: 'plc', aliases: ['PLC', 'Public Limited Company'] },
  { compare: 'llp', aliases: ['LLP', 'Limited Liability Partnership'] },
  { compare: 'lp', aliases: ['LP', 'Limited Partnership'] },
  {
    compare: 'jsc',
    aliases: [
      'JSC',
      'Joint Stock Company',
      'Joint Stock Co',
      'AO',
      'OAO',
      'ZAO',
      'CJSC',
      'OJSC',
      'Closed Joint Stock Company',
      'Open Joint Stock Company',
      // Also what 'Акционерное общество' normalizes to (BGN/PCGN "ye" after a vowel).
      'Aktsionernoye Obshchestvo',
      'Aktsionernoe Obshchestvo',
      'Joint Stock Commercial Company',
      'Открытое акционерное общество',
      'Закрытое акционерное общество',
      'AT',
      'PrJSC',
      'Private Joint Stock Company',
    ],
  },
  {
    compare: 'pjsc',
    aliases: [
      'PJSC',
      'PAO',
      'Public Joint Stock Company',
      'Public Joint Stock Co',
      'Joint Public Stock Company',
      'Публичное акционерное общество',
      'PAT',
    ],
  },
  {
    compare: 'sa',
    aliases: ['S.A.', 'Sociedad Anónima', 'Société Anonyme', 'Sociedade Anônima', 'SAL', 'SAOG', 'SAOC'],
  },
  { compare: 'sadecv', aliases: ['S.A. de C.V.', 'Sociedad Anónima de Capital Variable', 'SAPI de CV'] },
  { compare: 'spa', aliases: ['S.p.A.', 'Società per Azioni'] },
  { compare: 'sas', aliases: ['SAS', 'Société par Actions Simplifiée'] },
  { compare: 'sarl', aliases: ['SARL', 'S.à r.l.', 'Société à Responsabilité Limitée'] },
  {
    compare: 'srl',
    aliases: [
      'SRL',
      'Società a Responsabilità Limitata',
      'Sociedad de Responsabilidad Limitada',
      'S. de R.L.',
    ],
  },
  { compare: 'ltda', aliases: ['Ltda', 'Limitada'] },
  { compare: 'sl', aliases: ['S.L.', 'Sociedad Limitada'] },
  { compare: 'gmbh', aliases: ['GmbH', 'Gesellschaft mit beschränkter Haftung', 'Ges.m.b.H.'] },
  { compare: 'ag', aliases: ['AG', 'Aktiengesellschaft'] },
  { compare: 'kg', aliases: ['KG', 'Kommanditgesellschaft'] },
  { compare: 'bv', aliases: ['BV', 'Besloten Vennootschap'] },
  { compare: 'nv', aliases: ['NV', 'Naamloze Vennootschap'] },
  { compare: 'ab', aliases: ['AB', 'Aktiebolag'] },
  { compare: 'oy', aliases: ['Oy', 'Osakeyhtiö'] },
  { compare: 'doo', aliases: ['d.o.o.', 'DOOEL', 'Društvo s ograničenom odgovornošću'] },
  { compare: 'ood', aliases: ['OOD', 'EOOD'] },
  { compare: 'co', aliases: ['Co', 'Company', 'Compañía', 'Compagnie', 'Cia', 'Cie'] },
  { compare: 'corp', aliases: ['Corp', 'Corporation'] },
  { compare: 'inc', aliases: ['Inc', 'Incorporated'] },
  { compare: 'fze', aliases: ['FZE', 'Free Zone Establishment'] },
  { compare: 'fzco', aliases: ['FZCO', 'FZC', 'Free Zone Company'] },
  { compare: 'pt', aliases: ['PT', 'Perseroan Terbatas'] },
  { compare: 'sdnbhd', aliases: ['Sdn Bhd', 'Sendirian Berhad'] },
  { compare: 'bhd', aliases: ['Bhd', 'Berhad'] },
  { compare: 'pvt', aliases: ['Pvt', 'Pte', 'Private'] },
  { compare: 'est', aliases: ['Est', 'Establishment'] },
  {
    compare: 'fgup',
    aliases: [
      'FGUP',
      'GUP',
      'Federalnoe Gosudarstvennoe Unitarnoe Predpriyatie',
      'Federal State Unitary Enterprise',
      'State Unitary Enterprise',
    ],
  },
  { compare: 'tnhh', aliases: ['Cong Ty TNHH', 'TNHH'] },
];
