import type { Eip1193Provider } from 'ethers';
import { describe, expect, it, vi } from 'vitest';
import { requestWatchToken } from '@/features/wallet/api/watch-asset';

const NATURA = { address: '0x011b00704cC46819e9C6f356Cb3759C230d2bcf4', symbol: 'Natura', decimals: 18 } as const;

const wallet = (answer: () => Promise<unknown>) => {
  const request = vi.fn<Eip1193Provider['request']>(answer);
  return { provider: { request } satisfies Eip1193Provider, request };
};

/** "Add Natura to my wallet" (EIP-747): what the wallet is asked, and what its answers mean. */
describe('requestWatchToken', () => {
  it('asks wallet_watchAsset with an object of type ERC20 and the address, symbol and decimals; true is added', async () => {
    const { provider, request } = wallet(() => Promise.resolve(true));
    await expect(requestWatchToken(provider, NATURA)).resolves.toBe('added');
    expect(request).toHaveBeenCalledWith({
      method: 'wallet_watchAsset',
      params: { type: 'ERC20', options: { address: NATURA.address, symbol: 'Natura', decimals: 18 } },
    });
  });

  it('false or a 4001 rejection is declined', async () => {
    await expect(requestWatchToken(wallet(() => Promise.resolve(false)).provider, NATURA)).resolves.toBe('declined');
    const rejected = Object.assign(new Error('User rejected the request.'), { code: 4001 });
    await expect(requestWatchToken(wallet(() => Promise.reject(rejected)).provider, NATURA)).resolves.toBe('declined');
  });

  it('a wallet without the method (or failing) cannot do it', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const missing = Object.assign(new Error('The method "wallet_watchAsset" does not exist'), { code: -32601 });
    await expect(requestWatchToken(wallet(() => Promise.reject(missing)).provider, NATURA)).resolves.toBe(
      'unsupported',
    );
  });
});
