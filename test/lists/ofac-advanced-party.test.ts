import { describe, expect, it } from 'vitest';
import { parseOfacAdvanced } from '../../src/lists/ofac-advanced.js';

// A tiny document in the shape of sdn_advanced.xml (ids and values taken from the real file).
const REFERENCE = `<DateOfIssue CalendarTypeID="1"><Year>2025</Year><Month>11</Month><Day>19</Day></DateOfIssue>
<ReferenceValueSets>
<AliasTypeValues><AliasType ID="1400">A.K.A.</AliasType><AliasType ID="1401">F.K.A.</AliasType><AliasType ID="1403">Name</AliasType></AliasTypeValues>
<AreaCodeValues><AreaCode ID="11407" CountryID="11407" Description="Venezuela" AreaCodeTypeID="1">VE</AreaCode></AreaCodeValues>
<CountryValues><Country ID="11407" ISO2="VE">Venezuela</Country></CountryValues>
<DetailReferenceValues><DetailReference ID="91526">Male</DetailReference></DetailReferenceValues>
<DocNameStatusValues><DocNameStatus ID="1">Primary Latin</DocNameStatus><DocNameStatus ID="2">Others</DocNameStatus></DocNameStatusValues>
<FeatureTypeValues><FeatureType ID="8">Birthdate</FeatureType><FeatureType ID="9">Place of Birth</FeatureType><FeatureType ID="11">Citizenship Country</FeatureType><FeatureType ID="25">Location</FeatureType><FeatureType ID="26">Title</FeatureType><FeatureType ID="224">Gender</FeatureType><FeatureType ID="344">Digital Currency Address - XBT</FeatureType></FeatureTypeValues>
<IDRegDocDateTypeValues><IDRegDocDateType ID="1481">Expiration Date</IDRegDocDateType></IDRegDocDateTypeValues>
<IDRegDocTypeValues><IDRegDocType ID="1570">Cedula No.</IDRegDocType></IDRegDocTypeValues>
<LocPartTypeValues><LocPartType ID="1">Unknown</LocPartType><LocPartType ID="1454">CITY</LocPartType><LocPartType ID="1455">STATE/PROVINCE</LocPartType></LocPartTypeValues>
<NamePartTypeValues><NamePartType ID="1520">Last Name</NamePartType><NamePartType ID="1521">First Name</NamePartType><NamePartType ID="1525">Entity Name</NamePartType></NamePartTypeValues>
<PartySubTypeValues><PartySubType ID="3" PartyTypeID="2">Unknown</PartySubType><PartySubType ID="4" PartyTypeID="1">Unknown</PartySubType></PartySubTypeValues>
<PartyTypeValues><PartyType ID="1">Individual</PartyType><PartyType ID="2">Entity</PartyType></PartyTypeValues>
<SanctionsTypeValues><SanctionsType ID="1705">Block</SanctionsType><SanctionsType ID="1">Program</SanctionsType></SanctionsTypeValues>
<ScriptValues><Script ID="215" ScriptCode="Latin">Latin</Script><Script ID="220" ScriptCode="Cyrl">Cyrillic</Script></ScriptValues>
<ValidityValues><Validity ID="1">Valid</Validity></ValidityValues>
</ReferenceValueSets>
<Locations>
<Location ID="34442"><LocationCountry CountryID="11407" CountryRelevanceID="1413" />
<LocationPart LocPartTypeID="1454"><LocationPartValue Primary="true"><Value>Caracas</Value></LocationPartValue></LocationPart>
<LocationPart LocPartTypeID="1455"><LocationPartValue Primary="true"><Value>Capital District</Value></LocationPartValue></LocationPart></Location>
<Location ID="186216"><LocationPart LocPartTypeID="1"><LocationPartValue Primary="true"><Value>Venezuela</Value></LocationPartValue></LocationPart></Location>
</Locations>
<IDRegDocuments><IDRegDocument ID="9" IDRegDocTypeID="1570" IdentityID="14494" IssuedBy-CountryID="11407" ValidityID="1"><Comment /><IDRegistrationNo>5892464</IDRegistrationNo><IssuingAuthority /></IDRegDocument></IDRegDocuments>`;

