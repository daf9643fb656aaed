import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { OffsetPageQuery, PageQuery, offsetPageOf, pageOf } from '../../src/model/page.js';
import { validationErrorOf } from '../support/validation.js';

describe('PageQuery', () => {
  it.each([
    [{}, { page: 1, limit: 10 }],
    [
      { page: '4', limit: '25' },
      { page: 4, limit: 25 },
    ],
    [
      { page: 2, limit: 100 },
      { page: 2, limit: 100 },
    ],
  ])('%j → %j', (query, expected) => {
    expect(PageQuery.parse(query)).toEqual(expected);
  });

  it.each([
    [{ limit: '101' }, ['limit'], 'limit: must be between 1 and 100'],
    [{ page: '1.5' }, ['page'], 'page: must be a whole number'],
    [{ page: '-3' }, ['page'], 'page: must be 1 or more'],
  ])('rejects %j', (query, path, message) => {
    const error = validationErrorOf(PageQuery, query);
    expect(error.path).toEqual(path);
    expect(error.message).toBe(message);
  });
});

describe('OffsetPageQuery', () => {
  it('defaults to skip 0, limit 20', () => {
    expect(OffsetPageQuery.parse({})).toEqual({ skip: 0, limit: 20 });
  });
});

describe('envelopes', () => {
  const Item = z.object({ id: z.string() });

  it('pageOf checks the items and the counts', () => {
    expect(
      pageOf(Item).parse({ items: [{ id: 'a' }], totalItems: 1, page: 1, totalPages: 1 }).items,
    ).toHaveLength(1);
    expect(
      validationErrorOf(pageOf(Item), { items: [{ id: 1 }], totalItems: 1, page: 1, totalPages: 1 }).path,
    ).toEqual(['items', 0, 'id']);
  });

  it('offsetPageOf refuses a negative total', () => {
    expect(validationErrorOf(offsetPageOf(Item), { items: [], total: -1, skip: 0, limit: 20 }).path).toEqual([
      'total',
    ]);
  });
});
