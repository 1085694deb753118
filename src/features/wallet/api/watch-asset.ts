import type { Eip1193Provider } from 'ethers';
import { toAppError } from '@/lib/errors/app-error';
import type { WatchedToken, WatchOutcome } from '@/lib/tx/chain-session';

/**
 * Asks the wallet to track an ERC-20 token (EIP-747 `wallet_watchAsset`; params is an object, not a list). A wallet
 * answers true when it added the token, false or 4001 when the user declined; one without the method (or failing)
 * cannot do it, and the page then shows the token's address instead.
 */
export async function requestWatchToken(provider: Eip1193Provider, token: WatchedToken): Promise<WatchOutcome> {
  try {
    const added: unknown = await provider.request({
      method: 'wallet_watchAsset',
      params: { type: 'ERC20', options: { address: token.address, symbol: token.symbol, decimals: token.decimals } },
    });
    return added === false ? 'declined' : 'added';
  } catch (error) {
    // The one reading of a wallet's refusal (EIP-1193 4001, ethers' ACTION_REJECTED).
    if (toAppError(error).kind === 'wallet-rejected') return 'declined';
    console.warn('the wallet cannot add the token', error);
    return 'unsupported';
  }
}
