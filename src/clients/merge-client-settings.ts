/** Applies a settings PATCH: absent fields are kept, nested objects (blacklist) merge one level deep. */
import { ClientSettings, type ClientSettingsPatch } from '../model/client.js';
import { parseOrThrow } from '../model/errors.js';

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Returns the merged settings, validated again as a whole so a patch can never leave a client
 * with settings the schema would refuse.
 *
 * @example mergeClientSettings(settings, { blacklist: { enabled: false } }).blacklist.match_action // kept
 */
export function mergeClientSettings(current: ClientSettings, patch: ClientSettingsPatch): ClientSettings {
  const merged: Record<string, unknown> = { ...current };
  for (const [field, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const previous = merged[field];
    merged[field] = isPlainObject(value) && isPlainObject(previous) ? { ...previous, ...value } : value;
  }
  return parseOrThrow(ClientSettings, merged, ['settings']);
}
