/**
 * OFAC's SDN list in the "advanced" XML format (sdn_advanced.xml, ~121 MB) → entities, streamed:
 * only the lookup sections and one DistinctParty at a time are held, never the document.
 * entity_id = DistinctParty FixedRef (= the legacy ent_num). Programs and the listing date come
 * from SanctionsEntries, which follow the parties, so they are joined by ProfileID at the end.
 * Format: https://ofac.treasury.gov/sdn-list-data-formats-data-schemas (ADVANCED_XML.xsd).
 */
import type { ListInput } from './list-input.js';
import { acceptEntity, emptyParseResult, type ListParseResult } from './list-parse-result.js';
import { readOfacParty, type OfacParty } from './ofac-advanced-party.js';
import { OfacReference, ofacDateOf } from './ofac-advanced-reference.js';
import { childOf, childrenOf, streamXmlElements, type XmlElement } from './xml-elements.js';

/** What SanctionsEntries say about one profile. */
interface SanctionsFacts {
  programs: string[];
  listedOn: string | null;
}

const COLLECTED = new Set([
  'DateOfIssue',
  'ReferenceValueSets',
  'Location',
  'IDRegDocument',
  'DistinctParty',
  'SanctionsEntry',
]);

function readSanctionsEntry(entry: XmlElement, ref: OfacReference, facts: SanctionsFacts): void {
  for (const measure of childrenOf(entry, 'SanctionsMeasure')) {
    if (ref.text('SanctionsType', measure.attributes.SanctionsTypeID) !== 'Program') continue;
    const program = childOf(measure, 'Comment')?.text ?? '';
    if (program && !facts.programs.includes(program)) facts.programs.push(program);
  }
  for (const event of childrenOf(entry, 'EntryEvent')) {
    const date = ofacDateOf(childOf(event, 'Date'));
    if (date !== null && (facts.listedOn === null || date < facts.listedOn)) facts.listedOn = date;
  }
}

/**
 * Parses the OFAC SDN advanced XML (text, bytes or a stream — decompress .bz2 before).
 *
 * @example const { entities, publishedAt } = await parseOfacAdvanced(bunzippedStream);
 */
export async function parseOfacAdvanced(
  input: ListInput,
  options: { list?: string } = {},
): Promise<ListParseResult> {
  const list = options.list ?? 'ofac-sdn';
  const result = emptyParseResult();
  const ref = new OfacReference();
  const parties: OfacParty[] = [];
  const sanctions = new Map<string, SanctionsFacts>();

  await streamXmlElements(input, {
    root: 'Sanctions',
    label: 'The OFAC advanced XML',
    collect: COLLECTED,
    onElement: (element, ancestors) => {
      const parent = ancestors.at(-1);
      switch (element.name) {
        case 'DateOfIssue':
          if (parent === 'Sanctions') result.publishedAt = ofacDateOf(element);
          break;
        case 'ReferenceValueSets':
          ref.addValueSets(element);
          break;
        case 'Location':
          if (parent === 'Locations') ref.addLocation(element);
          break;
        case 'IDRegDocument':
          if (parent === 'IDRegDocuments') ref.addDocument(element);
          break;
        case 'DistinctParty': {
          const party = readOfacParty(element, ref, list);
          if (typeof party === 'string') {
            const location = `DistinctParty FixedRef=${element.attributes.FixedRef ?? '?'}`;
            result.issues.push({ location, reason: party });
          } else parties.push(party);
          break;
        }
        case 'SanctionsEntry': {
          const profileId = element.attributes.ProfileID ?? '';
          let facts = sanctions.get(profileId);
          if (facts === undefined) sanctions.set(profileId, (facts = { programs: [], listedOn: null }));
          readSanctionsEntry(element, ref, facts);
          break;
        }
      }
    },
  });

  for (const { entity, profileId } of parties) {
    const facts = sanctions.get(profileId);
    acceptEntity(
      result,
      { ...entity, programs: facts?.programs ?? [], listed_on: facts?.listedOn ?? null },
      `DistinctParty FixedRef=${entity.entity_id}`,
    );
  }
  return result;
}
