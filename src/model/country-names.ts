/**
 * Country text as the lists write it ("Venezuela", "Korea, North", "Bahamas, The", "Côte d'Ivoire")
 * → ISO 3166-1 alpha-3. Built once from COUNTRIES (every English spelling it carries) plus the few
 * spellings only the lists use; lookups ignore case, diacritics, punctuation and a "the".
 */
import { COUNTRIES } from './tables/countries.js';

// Spellings found in OFAC, UN and OFSI files that no COUNTRIES name carries (checked against the
// country columns and remarks of the real files in ../shared/datasets).
const LIST_SPELLINGS: Readonly<Record<string, string>> = {
  'Korea, North': 'PRK',
  'Korea, South': 'KOR',
  'North Korea': 'PRK',
  'South Korea': 'KOR',
  'Congo, Democratic Republic of the': 'COD',
  'Congo (Democratic Republic)': 'COD',
  'Congo, Republic of the': 'COG',
  'Congo (Republic)': 'COG',
  'Micronesia, Federated States of': 'FSM',
  'Region: Gaza': 'PSE',
  'Region: West Bank': 'PSE',
  'Palestinian Territories': 'PSE',
  'Occupied Palestinian Territories': 'PSE',
  'Saint Kitts and Nevis': 'KNA',
  'St Kitts and Nevis': 'KNA',
  'Saint Vincent and the Grenadines': 'VCT',
  'The Netherlands': 'NLD',
  'United States of America': 'USA',
  'Russian Federation': 'RUS',
  'Syrian Arab Republic': 'SYR',
  'Iran (Islamic Republic of)': 'IRN',
  'Republic of Moldova': 'MDA',
  'United Republic of Tanzania': 'TZA',
  "Lao People's Democratic Republic": 'LAO',
  'Kyrgyz Republic': 'KGZ',
  'Slovak Republic': 'SVK',
  'Timor-Leste': 'TLS',
  'East Timor': 'TLS',
  'Vatican City': 'VAT',
  'North Macedonia, The Republic of': 'MKD',
  'Man, Isle of': 'IMN',
  'Bosnia-Herzegovina': 'BIH',
  Britain: 'GBR',
  'Region: North Gaza': 'PSE',
  'Region: Northern Gaza': 'PSE',
  // OFSI's Nationality column sometimes holds the adjective.
  Russian: 'RUS',
  German: 'DEU',
};

/** Case, diacritics, punctuation and a leading or trailing "the" folded away. */
export function foldCountryName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/^the /, '')
    .replace(/ the$/, '');
}

const BY_NAME: ReadonlyMap<string, string> = buildNameIndex();
const BY_ALPHA2: ReadonlyMap<string, string> = new Map(COUNTRIES.map((c) => [c.alpha2, c.alpha3]));
const ALPHA3: ReadonlySet<string> = new Set(COUNTRIES.map((c) => c.alpha3));

function buildNameIndex(): Map<string, string> {
  const index = new Map<string, string>();
  for (const country of COUNTRIES) {
    for (const name of [country.name, ...country.names]) index.set(foldCountryName(name), country.alpha3);
  }
  for (const [name, alpha3] of Object.entries(LIST_SPELLINGS)) index.set(foldCountryName(name), alpha3);
  return index;
}

/**
 * The alpha-3 code of a country written as text, or null when it is not a country we know.
 *
 * @example countryFromName('Korea, North') // 'PRK'
 */
export function countryFromName(text: string): string | null {
  const cached = LOOKUPS.get(text);
  if (cached !== undefined) return cached;
  const code = lookUpCountry(text);
  // Lists repeat the same few hundred spellings thousands of times; remember them (bounded).
  if (LOOKUPS.size < 10_000) LOOKUPS.set(text, code);
  return code;
}

const LOOKUPS = new Map<string, string | null>();

function lookUpCountry(text: string): string | null {
  const folded = foldCountryName(text);
  if (folded.length === 0) return null;
  const code =
    BY_NAME.get(folded) ?? (ALPHA3.has(text.trim().toUpperCase()) ? text.trim().toUpperCase() : null);
  if (code !== null) return code;
  // "Iraq (previous address)", "Russian Federation (as at November 2010)": the note is not the country.
  const withoutNote = text.replace(/\s*\([^()]*\)\s*$/, '');
  return withoutNote !== text ? lookUpCountry(withoutNote) : null;
}

/** The alpha-3 code for an ISO 3166-1 alpha-2 code ("VE" → "VEN"), or null. */
export function countryCodeOfAlpha2(alpha2: string): string | null {
  return BY_ALPHA2.get(alpha2.trim().toUpperCase()) ?? null;
}
