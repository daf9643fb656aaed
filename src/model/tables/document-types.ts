// Identity and registration documents by issuing country, compiled by hand for Warden from each
// country's civil registry and tax authority naming. Consumer: model/document-types.ts, which builds
// the document type catalog (List Document types) and isDocumentType.
// type: the code a client sends as document_type (upper case, no spaces); name: the document's own name.
// Every country also gets the generic types below, so a code listed here must not repeat a generic one.
import type { LocType } from '../document-types.js';

export const GENERIC_PERSON_DOCUMENT_TYPES: readonly LocType[] = [
  { type: 'PASSPORT', name: 'Passport' },
  { type: 'NATIONAL_ID', name: 'National identity card' },
  { type: 'DRIVER_LICENSE', name: 'Driving licence' },
  { type: 'RESIDENCE_PERMIT', name: 'Residence permit' },
  { type: 'TAX_ID', name: 'Tax identification number' },
];

export const GENERIC_COMPANY_DOCUMENT_TYPES: readonly LocType[] = [
  { type: 'TAX_ID', name: 'Tax identification number' },
  { type: 'REGISTRATION_NUMBER', name: 'Company registration number' },
];

export const COUNTRY_DOCUMENT_TYPES: Readonly<
  Record<string, { person: readonly LocType[]; company: readonly LocType[] }>
