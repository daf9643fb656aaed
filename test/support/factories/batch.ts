/** Batch results: a match as the output carries it, and a screened row; override any field. */
import type { BatchMatch, ScreenedRow } from '../../../src/batch/index.js';

export function aBatchMatch(overrides: Partial<BatchMatch> = {}): BatchMatch {
  return {
    list: 'ofac-sdn',
    entity_id: '22790',
    entity_type: 'individual',
    name: 'MADURO MOROS, Nicolas',
    matched_name: 'MADURO MOROS, Nicolas',
    matched_name_type: 'PRIMARY',
    score: 0.8,
    strength: 'MEDIUM',
    categories: ['Sanctions'],
    programs: ['VENEZUELA-EO13692'],
    alignments: [{ query: 'maduro', list: 'maduro', signal: 'exact', similarity: 1 }],
    features: [],
    ...overrides,
  };
}

export function aScreenedRow(overrides: Partial<ScreenedRow> = {}): ScreenedRow {
  return { external_id: 'c-1', risk_level: 'NONE', matches: [], ...overrides };
}
