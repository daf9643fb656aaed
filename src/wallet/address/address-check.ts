/**
 * The outcome of checking one address against one network's format.
 * Checkers return this instead of throwing, so `validateAddress` can try the other networks
 * before it words the error ("is a TRON address, not a Bitcoin address").
 */

/** The script or account format an address decodes to. */
export type AddressFormat = 'p2pkh' | 'p2sh' | 'p2wpkh' | 'p2wsh' | 'p2tr' | 'evm' | 'tron';

export type AddressCheck =
  | {
      readonly ok: true;
      /** The lookup form: EVM hex lower-cased, bech32 lower-cased, base58 exactly as given. */
      readonly canonical: string;
      readonly format: AddressFormat;
    }
  | {
      readonly ok: false;
      /** Completes the sentence `The Bitcoin address "…" <problem>.` */
      readonly problem: string;
    };

export function addressOk(canonical: string, format: AddressFormat): AddressCheck {
  return { ok: true, canonical, format };
}

export function addressProblem(problem: string): AddressCheck {
  return { ok: false, problem };
}
