/**
 * Titles and honorifics that precede a person's name, and generational suffixes that follow it.
 * Sources: opensanctions/rigour `resources/names/stopwords.yml` (PERSON_NAME_PREFIXES) and the titles
 * found in the UN consolidated list's TITLE field and OFAC name strings ("Dr.", "Haji", "Mullah").
 * Consumer: tokenize.ts drops LEADING honorifics (and trailing suffixes) of person names; the same
 * words elsewhere in a name stay as low-weight tokens ("Haji Khairullah Haji Sattar").
 * Words that are also common given names (Amir, Sultan, Sayed, Don, Emir) are deliberately absent.
 * Entries are written readably; they are compiled through normalizeName.
 */
// prettier-ignore
export const PERSON_HONORIFICS: readonly string[] = [
  'Mr', 'Mrs', 'Ms', 'Miss', 'Mx', 'Mister', 'Madam', 'Madame', 'Mme', 'Mlle', 'Monsieur', 'Herr', 'Frau',
  'Señor', 'Señora', 'Sra', 'Srta', 'Sir', 'Dame', 'Lord', 'Lady', 'Dr', 'Doctor', 'Prof', 'Professor',
  'Eng', 'Engineer', 'Ing', 'Mag', 'Sheikh', 'Shaikh', 'Sheik', 'Shaykh', 'Cheikh', 'Haji', 'Hajji',
  'Hadji', 'Hajj', 'Alhaji', 'Mullah', 'Mulla', 'Mollah', 'Maulana', 'Mawlana', 'Maulvi', 'Maulavi',
  'Mawlawi', 'Maulawi', 'Mawlavi', 'Mufti', 'Imam', 'Qari', 'Ayatollah', 'Hojatoleslam', 'Rev', 'Reverend',
  'Father', 'Fr', 'Bishop', 'Pastor', 'General', 'Gen', 'Lieutenant General', 'Major General',
  'Brigadier General', 'Colonel', 'Col', 'Lieutenant Colonel', 'Major', 'Maj', 'Captain', 'Capt',
  'Lieutenant', 'Lt', 'Brigadier', 'Brig', 'Commander', 'Cmdr', 'Admiral', 'Adm', 'Rear Admiral',
  'Vice Admiral', 'Sergeant', 'Sgt', 'Marshal', 'Field Marshal', 'Commandant', 'President',
  'Vice President', 'Minister', 'Prime Minister', 'Senator', 'Sen', 'Representative', 'Rep', 'Hon',
  'Honorable', 'Honourable', 'His Excellency', 'Prince', 'Princess', 'King', 'Queen',
];

/** Generational and degree suffixes: "John Smith Jr." is the same name as "John Smith" for screening. */
// prettier-ignore
export const PERSON_SUFFIXES: readonly string[] = [
  'Jr', 'Junior', 'Sr', 'Senior', 'II', 'III', 'IV', 'PhD', 'MD', 'Esq',
];
