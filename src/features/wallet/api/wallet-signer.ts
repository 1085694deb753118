import type { Signer } from 'ethers';
import type { Address } from '@/config/env';
import { signerAddress } from '@/lib/chain/contract-call';

/** A wallet's signer and the account it signs for, parsed as an `Address`. */
export interface WalletSigner {
  signer: Signer;
  account: Address;
}

/** `signer` with its account (a wallet that names no valid address is refused). */
export const withAccount = async (signer: Signer): Promise<WalletSigner> => ({
  signer,
  account: await signerAddress(signer),
});
