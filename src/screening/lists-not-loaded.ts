/**
 * The guard against a silent "clear": screening against an index with no listed names cannot find
 * anything, and a result saying "no match" would read as a clean subject. Every screening door
 * (engine, transactions, onboarding, batch) refuses with LISTS_NOT_LOADED instead.
 */
import { WardenError } from '../model/errors.js';
import type { EntityIndex } from './entity-index.js';

/** The error every screening door throws when no list is loaded. */
export function listsNotLoaded(): WardenError {
  return new WardenError(
    'LISTS_NOT_LOADED',
    'No watchlist is loaded, so nothing could be screened; import a list first (warden lists import).',
    { details: 'A screening against no list would report no match for everyone.' },
  );
}

/**
 * The index, when it holds at least one listed name; LISTS_NOT_LOADED otherwise.
 *
 * @example screenIndividual(requireListedNames(lists.active.index), query, ctx)
 */
export function requireListedNames(index: EntityIndex): EntityIndex {
  if (index.entities.length === 0) throw listsNotLoaded();
  return index;
}
