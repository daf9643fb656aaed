/**
 * What every list parser returns, and the one place where a parsed record becomes an `Entity`:
 * `Entity.safeParse` fills the defaults, and a record it refuses becomes a `ParseIssue` instead of
 * stopping the import.
 */
import { Entity, type EntityInput, type ParseIssue } from '../model/entity.js';

export interface ListParseResult {
  entities: Entity[];
  /** Records that could not be read, each with where it is and why; the import went on without them. */
  issues: ParseIssue[];
  /** The list's own publication date (YYYY-MM-DD) when the file states it, else null. */
  publishedAt: string | null;
}

/** An empty result to fill. */
export function emptyParseResult(): ListParseResult {
  return { entities: [], issues: [], publishedAt: null };
}

/** Validates `input` and appends it to `result.entities`, or records why it was refused. */
export function acceptEntity(result: ListParseResult, input: EntityInput, location: string): void {
  const parsed = Entity.safeParse(input);
  if (parsed.success) {
    result.entities.push(parsed.data);
    return;
  }
  const first = parsed.error.issues[0];
  const field = first === undefined || first.path.length === 0 ? 'record' : first.path.join('.');
  result.issues.push({ location, reason: `${field}: ${first?.message ?? 'invalid record'}` });
}
