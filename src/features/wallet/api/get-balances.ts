import { useQuery } from '@tanstack/react-query';
import { getConfig, type Address } from '@/config/env';
import { queryKeys } from '@/lib/query/keys';

/** What the My Wallet menu shows: base units of USDT (6 decimals), Natura (18) and the native coin, POL (18). */
export interface WalletBalances {
  usdt: bigint;
  natura: bigint;
  native: bigint;
}

async function getWalletBalances(account: Address): Promise<WalletBalances> {
  // The menu is its own chunk: ethers is loaded with it, not with the first page.
  const [{ getReadProvider }, { getErc20Balance }] = await Promise.all([
    import('@/lib/chain/provider'),
    import('@/lib/chain/contracts/erc20'),
  ]);
  const provider = getReadProvider();
  const { addresses } = getConfig();
  const [usdt, natura, native] = await Promise.all([
    getErc20Balance(provider, addresses.usdt, account),
    getErc20Balance(provider, addresses.natura, account),
    provider.getBalance(account),
  ]);
  return { usdt, natura, native };
}

/** Read afresh each time the menu opens: a purchase a moment ago must show. */
export function useWalletBalances(account: Address) {
  return useQuery({
    queryKey: queryKeys.chain.walletBalances(account),
    queryFn: () => getWalletBalances(account),
    staleTime: 0,
  });
}