const DATE = (y: number, m: number, d: number): string =>
  `<Year>${y}</Year><Month>${m}</Month><Day>${d}</Day>`;

const MADURO = `<DistinctParty FixedRef="22790"><Comment /><Profile ID="22790" PartySubTypeID="4">
<Identity ID="14494" FixedRef="22790" Primary="true" False="false">
<Alias FixedRef="22790" AliasTypeID="1403" Primary="true" LowQuality="false">
<DocumentedName ID="1" DocNameStatusID="1"><DocumentedNamePart><NamePartValue NamePartGroupID="57052" ScriptID="215">MADURO MOROS</NamePartValue></DocumentedNamePart><DocumentedNamePart><NamePartValue NamePartGroupID="57053" ScriptID="215">Nicolas</NamePartValue></DocumentedNamePart></DocumentedName>
<DocumentedName ID="2" DocNameStatusID="2"><DocumentedNamePart><NamePartValue NamePartGroupID="57052" ScriptID="215">MADURO MOROS</NamePartValue></DocumentedNamePart><DocumentedNamePart><NamePartValue NamePartGroupID="57053" ScriptID="215">Nicolás</NamePartValue></DocumentedNamePart></DocumentedName>
</Alias>
<Alias FixedRef="22790" AliasTypeID="1400" Primary="false" LowQuality="true"><DocumentedName ID="3" DocNameStatusID="2"><DocumentedNamePart><NamePartValue NamePartGroupID="57054" ScriptID="215">NICO</NamePartValue></DocumentedNamePart></DocumentedName></Alias>
<Alias FixedRef="22790" AliasTypeID="1400" Primary="false" LowQuality="false"><DocumentedName ID="4" DocNameStatusID="2"><DocumentedNamePart><NamePartValue NamePartGroupID="57055" ScriptID="220">Мадуро</NamePartValue></DocumentedNamePart></DocumentedName></Alias>
<NamePartGroups><MasterNamePartGroup><NamePartGroup ID="57052" NamePartTypeID="1520" /></MasterNamePartGroup><MasterNamePartGroup><NamePartGroup ID="57053" NamePartTypeID="1521" /></MasterNamePartGroup><MasterNamePartGroup><NamePartGroup ID="57054" NamePartTypeID="1520" /></MasterNamePartGroup><MasterNamePartGroup><NamePartGroup ID="57055" NamePartTypeID="1520" /></MasterNamePartGroup></NamePartGroups>
</Identity>
<Feature ID="1" FeatureTypeID="224"><FeatureVersion ID="1"><VersionDetail DetailTypeID="1431" DetailReferenceID="91526" /></FeatureVersion></Feature>
<Feature ID="2" FeatureTypeID="8"><FeatureVersion ID="2"><DatePeriod><Start Approximate="false"><From>${DATE(1962, 11, 23)}</From><To>${DATE(1962, 11, 23)}</To></Start><End Approximate="false"><From>${DATE(1962, 11, 23)}</From><To>${DATE(1962, 11, 23)}</To></End></DatePeriod></FeatureVersion></Feature>
<Feature ID="3" FeatureTypeID="8"><FeatureVersion ID="3"><DatePeriod><Start Approximate="true"><From>${DATE(1955, 1, 1)}</From><To>${DATE(1955, 12, 31)}</To></Start><End Approximate="true"><From>${DATE(1957, 1, 1)}</From><To>${DATE(1957, 12, 31)}</To></End></DatePeriod></FeatureVersion></Feature>
<Feature ID="4" FeatureTypeID="9"><FeatureVersion ID="4"><VersionDetail DetailTypeID="1432">Caracas, Venezuela</VersionDetail></FeatureVersion></Feature>
<Feature ID="5" FeatureTypeID="11"><FeatureVersion ID="5"><VersionDetail DetailTypeID="1433" /><VersionLocation LocationID="186216" /></FeatureVersion></Feature>
<Feature ID="6" FeatureTypeID="25"><FeatureVersion ID="6"><VersionLocation LocationID="34442" /></FeatureVersion></Feature>
<Feature ID="7" FeatureTypeID="26"><FeatureVersion ID="7"><VersionDetail DetailTypeID="1432">President</VersionDetail></FeatureVersion></Feature>
<Feature ID="8" FeatureTypeID="344"><FeatureVersion ID="8"><VersionDetail DetailTypeID="1432">12QtD5BFwRsdNsAZY76UVE1xyCGNTojH9h</VersionDetail></FeatureVersion></Feature>
</Profile></DistinctParty>`;

