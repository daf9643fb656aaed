/** A list version: one import of one watchlist, and how it differs from the version before it. */
import { z } from 'zod';
import { Entity } from './entity.js';
import { nameSchema } from './schema-names.js';

export const ListVersion = z.object({
  /** `<list>@<seq>`; seq is global across lists, so "imported after" is a comparison of seqs. */
  id: z.string(),
  list: z.string(),
  /** The source format it was read from: ofac, ofac-advanced, un, uk, pep, csv, addresses. */
  source: z.string(),
  seq: z.number().int().positive(),
  /** The list's own publication date when the file carries one (YYYY-MM-DD). */
  published_at: z.string().nullable(),
  /** Hash over every entity's content hash, in entity_id order: equal lists, equal hashes. */
  content_hash: z.string(),
  /** Epoch milliseconds. */
  imported_at: z.number().int(),
  entities: z.number().int().nonnegative(),
  added: z.number().int().nonnegative(),
  changed: z.number().int().nonnegative(),
  removed: z.number().int().nonnegative(),
  /** Records the parser could not read (reported, not stored). */
  issues: z.number().int().nonnegative(),
});
export type ListVersion = z.infer<typeof ListVersion>;
nameSchema(ListVersion, 'ListVersion');

export const EntityChangeKind = z.enum(['added', 'changed', 'removed']);
export type EntityChangeKind = z.infer<typeof EntityChangeKind>;

/** One line of `warden lists diff`: the entity as it is after the change (before it, for removals). */
export const EntityChange = z.object({
  change: EntityChangeKind,
  list: z.string(),
  entity_id: z.string(),
  entity: Entity,
});
export type EntityChange = z.infer<typeof EntityChange>;

/** The last stdout line of `warden lists import` (DESIGN.md §5). */
export const ImportSummary = z.object({
  list: z.string(),
  version: z.string(),
  entities: z.number().int(),
  added: z.number().int(),
  changed: z.number().int(),
  removed: z.number().int(),
  issues: z.number().int(),
  /** False when the file equals the latest stored version: nothing new was written. */
  new_version: z.boolean(),
});
export type ImportSummary = z.infer<typeof ImportSummary>;
