import type { Eip1193Provider } from 'ethers';
import type { AppConfig } from '@/config/env';
import { NATIVE_DECIMALS } from '@/config/tokens';

function errorCode(error: unknown): number | undefined {
  const candidate = error as { code?: unknown; data?: { originalError?: { code?: unknown } } } | null;
  const code = candidate?.code ?? candidate?.data?.originalError?.code;
  return typeof code === 'number' ? code : undefined;
}

const toHex = (chainId: number) => `0x${chainId.toString(16)}`;

/**
 * Asks the wallet to move to the configured chain. A wallet that does not know the chain
 * (error 4902) is given it with wallet_addEthereumChain, then asked again. Failures are only
 * logged (deployed-system.md §P8) and leave the UI usable; the result says whether the wallet is on the chain.
 */
export async function ensureConfiguredChain(provider: Eip1193Provider, config: AppConfig): Promise<boolean> {
  const current = Number(await provider.request({ method: 'eth_chainId' }));
  if (current === config.chainId) return true;
  const chainId = toHex(config.chainId);
  try {
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] });
    return true;
  } catch (error) {
    if (errorCode(error) !== 4902) {
      console.warn('cannot switch network', error);
      return false;
    }
    console.warn(`${config.chainName} must be added to the wallet (4902); adding it`);
  }
  try {
    await provider.request({
      method: 'wallet_addEthereumChain',
      params: [
        {
          chainId,
          chainName: config.chainName,
          nativeCurrency: { name: config.nativeCurrency, symbol: config.nativeCurrency, decimals: NATIVE_DECIMALS },
          rpcUrls: config.rpcUrls,
          // A chain without an explorer (the local stack) is added without one.
          ...(config.explorerUrl ? { blockExplorerUrls: [config.explorerUrl.replace(/\/$/, '')] } : {}),
        },
      ],
    });
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] });
    return true;
  } catch (error) {
    console.warn('cannot switch network', error);
    return false;
  }
}
