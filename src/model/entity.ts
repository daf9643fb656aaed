/**
 * One entity model for every watchlist: OFAC (legacy CSV and advanced XML), UN, UK OFSI, PEP,
 * the generic list CSV and labelled crypto addresses all parse into `Entity`.
 * Fields are snake_case because they are stored and exported as they are (batch output, diffs).
 */
import { z } from 'zod';

export const EntityType = z.enum(['individual', 'organization', 'vessel', 'aircraft', 'wallet']);
export type EntityType = z.infer<typeof EntityType>;

/** How a name relates to the entity: OFAC's aka/fka/nka, a weak (low-quality) a.k.a., a native-script spelling. */
export const AliasKind = z.enum(['aka', 'fka', 'nka', 'weak', 'native']);
export type AliasKind = z.infer<typeof AliasKind>;

export const Alias = z.object({
  name: z.string().min(1),
  kind: AliasKind,
  /** Script of the spelling when the source says it (e.g. "Cyrillic", "Arabic"); null for Latin or unknown. */
  script: z.string().nullable().default(null),
});
export type Alias = z.infer<typeof Alias>;

/** A date as precise as the source gives it: "1962", "1962-11", "1962-11-23". */
export const PartialDate = z
  .string()
  .regex(/^\d{4}(-\d{2}(-\d{2})?)?$/, 'must be YYYY, YYYY-MM or YYYY-MM-DD');
export type PartialDate = z.infer<typeof PartialDate>;

export const BirthDate = z.object({
  date: PartialDate,
  /** "circa" / "approximately" in the source. */
  circa: z.boolean().default(false),
  /** End of a range ("1960 to 1962"); `date` is then its start. */
  until: PartialDate.nullable().default(null),
});
export type BirthDate = z.infer<typeof BirthDate>;

/** ISO 3166-1 alpha-3 (upper case), or XKX for Kosovo. */
export const CountryCode = z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 3166-1 alpha-3 code');

export const IdentityDocument = z.object({
  /** As the source names it: "Passport", "Cedula No.", "National ID No.", "Tax ID No."… */
  type: z.string(),
  number: z.string().min(1),
  country: CountryCode.nullable().default(null),
  note: z.string().nullable().default(null),
});
export type IdentityDocument = z.infer<typeof IdentityDocument>;

export const EntityAddress = z.object({
  street: z.string().nullable().default(null),
  city: z.string().nullable().default(null),
  region: z.string().nullable().default(null),
  postal_code: z.string().nullable().default(null),
  /** The country as written in the source. */
  country_name: z.string().nullable().default(null),
  country: CountryCode.nullable().default(null),
});
export type EntityAddress = z.infer<typeof EntityAddress>;

export const CryptoAddress = z.object({
  /** The source's asset code: XBT, ETH, USDT, TRX… */
  asset: z.string().min(1),
  address: z.string().min(1),
});
export type CryptoAddress = z.infer<typeof CryptoAddress>;

export const PepInfo = z.object({
  position: z.string(),
  country: CountryCode.nullable().default(null),
  since: PartialDate.nullable().default(null),
  until: PartialDate.nullable().default(null),
});
export type PepInfo = z.infer<typeof PepInfo>;

export const Gender = z.enum(['male', 'female']);
export type Gender = z.infer<typeof Gender>;

export const Entity = z.object({
  /** The list this entity came from, e.g. "ofac-sdn", "un", "uk-ofsi", "pep-us". */
  list: z.string().min(1),
  /** The source list's own identifier (OFAC ent_num, UN reference number, UK group id…). */
  entity_id: z.string().min(1),
  type: EntityType,
  /** The primary name, as the source writes it ("MADURO MOROS, Nicolas"). */
  name: z.string().min(1),
  aliases: z.array(Alias).default([]),
  birth_dates: z.array(BirthDate).default([]),
  birth_places: z.array(z.string()).default([]),
  nationalities: z.array(CountryCode).default([]),
  citizenships: z.array(CountryCode).default([]),
  gender: Gender.nullable().default(null),
  documents: z.array(IdentityDocument).default([]),
  addresses: z.array(EntityAddress).default([]),
  programs: z.array(z.string()).default([]),
  remarks: z.string().nullable().default(null),
  crypto_addresses: z.array(CryptoAddress).default([]),
  pep: PepInfo.nullable().default(null),
  /** Categories for providerCategory: "Sanctions", "PEP", "Export Control"… */
  categories: z.array(z.string()).default([]),
  listed_on: PartialDate.nullable().default(null),
});
export type Entity = z.infer<typeof Entity>;
/** What a parser may leave out; `Entity.parse` fills the defaults. */
export type EntityInput = z.input<typeof Entity>;

/** A record a parser could not read: where, and why. The import goes on without it. */
export const ParseIssue = z.object({
  /** "sdn.csv line 1234", "DistinctParty FixedRef=36", … */
  location: z.string(),
  reason: z.string(),
});
export type ParseIssue = z.infer<typeof ParseIssue>;
