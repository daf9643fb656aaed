/** The official lists named on the command line (`--source ofac`), or the default set. */
import { DEFAULT_UPDATE_SOURCES, OFFICIAL_SOURCES, type OfficialSource } from '../lists/official-sources.js';
import { UsageError } from './command-context.js';

export function officialSourcesNamed(
  names: readonly string[] | undefined,
  flag = '--source',
): OfficialSource[] {
  return (names ?? [...DEFAULT_UPDATE_SOURCES]).map((name) => {
    const source = OFFICIAL_SOURCES[name as keyof typeof OFFICIAL_SOURCES];
    if (!source)
      throw new UsageError(`${flag} knows ${Object.keys(OFFICIAL_SOURCES).join(', ')}, not "${name}".`);
    return source;
  });
}
