/**
 * Identification number: an identical document number is decisive (it raises the match to the top,
 * see `documentNumberEqual` in score-entity.ts); a different one says little, since people hold many.
 */
import { outcome, type Feature } from './feature.js';

export const DOCUMENT_NUMBER_EQUAL = 'documentNumberEqual';

export const documentNumber: Feature = {
  name: 'documentNumber',
  // An identical number lifts any name to the top.
  maxBoost: (q) => (q.documentNumber ? 1 : 0),
  evaluate(q, e) {
    if (!q.documentNumber) return null;
    if (e.documentNumbers.size === 0) {
      return outcome('documentNumber', 'IDENTIFICATION_NUMBER', 'UNKNOWN', q.documentNumber, null, 0);
    }
    return e.documentNumbers.has(q.documentNumber)
      ? outcome(
          DOCUMENT_NUMBER_EQUAL,
          'IDENTIFICATION_NUMBER',
          'MATCHED',
          q.documentNumber,
          q.documentNumber,
          0,
        )
      : outcome('documentNumberDiffers', 'IDENTIFICATION_NUMBER', 'NOT_MATCHED', q.documentNumber, null, 0);
  },
  adjustment: (q, e) => (q.documentNumber && e.documentNumbers.has(q.documentNumber) ? Infinity : 0),
};
