// FATF high-risk and monitored jurisdictions: the default `highRiskCountries` of a client's decision settings.
// Source: FATF Plenary of 17–19 June 2026 (Paris), public statements
//   "High-Risk Jurisdictions subject to a Call for Action – June 2026" (list: CALL_FOR_ACTION) and
//   "Jurisdictions under Increased Monitoring – June 2026" (list: INCREASED_MONITORING),
//   https://www.fatf-gafi.org/en/topics/high-risk-and-other-monitored-jurisdictions.html
// Changes at that plenary: Bosnia and Herzegovina and Iraq added, Algeria and Namibia removed (February 2026
// had added Kuwait and Papua New Guinea). FATF revises both lists at every plenary (February, June, October):
// re-check this table after each one and bump the rule-set version in rules/manifest.json.
// alpha3: ISO 3166-1 alpha-3; name: as FATF writes it; list: which FATF statement names the jurisdiction.

export const FATF_LISTS_AS_OF = '2026-06-19';

export const FATF_HIGH_RISK_COUNTRIES: readonly {
  alpha3: string;
  name: string;
  list: 'CALL_FOR_ACTION' | 'INCREASED_MONITORING';
}[] = [
  { alpha3: 'PRK', name: "Democratic People's Republic of Korea", list: 'CALL_FOR_ACTION' },
  { alpha3: 'IRN', name: 'Iran', list: 'CALL_FOR_ACTION' },
  { alpha3: 'MMR', name: 'Myanmar', list: 'CALL_FOR_ACTION' },
  { alpha3: 'AGO', name: 'Angola', list: 'INCREASED_MONITORING' },
  { alpha3: 'BOL', name: 'Bolivia', list: 'INCREASED_MONITORING' },
  { alpha3: 'BIH', name: 'Bosnia and Herzegovina', list: 'INCREASED_MONITORING' },
  { alpha3: 'BGR', name: 'Bulgaria', list: 'INCREASED_MONITORING' },
  { alpha3: 'CMR', name: 'Cameroon', list: 'INCREASED_MONITORING' },
  { alpha3: 'CIV', name: "Côte d'Ivoire", list: 'INCREASED_MONITORING' },
  { alpha3: 'COD', name: 'Democratic Republic of the Congo', list: 'INCREASED_MONITORING' },
  { alpha3: 'HTI', name: 'Haiti', list: 'INCREASED_MONITORING' },
  { alpha3: 'IRQ', name: 'Iraq', list: 'INCREASED_MONITORING' },
  { alpha3: 'KEN', name: 'Kenya', list: 'INCREASED_MONITORING' },
  { alpha3: 'KWT', name: 'Kuwait', list: 'INCREASED_MONITORING' },
  { alpha3: 'LAO', name: 'Lao PDR', list: 'INCREASED_MONITORING' },
  { alpha3: 'LBN', name: 'Lebanon', list: 'INCREASED_MONITORING' },
  { alpha3: 'MCO', name: 'Monaco', list: 'INCREASED_MONITORING' },
  { alpha3: 'NPL', name: 'Nepal', list: 'INCREASED_MONITORING' },
  { alpha3: 'PNG', name: 'Papua New Guinea', list: 'INCREASED_MONITORING' },
  { alpha3: 'SSD', name: 'South Sudan', list: 'INCREASED_MONITORING' },
  { alpha3: 'SYR', name: 'Syria', list: 'INCREASED_MONITORING' },
  { alpha3: 'VEN', name: 'Venezuela', list: 'INCREASED_MONITORING' },
  { alpha3: 'VNM', name: 'Vietnam', list: 'INCREASED_MONITORING' },
  { alpha3: 'VGB', name: 'Virgin Islands (UK)', list: 'INCREASED_MONITORING' },
  { alpha3: 'YEM', name: 'Yemen', list: 'INCREASED_MONITORING' },
];
