/**
 * The lookup sections of OFAC's advanced XML that parties point into by id: ReferenceValueSets
 * (AliasType, PartySubType, NamePartType, Script, FeatureType, DetailReference, Country…),
 * Locations and IDRegDocuments. All three come before DistinctParties (the schema fixes the order),
 * so each is resolved as it arrives and kept small: ~22k locations and ~21k documents.
 */
import type { z } from 'zod';
import type { EntityAddress, IdentityDocument } from '../model/entity.js';
import { WardenError } from '../model/errors.js';
import { countryCodeOfAlpha2, countryFromName } from '../model/country-names.js';
import { partialDateOf } from './partial-dates.js';
import { childOf, childrenOf, childText, type XmlElement } from './xml-elements.js';

export type AddressInput = z.input<typeof EntityAddress>;
export type DocumentInput = z.input<typeof IdentityDocument>;

/** A Location: its address form and its country code (for nationality/citizenship features). */
export interface OfacLocation {
  address: AddressInput;
  country: string | null;
  countryName: string | null;
}

/** LocPartType → the address field it fills; REGION is a wider area, kept with the state. */
const LOCATION_PARTS: Readonly<Record<string, 'street' | 'city' | 'region' | 'postal_code'>> = {
  ADDRESS1: 'street',
  ADDRESS2: 'street',
  ADDRESS3: 'street',
  CITY: 'city',
  'STATE/PROVINCE': 'region',
  REGION: 'region',
  'POSTAL CODE': 'postal_code',
};

/** "<Year>2013</Year><Month>8</Month><Day>11</Day>" → "2013-08-11" (as precise as given). */
export function ofacDateOf(element: XmlElement | undefined): string | null {
  const year = Number(childText(element, 'Year'));
  if (!year) return null;
  return partialDateOf(
    year,
    Number(childText(element, 'Month')) || null,
    Number(childText(element, 'Day')) || null,
  );
}

export class OfacReference {
  private readonly values = new Map<string, Map<string, XmlElement>>();
  private readonly locations = new Map<string, OfacLocation>();
  private readonly documents = new Map<string, DocumentInput[]>();
  private loaded = false;

  /** Indexes the ReferenceValueSets element: every `<X ID="…">` under each `<XValues>`. */
  addValueSets(sets: XmlElement): void {
    for (const set of sets.children) {
      for (const value of set.children) {
        const id = value.attributes.ID;
        if (id === undefined) continue;
        let byId = this.values.get(value.name);
        if (byId === undefined) this.values.set(value.name, (byId = new Map()));
        byId.set(id, value);
      }
    }
    this.loaded = true;
  }

  /** The reference value element of `kind` ("FeatureType", "Country", …) with `id`. */
  value(kind: string, id: string | undefined): XmlElement | undefined {
    if (!this.loaded) {
      throw new WardenError(
        'INVALID_LIST_FILE',
        'The OFAC advanced XML must have its ReferenceValueSets before the records that use them.',
      );
    }
    return id === undefined ? undefined : this.values.get(kind)?.get(id);
  }

  /** The text of the reference value of `kind` with `id`, or '' when unknown. */
  text(kind: string, id: string | undefined): string {
    return this.value(kind, id)?.text ?? '';
  }

  /** Alpha-3 code and name of a Country reference value. */
  country(id: string | undefined): { code: string | null; name: string | null } {
    const country = this.value('Country', id);
    if (country === undefined) return { code: null, name: null };
    const alpha2 = country.attributes.ISO2;
    const code = (alpha2 ? countryCodeOfAlpha2(alpha2) : null) ?? countryFromName(country.text);
    return { code, name: country.text || null };
  }

  addLocation(location: XmlElement): void {
    const id = location.attributes.ID;
    if (id === undefined) return;
    const areaCountryId = this.value('AreaCode', childOf(location, 'LocationAreaCode')?.attributes.AreaCodeID)
      ?.attributes.CountryID;
    const country = this.country(childOf(location, 'LocationCountry')?.attributes.CountryID ?? areaCountryId);
    const fields: Record<'street' | 'city' | 'region' | 'postal_code', string[]> = {
      street: [],
      city: [],
      region: [],
      postal_code: [],
    };
    for (const part of childrenOf(location, 'LocationPart')) {
      const values = childrenOf(part, 'LocationPartValue');
      const value = childText(values.find((v) => v.attributes.Primary === 'true') ?? values[0], 'Value');
      if (!value) continue;
      const field = LOCATION_PARTS[this.text('LocPartType', part.attributes.LocPartTypeID)];
      if (field !== undefined) {
        fields[field].push(value);
        continue;
      }
      // A part of type "Unknown" holds a country name (the locations that citizenship and
      // nationality features point to are often only that) or else a city or region.
      const code = country.code === null ? countryFromName(value) : null;
      if (code !== null) Object.assign(country, { code, name: value });
      else fields[fields.city.length === 0 ? 'city' : 'region'].push(value);
    }
    const { code, name } = country;
    const join = (values: string[]): string | null => (values.length > 0 ? values.join(', ') : null);
    this.locations.set(id, {
      address: {
        street: join(fields.street),
        city: join(fields.city),
        region: join(fields.region),
        postal_code: join(fields.postal_code),
        country_name: name,
        country: code,
      },
      country: code,
      countryName: name,
    });
  }

  location(id: string | undefined): OfacLocation | undefined {
    return id === undefined ? undefined : this.locations.get(id);
  }

  addDocument(document: XmlElement): void {
    const identityId = document.attributes.IdentityID;
    const number = childText(document, 'IDRegistrationNo');
    if (identityId === undefined || !number) return;
    const notes = [childText(document, 'IssuingAuthority')];
    for (const date of childrenOf(document, 'DocumentDate')) {
      const kind = this.text('IDRegDocDateType', date.attributes.IDRegDocDateTypeID);
      const when = ofacDateOf(childOf(childOf(childOf(date, 'DatePeriod'), 'Start'), 'From'));
      if (when !== null) notes.push(`${kind === 'Expiration Date' ? 'expires' : 'issued'} ${when}`);
    }
    notes.push(childText(document, 'Comment'));
    if (this.text('Validity', document.attributes.ValidityID) === 'Fraudulent') notes.push('fraudulent');
    const note = notes.filter((n) => n.length > 0).join('; ');
    const entry: DocumentInput = {
      type: this.text('IDRegDocType', document.attributes.IDRegDocTypeID) || 'Document',
      number,
      country: this.country(document.attributes['IssuedBy-CountryID']).code,
      note: note || null,
    };
    const list = this.documents.get(identityId);
    if (list === undefined) this.documents.set(identityId, [entry]);
    else list.push(entry);
  }

  /** The documents issued to an Identity. */
  documentsOf(identityId: string | undefined): DocumentInput[] {
    return identityId === undefined ? [] : (this.documents.get(identityId) ?? []);
  }
}
