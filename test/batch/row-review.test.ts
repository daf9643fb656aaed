/**
 * A client's suppressions in a worker (issue #30): which matches of a row move to
 * suppressed_matches, and the queue's view of the rows that still have matches.
 */
import { describe, expect, it } from 'vitest';
import type { ScreenedRow } from '../../src/batch/batch-result.js';
import { rowOf, screenRows } from '../../src/batch/index.js';
import type { FoundRow } from '../../src/review/index.js';
import { RowReview, type SuppressedPair } from '../../src/batch/row-review.js';
import { buildWalletListings } from '../../src/batch/wallet-listings.js';
import { entityContentHash } from '../../src/lists/content-hash.js';
import { DEFAULT_MATCH_CONFIG } from '../../src/names/index.js';
import { buildEntityIndex } from '../../src/screening/index.js';
import { anEntity } from '../support/entities.js';

const QUILLON = anEntity({
  list: 'watch',
  entity_id: 'W-1',
  name: 'Quillon Vexbridge Ormathwaite',
  aliases: [],
  birth_dates: [],
  nationalities: [],
  crypto_addresses: [{ asset: 'ETH', address: '0x8589427373D6D84E98730D7795D8f6f8731FDA16' }],
});
const TARVIK = anEntity({
  list: 'watch',
  entity_id: 'W-2',
  name: 'Tarvik Nolmesteen Arbuckle',
  aliases: [{ name: 'Quillon Vexbridge Ormathwaite', kind: 'aka' }],
  birth_dates: [],
  nationalities: [],
});
const ENTITIES = [QUILLON, TARVIK];
const index = buildEntityIndex(ENTITIES);
const wallets = buildWalletListings(ENTITIES);

function suppressionOf(customer: string, entity = QUILLON, hash = entityContentHash(entity)): SuppressedPair {
  return {
    customer_external_id: customer,
    list: entity.list,
    entity_id: entity.entity_id,
    decision_id: `rvd_${customer}`,
    content_hash: hash,
  };
}

function reviewOf(suppressions: SuppressedPair[], collectHits = false): RowReview {
  return new RowReview({ suppressions, collectHits, listVersions: { watch: 'watch@3' } }, ENTITIES);
}

function screenOne(review: RowReview, externalId: string, hits?: FoundRow[]): ScreenedRow {
  const [result] = screenRows(
    index,
    [rowOf({ external_id: externalId, full_name: 'Quillon Vexbridge Ormathwaite' })],
    DEFAULT_MATCH_CONFIG,
    { review, wallets, ...(hits === undefined ? {} : { hits }) },
  );
  return result as ScreenedRow;
}

describe('RowReview: suppressions in the batch', () => {
  it('moves the decided pair of the customer to suppressed_matches, out of its risk', () => {
    const review = reviewOf([suppressionOf('c-1', QUILLON), suppressionOf('c-1', TARVIK)]);
    const result = screenOne(review, 'c-1');
    expect(result.matches).toEqual([]);
    expect(result.risk_level).toBe('NONE');
    expect(result.suppressed_matches?.map((m) => [m.entity_id, m.suppressed_by])).toEqual([
      ['W-1', 'rvd_c-1'],
      ['W-2', 'rvd_c-1'],
    ]);
    expect(review.holding).toBe(2);
  });

  it('keeps the other matches of the row, and its risk from them', () => {
    const result = screenOne(reviewOf([suppressionOf('c-1', QUILLON)]), 'c-1');
    expect(result.matches.map((m) => m.entity_id)).toEqual(['W-2']);
    expect(result.suppressed_matches?.map((m) => m.entity_id)).toEqual(['W-1']);
    expect(result.risk_level).not.toBe('NONE');
  });

  it.each([
    ['another customer of the same name', 'c-2', suppressionOf('c-1')],
    [
      'an entity whose content changed since the decision',
      'c-1',
      suppressionOf('c-1', QUILLON, 'a1'.repeat(32)),
    ],
    [
      'an entity that left the lists',
      'c-1',
      suppressionOf('c-1', anEntity({ list: 'watch', entity_id: 'W-9', name: 'Gone Person' })),
    ],
  ])('does not suppress %s', (_, customer, suppression) => {
    const result = screenOne(reviewOf([suppression]), customer);
    expect(result.matches.map((m) => m.entity_id)).toContain('W-1');
    expect(result).not.toHaveProperty('suppressed_matches');
  });

  it('suppresses a listed wallet address of the customer too', () => {
    const [result] = screenRows(
      index,
      [rowOf({ external_id: 'w-1', address: '0x8589427373d6d84e98730d7795d8f6f8731fda16', network: 'ETH' })],
      DEFAULT_MATCH_CONFIG,
      { review: reviewOf([suppressionOf('w-1')]), wallets },
    );
    expect(result).toMatchObject({
      risk_level: 'NONE',
      matches: [],
      suppressed_matches: [{ entity_id: 'W-1' }],
    });
  });

  it('hands the queue the rows with counted matches, in its match shape with the entity content hash', () => {
    const hits: FoundRow[] = [];
    const review = reviewOf(
      [suppressionOf('c-1', QUILLON), suppressionOf('c-3', QUILLON), suppressionOf('c-3', TARVIK)],
      true,
    );
    screenOne(review, 'c-1', hits);
    screenOne(review, 'c-2', hits);
    screenOne(review, 'c-3', hits);
    expect(hits.map((h) => [h.external_id, h.matches.map((m) => m.entity_id)])).toEqual([
      ['c-1', ['W-2']],
      ['c-2', ['W-1', 'W-2']],
    ]);
    expect(hits[1]!.matches[0]).toMatchObject({
      participant: 'PORTFOLIO_ROW',
      customer_external_id: 'c-2',
      query_name: 'Quillon Vexbridge Ormathwaite',
      relation: 'natural_person',
      listed_name: 'Quillon Vexbridge Ormathwaite',
      strength: 'EXACT',
      list_version: 'watch@3',
      suppressed_by: null,
      content_hash: entityContentHash(QUILLON),
    });
    // The screening's own explanation, as the queue shows it for transactions.
    expect(hits[1]!.matches[0]!.explanation?.alignments.map((a) => a.listToken)).toContain('quillon');
  });
});
