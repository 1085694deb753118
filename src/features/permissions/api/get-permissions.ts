import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZeroAddress, type ContractRunner } from 'ethers';
import { getConfig, type Address, type AppConfig } from '@/config/env';
import { NATURA_DECIMALS, USDT_DECIMALS } from '@/config/tokens';
import { getErc20Allowance } from '@/lib/chain/contracts/erc20';
import {
  getApproved,
  getCollectionName,
  getWalletOfOwner,
  isApprovedForAll,
} from '@/lib/chain/contracts/nft-collection';
import { sameAddress } from '@/lib/format/address';
import { queryKeys } from '@/lib/query/keys';

/** A contract the account may have given something to, with the name the page shows. */
export interface Party {
  address: Address;
  /** 'marketplace' | 'swap' | 'staking' name an app contract; otherwise a collection's name. */
  role: 'marketplace' | 'swap' | 'staking' | 'collection' | 'other';
  name: string;
}

export type Permission =
  | {
      kind: 'allowance';
      token: Address;
      tokenName: 'USDT' | 'Natura';
      decimals: number;
      spender: Party;
      amount: bigint;
    }
  | { kind: 'operator'; collection: Party; operator: Party }
  | { kind: 'token'; collection: Party; tokenId: bigint; approved: Party };

export const permissionKey = (permission: Permission): string =>
  permission.kind === 'allowance'
    ? `allowance:${permission.token}:${permission.spender.address}`.toLowerCase()
    : permission.kind === 'operator'
      ? `operator:${permission.collection.address}:${permission.operator.address}`.toLowerCase()
      : `token:${permission.collection.address}:${permission.tokenId}`.toLowerCase();

/** Null for a call that reverts (a contract without that function); node failures still throw. */
async function orNullOnRevert<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'CALL_EXCEPTION' || code === 'BAD_DATA') return null;
    throw error;
  }
}

/**
 * Everything `account` has allowed the app's contracts to take, so that it can be revoked: USDT and Natura
 * allowances to the marketplace, swap, staking and every trusted collection; operator approvals
 * (`isApprovedForAll`) of every trusted collection to the marketplace and staking; and each of the
 * account's tokens in those collections that has a single-token approval.
 *
 * Two rounds of reads, each issued in one tick so that the JSON-RPC provider sends it as one batch
 * (up to its 100 calls per request): 1) allowances, operator approvals, collection names and each
 * collection's `walletOfOwner`; 2) `getApproved` of every token found. So the page costs two
 * requests to the node however many NFTs the account holds (a wallet with more than ~100 tokens
 * spreads round 2 over one request per 100 tokens).
 */
export async function getPermissions(
  runner: ContractRunner,
  account: Address,
  config: AppConfig,
): Promise<Permission[]> {
  const { usdt, natura, marketplace, swap, staking } = config.addresses;
  const collections = config.trustedCollections;
  const apps: Party[] = [
    { address: marketplace, role: 'marketplace', name: 'Marketplace' },
    { address: swap, role: 'swap', name: 'Swap' },
    { address: staking, role: 'staking', name: 'Staking' },
  ];
  const operators = apps.filter((party) => party.role !== 'swap');
  const tokens = [
    { token: usdt, tokenName: 'USDT' as const, decimals: USDT_DECIMALS },
    { token: natura, tokenName: 'Natura' as const, decimals: NATURA_DECIMALS },
  ];

  // Round 1.
  const names = Promise.all(collections.map((collection) => orNullOnRevert(getCollectionName(runner, collection))));
  const wallets = Promise.all(
    collections.map((collection) => orNullOnRevert(getWalletOfOwner(runner, collection, account))),
  );
  const operatorFlags = Promise.all(
    collections.flatMap((collection) =>
      operators.map((operator) => orNullOnRevert(isApprovedForAll(runner, collection, account, operator.address))),
    ),
  );
  const collectionParties = (resolved: (string | null)[]): Party[] =>
    collections.map((address, index) => ({ address, role: 'collection', name: resolved[index] ?? address }));
  const spenderAddresses = [...apps.map((party) => party.address), ...collections];
  const allowances = Promise.all(
    tokens.flatMap(({ token }) =>
      spenderAddresses.map((spender) => getErc20Allowance(runner, token, account, spender)),
    ),
  );
  const [nameList, walletList, flagList, amountList] = await Promise.all([names, wallets, operatorFlags, allowances]);
  const collectionList = collectionParties(nameList);
  const spenders = [...apps, ...collectionList];
  const known = [...apps, ...collectionList];
  const partyOf = (address: Address): Party =>
    known.find((party) => sameAddress(party.address, address)) ?? { address, role: 'other', name: address };

  const permissions: Permission[] = [];
  tokens.forEach((token, tokenIndex) => {
    spenders.forEach((spender, spenderIndex) => {
      const amount = amountList[tokenIndex * spenders.length + spenderIndex] ?? 0n;
      if (amount > 0n) permissions.push({ kind: 'allowance', ...token, spender, amount });
    });
  });
  collectionList.forEach((collection, collectionIndex) => {
    operators.forEach((operator, operatorIndex) => {
      if (flagList[collectionIndex * operators.length + operatorIndex]) {
        permissions.push({ kind: 'operator', collection, operator });
      }
    });
  });

  // Round 2.
  const held = collectionList.flatMap((collection, index) =>
    (walletList[index] ?? []).map((tokenId) => ({ collection, tokenId })),
  );
  const approvedList = await Promise.all(
    held.map(({ collection, tokenId }) => orNullOnRevert(getApproved(runner, collection.address, tokenId))),
  );
  held.forEach(({ collection, tokenId }, index) => {
    const approved = approvedList[index];
    if (approved && approved !== ZeroAddress && !sameAddress(approved, ZeroAddress)) {
      permissions.push({ kind: 'token', collection, tokenId, approved: partyOf(approved) });
    }
  });
  return permissions;
}

function permissionsQueryOptions(account: Address | null) {
  return queryOptions({
    queryKey: queryKeys.chain.permissions(account ?? ''),
    queryFn: async () => {
      if (!account) throw new Error('The permissions are read for an account.');
      const { getReadProvider } = await import('@/lib/chain/provider');
      return getPermissions(getReadProvider(), account, getConfig());
    },
    enabled: Boolean(account),
    // Read afresh on every visit: an approval given by another screen a moment ago must show.
    staleTime: 0,
  });
}

export function usePermissions(account: Address | null) {
  return useQuery(permissionsQueryOptions(account));
}
