/**
 * One DistinctParty of OFAC's advanced XML → an entity (without programs and listing date, which
 * live in SanctionsEntries further down the file and are joined by ProfileID at the end).
 */
import type { z } from 'zod';
import type { Alias, CryptoAddress, EntityInput, EntityType, Gender } from '../model/entity.js';
import { assembleOfacName, type OfacNamePart } from './ofac-advanced-names.js';
import { ofacDateOf, type AddressInput, type OfacReference } from './ofac-advanced-reference.js';
import { birthDateBetween, type BirthDateInput } from './partial-dates.js';
import { childOf, childrenOf, childText, type XmlElement } from './xml-elements.js';

type AliasInput = z.input<typeof Alias>;

const ALIAS_KINDS: Readonly<Record<string, 'aka' | 'fka' | 'nka'>> = {
  'A.K.A.': 'aka',
  'F.K.A.': 'fka',
  'N.K.A.': 'nka',
};

/** PartySubType (Vessel, Aircraft) first; otherwise its PartyType (Individual, Entity). */
const PARTY_TYPES: Readonly<Record<string, EntityType>> = {
  Vessel: 'vessel',
  Aircraft: 'aircraft',
  Individual: 'individual',
  Entity: 'organization',
};

/** What a Feature says, in the shape the entity needs. */
interface PartyFacts {
  birth_dates: BirthDateInput[];
  birth_places: string[];
  nationalities: string[];
  citizenships: string[];
  gender: Gender | null;
  addresses: AddressInput[];
  crypto_addresses: CryptoAddress[];
  remarks: string[];
}

export interface OfacParty {
  entity: EntityInput;
  profileId: string;
}

function partyType(profile: XmlElement, ref: OfacReference): EntityType | undefined {
  const subType = ref.value('PartySubType', profile.attributes.PartySubTypeID);
  return (
    PARTY_TYPES[subType?.text ?? ''] ?? PARTY_TYPES[ref.text('PartyType', subType?.attributes.PartyTypeID)]
  );
}

function birthDateOf(period: XmlElement | undefined): BirthDateInput | null {
  const start = childOf(period, 'Start');
  const end = childOf(period, 'End');
  const from = ofacDateOf(childOf(start, 'From'));
  const to = ofacDateOf(childOf(end, 'To')) ?? from;
  if (from === null || to === null) return null;
  const circa = start?.attributes.Approximate === 'true' || end?.attributes.Approximate === 'true';
  return birthDateBetween(from, to < from ? from : to, circa);
}

function readFeature(feature: XmlElement, ref: OfacReference, facts: PartyFacts): void {
  const type = ref.text('FeatureType', feature.attributes.FeatureTypeID);
  for (const version of childrenOf(feature, 'FeatureVersion')) {
    const detail = childOf(version, 'VersionDetail');
    const location = ref.location(childOf(version, 'VersionLocation')?.attributes.LocationID);
    const text = detail?.text || ref.text('DetailReference', detail?.attributes.DetailReferenceID);
    const period = childOf(version, 'DatePeriod');
    const crypto = /^Digital Currency Address - (\S+)$/.exec(type);
    if (type === 'Birthdate') {
      const date = birthDateOf(period);
      if (date !== null) facts.birth_dates.push(date);
    } else if (type === 'Place of Birth' && text) {
      facts.birth_places.push(text);
    } else if ((type === 'Nationality Country' || type === 'Citizenship Country') && location?.country) {
      const list = type === 'Nationality Country' ? facts.nationalities : facts.citizenships;
      if (!list.includes(location.country)) list.push(location.country);
    } else if (type === 'Gender' && /^(male|female)$/i.test(text)) {
      facts.gender = text.toLowerCase() === 'male' ? 'male' : 'female';
    } else if (crypto !== null && text) {
      facts.crypto_addresses.push({ asset: crypto[1] ?? '', address: text });
    } else if (type === 'Location' && location !== undefined) {
      facts.addresses.push(location.address);
    } else {
      // Everything else (Title, Website, Email Address, Vessel Flag, sanctions notes…) is kept
      // as the legacy remarks write it: "<feature type> <value>".
      const value =
        text || location?.countryName || ofacDateOf(childOf(childOf(period, 'Start'), 'From')) || '';
      if (value) facts.remarks.push(`${type} ${value}`);
    }
  }
}

