import type { Eip1193Provider } from 'ethers';
import type { WatchedToken, WatchOutcome } from '@/lib/tx/chain-session';

/** The user declined in the wallet (EIP-1193 4001). */
const USER_REJECTED = 4001;

function errorCode(error: unknown): number | undefined {
  const candidate = error as { code?: unknown; data?: { originalError?: { code?: unknown } } } | null;
  const code = candidate?.code ?? candidate?.data?.originalError?.code;
  return typeof code === 'number' ? code : undefined;
}

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
    if (errorCode(error) === USER_REJECTED) return 'declined';
    console.warn('the wallet cannot add the token', error);
    return 'unsupported';
  }
}