const NO_NAME = `<DistinctParty FixedRef="99"><Profile ID="99" PartySubTypeID="3"><Identity ID="1" Primary="true"><NamePartGroups /></Identity></Profile></DistinctParty>`;

const ENTRIES = `<SanctionsEntries><SanctionsEntry ID="1" ProfileID="22790" ListID="1550"><EntryEvent ID="1"><Date>${DATE(2017, 7, 31)}</Date></EntryEvent>
<SanctionsMeasure ID="1" SanctionsTypeID="1705"><DatePeriod /></SanctionsMeasure>
<SanctionsMeasure ID="2" SanctionsTypeID="1"><Comment>VENEZUELA</Comment></SanctionsMeasure>
<SanctionsMeasure ID="3" SanctionsTypeID="1"><Comment>IRAN-CON-ARMS-EO</Comment></SanctionsMeasure></SanctionsEntry></SanctionsEntries>`;

const DOCUMENT = `<?xml version="1.0" encoding="utf-8"?><Sanctions xmlns="https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/ADVANCED_XML">${REFERENCE}<DistinctParties>${MADURO}${NO_NAME}</DistinctParties>${ENTRIES}</Sanctions>`;

describe('parseOfacAdvanced on a small document', () => {
  it('maps a DistinctParty with its names, features, documents and sanctions entry', async () => {
    const { entities, issues, publishedAt } = await parseOfacAdvanced(DOCUMENT);
    expect(publishedAt).toBe('2025-11-19');
    expect(issues).toEqual([
      { location: 'DistinctParty FixedRef=99', reason: 'its primary alias has no Primary Latin name' },
    ]);
    expect(entities).toEqual([
      {
        list: 'ofac-sdn',
        entity_id: '22790',
        type: 'individual',
        name: 'MADURO MOROS, Nicolas',
        aliases: [
          { name: 'MADURO MOROS, Nicolás', kind: 'aka', script: null },
          { name: 'NICO', kind: 'weak', script: null },
          { name: 'Мадуро', kind: 'native', script: 'Cyrillic' },
        ],
        birth_dates: [
          { date: '1962-11-23', circa: false, until: null },
          { date: '1955', circa: true, until: '1957' },
        ],
        birth_places: ['Caracas, Venezuela'],
        nationalities: [],
        citizenships: ['VEN'],
        gender: 'male',
        documents: [{ type: 'Cedula No.', number: '5892464', country: 'VEN', note: null }],
        addresses: [
          {
            street: null,
            city: 'Caracas',
            region: 'Capital District',
            postal_code: null,
            country_name: 'Venezuela',
            country: 'VEN',
          },
        ],
        programs: ['VENEZUELA', 'IRAN-CON-ARMS-EO'],
        remarks: 'Title President',
        crypto_addresses: [{ asset: 'XBT', address: '12QtD5BFwRsdNsAZY76UVE1xyCGNTojH9h' }],
        pep: null,
        categories: ['Sanctions'],
        listed_on: '2017-07-31',
      },
    ]);
  });

  it.each([
    ['cut in the middle of the parties', DOCUMENT.slice(0, DOCUMENT.indexOf('</DistinctParties>') - 40)],
    ['cut before the sanctions entries end', DOCUMENT.slice(0, -40)],
    [
      'of another list',
      DOCUMENT.replace(/<Sanctions /, '<CONSOLIDATED_LIST ').replace('</Sanctions>', '</CONSOLIDATED_LIST>'),
    ],
  ])('a document %s is INVALID_LIST_FILE, not a short list', async (_case, xml) => {
    await expect(parseOfacAdvanced(xml)).rejects.toMatchObject({ code: 'INVALID_LIST_FILE' });
  });
});
