/**
 * The UN reference number a UK OFSI record carries in its Other Information ("(UN Ref):CFi.010."),
 * present on the UK's copy of every UN designation (8,000+ rows of the 2025-04-10 list).
 */
import type { Entity } from '../../../src/model/entity.js';

// UN numbers are regime, i(ndividual)/e(ntity), dot, three digits: QDi.012, TAe.010.
const UN_REF = /\(UN Ref\):\s*([A-Z]{2}[ie]\.\d{3})/;

/**
 * The UN reference number of a UK record, or null when the UK listed it alone.
 *
 * @example unReferenceOf(ukKony) // 'CFi.010'
 */
export function unReferenceOf(ukEntity: Entity): string | null {
  const m = UN_REF.exec(ukEntity.remarks ?? '');
  return m?.[1] ?? null;
}
