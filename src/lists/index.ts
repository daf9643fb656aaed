// The parsers only: read-source.ts (the one file here that opens files) is imported by the shell directly.
export { canonicalJson, entityContentHash, listContentHash } from './content-hash.js';
export { countryCodeOfAlpha2, countryFromName } from '../model/country-names.js';
export { parseGenericCsv, type GenericCsvOptions } from './generic-csv.js';
export {
  LabelledAddress,
  parseLabelledAddresses,
  type LabelledAddressParseResult,
} from './labelled-addresses.js';
export { listAgeSeconds, listUpdatedAt } from './list-age.js';
export type { ListInput } from './list-input.js';
export type { ListParseResult } from './list-parse-result.js';
export { parseOfacAdvanced } from './ofac-advanced.js';
export { parseOfacLegacy, type OfacLegacyFiles, type OfacLegacyOptions } from './ofac-legacy.js';
export { parseOfacRemarks, type OfacRemarkFacts } from './ofac-remarks.js';
export { parsePepCsv } from './pep.js';
export { parseUkOfsi } from './uk-ofsi.js';
export { parseUnList } from './un.js';
