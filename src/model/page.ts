/**
 * Pagination, written once. Two styles because the spec has two: the transaction area pages by
 * page/limit and answers {items, totalItems, page, totalPages}; the onboarding area pages by skip/limit
 * (its envelope beyond `items` is not shown, so Warden answers {items, total, skip, limit}).
 * Query values arrive as strings and are coerced to numbers.
 */
import { z } from 'zod';

const MAX_PAGE_SIZE = 100;

const pageSize = (fallback: number) =>
  z.coerce
    .number()
    .int({ error: 'must be a whole number' })
    .min(1, { error: `must be between 1 and ${MAX_PAGE_SIZE}` })
    .max(MAX_PAGE_SIZE, { error: `must be between 1 and ${MAX_PAGE_SIZE}` })
    .default(fallback);

export const PageQuery = z.object({
  page: z.coerce
    .number()
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be 1 or more' })
    .default(1)
    .describe('Page number, from 1'),
  limit: pageSize(10).describe('Items per page (default 10, maximum 100)'),
});
export type PageQuery = z.infer<typeof PageQuery>;

export const OffsetPageQuery = z.object({
  skip: z.coerce
    .number()
    .int({ error: 'must be a whole number' })
    .min(0, { error: 'must be 0 or more' })
    .default(0)
    .describe('Items to skip'),
  limit: pageSize(20).describe('Items to return (default 20, maximum 100)'),
});
export type OffsetPageQuery = z.infer<typeof OffsetPageQuery>;

const count = z.number().int().nonnegative();

/** The page/limit envelope around `item`. */
export function pageOf<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    totalItems: count.describe('Items matching the filters, on all pages'),
    page: count.describe('This page, from 1'),
    totalPages: count,
  });
}

/** The skip/limit envelope around `item`. */
export function offsetPageOf<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    total: count.describe('Items matching the filters'),
    skip: count,
    limit: count,
  });
}
