/**
 * The answer of GET /readyz: whether the service should receive traffic, and if not, why. Modelled
 * on yente's /readyz (503 until its index is built), plus an optional bound on list age.
 */
import { z } from 'zod';
import { EpochMillis } from './scalars.js';

export const NotReadyCode = z.enum(['NO_LIST_LOADED', 'LIST_TOO_OLD']);
export type NotReadyCode = z.infer<typeof NotReadyCode>;

export const NotReadyReason = z.object({
  code: NotReadyCode,
  message: z.string().describe('One sentence an operator can act on'),
  list: z.string().nullable().describe('The list concerned; null for NO_LIST_LOADED'),
});
export type NotReadyReason = z.infer<typeof NotReadyReason>;

export const ListFreshness = z.object({
  list: z.string(),
  version: z.string(),
  updated_at: EpochMillis.describe("The list's publication date when its file has one, else its import time"),
  age_seconds: z.number().int().nonnegative(),
});
export type ListFreshness = z.infer<typeof ListFreshness>;

export const Readiness = z.object({
  status: z.enum(['ready', 'not_ready']),
  reasons: z.array(NotReadyReason).describe('Empty when ready'),
  max_list_age_seconds: z
    .number()
    .positive()
    .nullable()
    .describe('The bound on list age (--max-list-age); null when lists may be of any age'),
  lists: z.array(ListFreshness).describe('The active list versions and their age'),
});
export type Readiness = z.infer<typeof Readiness>;
