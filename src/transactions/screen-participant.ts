/**
 * Runs the screening a participant needs, without judging it: a natural person is screened as one
 * person; a company as the company plus every person behind it (legal representatives, final
 * beneficiaries, people with effective control); a wallet through the wallet analysis. build-facts.ts
 * turns what comes back into decision facts, audit.ts into the audit trail.
 */
import type { CryptoWallet, Participant, PersonRecord } from '../model/participant.js';
import type { ScreeningResult } from '../model/screening-result.js';
import type { ScreeningPort, WalletRiskSummary, WalletPort } from './ports.js';

/** How a screened name relates to the participant. */
export type SubjectRelation =
  'natural_person' | 'company' | 'legal_representative' | 'final_beneficiary' | 'people_effective_control';

/** How a reason text names a person behind a company. */
export const RELATION_WORDING: Readonly<Record<SubjectRelation, string>> = {
  natural_person: 'natural person',
  company: 'company',
  legal_representative: 'legal representative',
  final_beneficiary: 'final beneficiary',
  people_effective_control: 'person with effective control',
};

export interface ScreenedSubject {
  readonly relation: SubjectRelation;
  /** The name as screened. */
  readonly name: string;
  /** The person record's external_id, when it has one. */
  readonly external_id: string | null;
  readonly result: ScreeningResult;
}

export interface AnalyzedWallet {
  readonly wallet: CryptoWallet;
  readonly findings: WalletRiskSummary;
}

export interface ParticipantScreening {
  readonly participant: Participant;
  readonly subjects: readonly ScreenedSubject[];
  readonly wallets: readonly AnalyzedWallet[];
}

export interface ScreeningPorts {
  readonly screening: ScreeningPort;
  readonly wallet: WalletPort;
}

const LINKED_PEOPLE = ['legal_representative', 'final_beneficiaries', 'people_effective_control'] as const;
const RELATION_OF: Readonly<Record<(typeof LINKED_PEOPLE)[number], SubjectRelation>> = {
  legal_representative: 'legal_representative',
  final_beneficiaries: 'final_beneficiary',
  people_effective_control: 'people_effective_control',
};

/** "Juan Carlos Restrepo Álvarez" from first_name + last_name; the schema guarantees one of them. */
export function personRecordName(person: PersonRecord): string {
  return [person.first_name, person.last_name].filter((part) => part !== null).join(' ');
}

/**
 * Screens one participant. `extraWallets` are wallets tied to it by the transaction rather than by
 * the participant object (a CRYPTO transaction's receiving_wallet belongs to its beneficiary).
 *
 * @example await screenParticipant(ports, clientId, request.remitter, [], transactionId)
 */
export async function screenParticipant(
  ports: ScreeningPorts,
  clientId: string,
  participant: Participant,
  extraWallets: readonly CryptoWallet[],
  transactionId?: string,
): Promise<ParticipantScreening> {
  const subjects: ScreenedSubject[] = [];
  const wallets: CryptoWallet[] = [];
  if (participant.entity_type === 'PERSON') {
    const person = participant.natural_person;
    subjects.push({
      relation: 'natural_person',
      name: person.full_name,
      external_id: null,
      result: ports.screening.screenPerson(clientId, person, transactionId),
    });
  } else if (participant.entity_type === 'COMPANY') {
    const { company_data: company } = participant.legal_person;
    const input = {
      name: company.company_name,
      country: company.country_constitution,
      identification_number: company.identification_number ?? company.tax_id,
    };
    subjects.push({
      relation: 'company',
      name: company.company_name,
      external_id: null,
      result: ports.screening.screenCompany(clientId, input, transactionId),
    });
    for (const field of LINKED_PEOPLE) {
      for (const person of participant.legal_person[field]) {
        const name = personRecordName(person);
        // No nationality: issuing_country is where the document was issued, and a wrong nationality
        // would count as conflicting evidence against a true match.
        const query = { full_name: name, document_number: person.identification_number };
        subjects.push({
          relation: RELATION_OF[field],
          name,
          external_id: person.external_id,
          result: ports.screening.screenPerson(clientId, query, transactionId),
        });
      }
    }
  } else {
    wallets.push(participant.crypto);
  }
  for (const extra of extraWallets) {
    if (!wallets.some((w) => w.address === extra.address && w.network === extra.network)) wallets.push(extra);
  }
  const analyzed: AnalyzedWallet[] = [];
  for (const wallet of wallets) {
    analyzed.push({ wallet, findings: await ports.wallet.analyze(clientId, wallet) });
  }
  return { participant, subjects, wallets: analyzed };
}
