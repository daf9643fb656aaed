/**
 * Where the official lists are published (checked 2026-11). `warden lists update` downloads these;
 * `--mirror URL` replaces the origin with a mirror holding the same file names (tests use a
 * loopback server).
 */
import type { EntityListSource } from './read-source.js';

export interface OfficialFile {
  /** The name the parser expects (inside the download folder). */
  readonly name: string;
  readonly url: string;
  /** A file the list can do without (e.g. OFAC's remarks overflow). */
  readonly optional?: boolean;
}

export interface OfficialSource {
  readonly source: EntityListSource;
  readonly list: string;
  /** The download is a folder of files (OFAC legacy) or one file. */
  readonly files: readonly OfficialFile[];
}

const OFAC_EXPORTS = 'https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports';

export const OFFICIAL_SOURCES: Readonly<Record<'ofac' | 'ofac-advanced' | 'un' | 'uk', OfficialSource>> = {
  ofac: {
    source: 'ofac',
    list: 'ofac-sdn',
    files: [
      { name: 'sdn.csv', url: `${OFAC_EXPORTS}/SDN.CSV` },
      { name: 'alt.csv', url: `${OFAC_EXPORTS}/ALT.CSV` },
      { name: 'add.csv', url: `${OFAC_EXPORTS}/ADD.CSV` },
      { name: 'sdn_comments.csv', url: `${OFAC_EXPORTS}/SDN_COMMENTS.CSV`, optional: true },
    ],
  },
  'ofac-advanced': {
    source: 'ofac-advanced',
    list: 'ofac-sdn',
    files: [{ name: 'sdn_advanced.xml', url: `${OFAC_EXPORTS}/SDN_ADVANCED.XML` }],
  },
  un: {
    source: 'un',
    list: 'un',
    files: [
      { name: 'consolidated.xml', url: 'https://scsanctions.un.org/resources/xml/en/consolidated.xml' },
    ],
  },
  uk: {
    source: 'uk',
    list: 'uk-ofsi',
    files: [
      {
        name: 'ConList.csv',
        url: 'https://ofsistorage.blob.core.windows.net/publishlive/2022format/ConList.csv',
      },
    ],
  },
};

/** The sources `warden lists update` fetches when none is named. */
export const DEFAULT_UPDATE_SOURCES = ['ofac', 'un', 'uk'] as const;