/** Each DocumentedName of an Identity's aliases, with its parts resolved and assembled. */
function namesOf(
  identity: XmlElement,
  ref: OfacReference,
): { alias: XmlElement; name: XmlElement; text: string; script: string }[] {
  const groupTypes = new Map<string, string>();
  for (const master of childrenOf(childOf(identity, 'NamePartGroups'), 'MasterNamePartGroup')) {
    for (const group of childrenOf(master, 'NamePartGroup')) {
      groupTypes.set(group.attributes.ID ?? '', ref.text('NamePartType', group.attributes.NamePartTypeID));
    }
  }
  return childrenOf(identity, 'Alias').flatMap((alias) =>
    childrenOf(alias, 'DocumentedName').map((name) => {
      const values = childrenOf(name, 'DocumentedNamePart').flatMap((p) => childrenOf(p, 'NamePartValue'));
      const parts: OfacNamePart[] = values.map((v) => ({
        type: groupTypes.get(v.attributes.NamePartGroupID ?? '') ?? '',
        value: v.text,
      }));
      const script = ref.text('Script', values[0]?.attributes.ScriptID) || 'Latin';
      return { alias, name, text: assembleOfacName(parts, script === 'Latin'), script };
    }),
  );
}

/**
 * The primary name (the primary alias's "Primary Latin" spelling) and every other spelling as an
 * alias: weak when OFAC marks it low quality, native when it is in another script.
 */
function readNames(
  identity: XmlElement,
  ref: OfacReference,
): { primary: string | null; aliases: AliasInput[] } {
  let primary: string | null = null;
  const aliases: AliasInput[] = [];
  for (const { alias, name, text, script } of namesOf(identity, ref)) {
    if (!text) continue;
    const latin = script === 'Latin';
    const status = ref.text('DocNameStatus', name.attributes.DocNameStatusID);
    if (alias.attributes.Primary === 'true' && primary === null && status === 'Primary Latin') {
      primary = text;
      continue;
    }
    const kind: AliasInput['kind'] =
      alias.attributes.LowQuality === 'true'
        ? 'weak'
        : !latin
          ? 'native'
          : (ALIAS_KINDS[ref.text('AliasType', alias.attributes.AliasTypeID)] ?? 'aka');
    aliases.push({ name: text, kind, script: latin ? null : script });
  }
  return { primary, aliases };
}

/**
 * Maps a DistinctParty element to an entity, or returns the reason it cannot be read.
 */
export function readOfacParty(party: XmlElement, ref: OfacReference, list: string): OfacParty | string {
  const profile = childOf(party, 'Profile');
  if (profile === undefined) return 'it has no Profile';
  const type = partyType(profile, ref);
  if (type === undefined)
    return `PartySubTypeID ${profile.attributes.PartySubTypeID ?? '?'} is not a known party type`;
  const identity =
    childrenOf(profile, 'Identity').find((i) => i.attributes.Primary === 'true') ??
    childOf(profile, 'Identity');
  if (identity === undefined) return 'it has no Identity';

  const { primary, aliases } = readNames(identity, ref);
  if (primary === null) return 'its primary alias has no Primary Latin name';

  const facts: PartyFacts = {
    birth_dates: [],
    birth_places: [],
    nationalities: [],
    citizenships: [],
    gender: null,
    addresses: [],
    crypto_addresses: [],
    remarks: [],
  };
  for (const feature of childrenOf(profile, 'Feature')) readFeature(feature, ref, facts);
  const comment = childText(party, 'Comment');
  if (comment) facts.remarks.push(comment);

  const { remarks, ...rest } = facts;
  return {
    profileId: profile.attributes.ID ?? '',
    entity: {
      list,
      entity_id: party.attributes.FixedRef ?? '',
      type,
      name: primary,
      aliases,
      ...rest,
      documents: ref.documentsOf(identity.attributes.ID),
      remarks: remarks.length > 0 ? remarks.join('; ') : null,
      categories: ['Sanctions'],
    },
  };
}