> = {
  ARG: {
    person: [
      { type: 'DNI', name: 'Documento Nacional de Identidad' },
      { type: 'CUIL', name: 'Código Único de Identificación Laboral' },
      { type: 'CUIT', name: 'Clave Única de Identificación Tributaria' },
    ],
    company: [{ type: 'CUIT', name: 'Clave Única de Identificación Tributaria' }],
  },
  BOL: {
    person: [
      { type: 'CI', name: 'Cédula de Identidad' },
      { type: 'NIT', name: 'Número de Identificación Tributaria' },
    ],
    company: [{ type: 'NIT', name: 'Número de Identificación Tributaria' }],
  },
  BRA: {
    person: [
      { type: 'CPF', name: 'Cadastro de Pessoas Físicas' },
      { type: 'RG', name: 'Registro Geral' },
      { type: 'CNH', name: 'Carteira Nacional de Habilitação' },
    ],
    company: [{ type: 'CNPJ', name: 'Cadastro Nacional da Pessoa Jurídica' }],
  },
  CAN: {
    person: [{ type: 'SIN', name: 'Social Insurance Number' }],
    company: [{ type: 'BN', name: 'Business Number' }],
  },
  CHL: {
    person: [{ type: 'RUT', name: 'Rol Único Tributario (RUN)' }],
    company: [{ type: 'RUT', name: 'Rol Único Tributario' }],
  },
  CHN: {
    person: [{ type: 'RIC', name: 'Resident Identity Card' }],
    company: [{ type: 'USCC', name: 'Unified Social Credit Code' }],
  },
  COL: {
    person: [
      { type: 'CC', name: 'Cédula de Ciudadanía' },
      { type: 'CE', name: 'Cédula de Extranjería' },
      { type: 'TI', name: 'Tarjeta de Identidad' },
      { type: 'PPT', name: 'Permiso por Protección Temporal' },
      { type: 'NIT', name: 'Número de Identificación Tributaria' },
    ],
    company: [{ type: 'NIT', name: 'Número de Identificación Tributaria' }],
  },
  CRI: {
    person: [
      { type: 'CED', name: 'Cédula de Identidad' },
      { type: 'DIMEX', name: 'Documento de Identidad Migratorio para Extranjeros' },
    ],
    company: [{ type: 'CJ', name: 'Cédula Jurídica' }],
  },
  DEU: {
    person: [{ type: 'STEUER_ID', name: 'Steuerliche Identifikationsnummer' }],
    company: [
      { type: 'HRB', name: 'Handelsregisternummer' },
      { type: 'UST_ID', name: 'Umsatzsteuer-Identifikationsnummer' },
    ],
  },
  DOM: {
    person: [
      { type: 'CIE', name: 'Cédula de Identidad y Electoral' },
      { type: 'RNC', name: 'Registro Nacional de Contribuyentes' },
    ],
    company: [{ type: 'RNC', name: 'Registro Nacional de Contribuyentes' }],
  },
  ECU: {
    person: [
      { type: 'CI', name: 'Cédula de Identidad' },
      { type: 'RUC', name: 'Registro Único de Contribuyentes' },
    ],
    company: [{ type: 'RUC', name: 'Registro Único de Contribuyentes' }],
  },
  ESP: {
    person: [
      { type: 'DNI', name: 'Documento Nacional de Identidad' },
      { type: 'NIE', name: 'Número de Identidad de Extranjero' },
      { type: 'NIF', name: 'Número de Identificación Fiscal' },
    ],
    company: [
      { type: 'CIF', name: 'Código de Identificación Fiscal' },
      { type: 'NIF', name: 'Número de Identificación Fiscal' },
    ],
  },
  FRA: {
    person: [{ type: 'NIR', name: 'Numéro de Sécurité Sociale' }],
    company: [
      { type: 'SIREN', name: "Système d'Identification du Répertoire des Entreprises" },
      { type: 'SIRET', name: "Système d'Identification du Répertoire des Établissements" },
    ],
  },
  GBR: {
    person: [
      { type: 'NINO', name: 'National Insurance Number' },
      { type: 'UTR', name: 'Unique Taxpayer Reference' },
    ],
    company: [
      { type: 'CRN', name: 'Companies House Registration Number' },
      { type: 'UTR', name: 'Unique Taxpayer Reference' },
      { type: 'VAT', name: 'VAT Registration Number' },
    ],
  },
  GTM: {
    person: [
      { type: 'DPI', name: 'Documento Personal de Identificación' },
      { type: 'NIT', name: 'Número de Identificación Tributaria' },
    ],
    company: [{ type: 'NIT', name: 'Número de Identificación Tributaria' }],
  },
  HND: {
    person: [
      { type: 'DNI', name: 'Documento Nacional de Identificación' },
      { type: 'RTN', name: 'Registro Tributario Nacional' },
    ],
    company: [{ type: 'RTN', name: 'Registro Tributario Nacional' }],
  },
  IND: {
    person: [
      { type: 'AADHAAR', name: 'Aadhaar Number' },
      { type: 'PAN', name: 'Permanent Account Number' },
    ],
    company: [
      { type: 'CIN', name: 'Corporate Identification Number' },
      { type: 'GSTIN', name: 'Goods and Services Tax Identification Number' },
      { type: 'PAN', name: 'Permanent Account Number' },
    ],
  },
  ITA: {
    person: [{ type: 'CF', name: 'Codice Fiscale' }],
    company: [
      { type: 'PIVA', name: 'Partita IVA' },
      { type: 'CF', name: 'Codice Fiscale' },
    ],
  },
  MEX: {
    person: [
      { type: 'CURP', name: 'Clave Única de Registro de Población' },
      { type: 'RFC', name: 'Registro Federal de Contribuyentes' },
      { type: 'INE', name: 'Credencial para Votar (INE)' },
    ],
    company: [{ type: 'RFC', name: 'Registro Federal de Contribuyentes' }],
  },
  NGA: {
    person: [
      { type: 'NIN', name: 'National Identification Number' },
      { type: 'BVN', name: 'Bank Verification Number' },
    ],
    company: [{ type: 'RC', name: 'Corporate Affairs Commission Registration Number' }],
  },
  NIC: {
    person: [
      { type: 'CED', name: 'Cédula de Identidad' },
      { type: 'RUC', name: 'Registro Único de Contribuyentes' },
    ],
    company: [{ type: 'RUC', name: 'Registro Único de Contribuyentes' }],
  },
  PAN: {
    person: [
      { type: 'CIP', name: 'Cédula de Identidad Personal' },
      { type: 'RUC', name: 'Registro Único de Contribuyentes' },
    ],
    company: [{ type: 'RUC', name: 'Registro Único de Contribuyentes' }],
  },
  PER: {
    person: [
      { type: 'DNI', name: 'Documento Nacional de Identidad' },
      { type: 'CE', name: 'Carné de Extranjería' },
      { type: 'RUC', name: 'Registro Único de Contribuyentes' },
    ],
    company: [{ type: 'RUC', name: 'Registro Único de Contribuyentes' }],
  },
  PHL: {
    person: [
      { type: 'PHILSYS', name: 'Philippine Identification System ID' },
      { type: 'TIN', name: 'Taxpayer Identification Number' },
    ],
    company: [
      { type: 'TIN', name: 'Taxpayer Identification Number' },
      { type: 'SEC', name: 'SEC Registration Number' },
    ],
  },
  PRT: {
    person: [
      { type: 'CC', name: 'Cartão de Cidadão' },
      { type: 'NIF', name: 'Número de Identificação Fiscal' },
    ],
    company: [{ type: 'NIPC', name: 'Número de Identificação de Pessoa Coletiva' }],
  },
  PRY: {
    person: [
      { type: 'CI', name: 'Cédula de Identidad Civil' },
      { type: 'RUC', name: 'Registro Único de Contribuyentes' },
    ],
    company: [{ type: 'RUC', name: 'Registro Único de Contribuyentes' }],
  },
  SLV: {
    person: [
      { type: 'DUI', name: 'Documento Único de Identidad' },
      { type: 'NIT', name: 'Número de Identificación Tributaria' },
    ],
    company: [{ type: 'NIT', name: 'Número de Identificación Tributaria' }],
  },
  URY: {
    person: [
      { type: 'CI', name: 'Cédula de Identidad' },
      { type: 'RUT', name: 'Registro Único Tributario' },
    ],
    company: [{ type: 'RUT', name: 'Registro Único Tributario' }],
  },
  USA: {
    person: [
      { type: 'SSN', name: 'Social Security Number' },
      { type: 'ITIN', name: 'Individual Taxpayer Identification Number' },
      { type: 'STATE_ID', name: 'State identification card' },
    ],
    company: [{ type: 'EIN', name: 'Employer Identification Number' }],
  },
  VEN: {
    person: [
      { type: 'CI', name: 'Cédula de Identidad' },
      { type: 'RIF', name: 'Registro de Información Fiscal' },
    ],
    company: [{ type: 'RIF', name: 'Registro de Información Fiscal' }],
  },
};
