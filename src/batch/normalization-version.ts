/**
 * The fingerprints (engine/code-version.ts) of the code that turns a portfolio row into sidecar
 * tokens: every file of `names/` (normalization, tokenization, legal forms, their tables,
 * prepareName), `model/` (the schemas a row is validated with), `batch/` (reading and validating
 * rows) and screening's query preparation and features (a row's score boost). A sidecar written
 * under another fingerprint is not trusted by a delta run. `indexCodeVersion` is the same for the
 * code an index snapshot depends on (index-cache.ts).
 */
import { codeVersion } from '../engine/code-version.js';

/** Folders (and single files) under the source root whose code decides a row's sidecar record. */
const CODE = [
  'names/',
  'model/',
  'batch/',
  'screening/prepared-query',
  'screening/features/',
  'screening/score-entity',
];

/** What an index snapshot also depends on (index-cache.ts): how list names are prepared and indexed. */
const INDEX_CODE = [
  'names/',
  'model/',
  'screening/entity-index',
  'screening/index-snapshot',
  'screening/snapshot-bytes',
];

/** The fingerprint of this process's row-to-tokens code (computed once). */
export const normalizationVersion = (): Promise<string> => codeVersion(CODE);

/** The fingerprint of this process's list-indexing code (computed once). */
export const indexCodeVersion = (): Promise<string> => codeVersion(INDEX_CODE);
