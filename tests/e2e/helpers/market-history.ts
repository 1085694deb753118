import {
  Contract,
  Interface,
  JsonRpcProvider,
  Wallet,
  getAddress,
  id,
  parseEther,
  type ContractTransactionResponse,
  type HDNodeWallet,
  type InterfaceAbi,
  type TransactionReceipt,
} from 'ethers';
import { deployment, expect, stackInfo } from '../fixtures.ts';
import { ERC20_ABI, MARKETPLACE_ABI, NFT_COLLECTION_ABI, testUsdtAbi } from './abis.ts';
import type { CollectionKey } from './accounts-and-tokens.ts';
import { cmsWriteAsUser } from './cms-user.ts';
import { collectionByAddress, mined, nftIdOf } from './facts.ts';

/**
 * Trades made straight on the real chain by fresh accounts, and what the chain says about a collection's market,
 * computed here independently of the app (history-nft.spec.ts, dashboard.spec.ts): the screens must equal it.
 */

const market = new Interface(MARKETPLACE_ABI);
const TRANSFER = id('Transfer(address,address,uint256)');

export function historyChain() {
  const d = deployment();
  const provider = new JsonRpcProvider(stackInfo().rpcUrl, d.chainId, { staticNetwork: true, cacheTimeout: -1 });
  const collection = (key: CollectionKey) => {
    const found = d.collections.find((c) => c.key === key);
    if (!found) throw new Error(`no ${key} in the deployment`);
    return found;
  };
  const as = (signer: Wallet | HDNodeWallet) => {
    const send = async (address: string, abi: InterfaceAbi, method: string, ...args: unknown[]) => {
      const tx = (await new Contract(address, abi, signer).getFunction(method)(...args)) as ContractTransactionResponse;
      const receipt = await mined(provider, tx.hash);
      expect(receipt.status, `${method} mined`).toBe(1);
      return receipt;
    };
    return {
      address: signer.address,
      /** Mints `tokenId` of `contract` at its cost (paid in USDT); the mint's transaction hash. */
      mint: async (contract: string, tokenId: number) => {
        const cost = (await new Contract(contract, NFT_COLLECTION_ABI, provider).getFunction('cost')()) as bigint;
        await send(d.contracts.usdt, ERC20_ABI, 'approve', contract, cost);
        return { cost, receipt: await send(contract, NFT_COLLECTION_ABI, 'mint', tokenId, cost) };
      },
      /** Lists `tokenId` at `price` (USDT base units); the new item's id. */
      list: async (contract: string, tokenId: number, price: bigint) => {
        await send(contract, NFT_COLLECTION_ABI, 'approve', d.contracts.marketplace, tokenId);
        const receipt = await send(
          d.contracts.marketplace,
          MARKETPLACE_ABI,
          'createMarketItem',
          contract,
          tokenId,
          price,
        );
        const created = receipt.logs
          .map((log) => market.parseLog(log))
          .find((log) => log?.name === 'MarketItemCreated');
        if (!created) throw new Error('no MarketItemCreated in the listing');
        return created.args[0] as bigint;
      },
      buy: async (contract: string, itemId: bigint, price: bigint) => {
        await send(d.contracts.usdt, ERC20_ABI, 'approve', d.contracts.marketplace, price);
        return send(d.contracts.marketplace, MARKETPLACE_ABI, 'createMarketSale', contract, itemId, price);
      },
      release: (itemId: bigint) => send(d.contracts.marketplace, MARKETPLACE_ABI, 'releaseSale', itemId),
    };
  };
  return {
    d,
    provider,
    collection,
    /** A fresh account with 100 POL and the faucet's test USDT. */
    account: async () => {
      const signer = Wallet.createRandom(provider);
      await provider.send('anvil_setBalance', [signer.address, `0x${parseEther('100').toString(16)}`]);
      const tx = (await new Contract(d.contracts.usdt, testUsdtAbi(), signer).getFunction(
        'faucet',
      )()) as ContractTransactionResponse;
      await mined(provider, tx.hash);
      return as(signer);
    },
    figures: (contract: string) => chainFigures(provider, d, contract),
  };
}

const word = (address: string) => `0x${address.slice(2).toLowerCase().padStart(64, '0')}`;

/**
 * What the chain says about a collection's market, read here from raw logs and receipts (not with the app's code):
 * - listed: each token whose last transfer put it in the marketplace, priced by the newest item created for it;
 * - owners: each token's last receiver, or for a listed or staked token the account that sent it there;
 * - volume and the last sale: the USDT the receiver paid in each transaction that moved a token out of the
 *   marketplace (a release pays nothing, so it adds nothing).
 */
export async function chainFigures(provider: JsonRpcProvider, d: ReturnType<typeof deployment>, contract: string) {
  // ERC-721 Transfer: from, to and token id indexed (Approval has four topics too, under another hash).
  const transfers = (await provider.getLogs({ address: contract, fromBlock: 0, toBlock: 'latest' }))
    .filter((log) => log.topics.length === 4 && log.topics[0] === TRANSFER)
    .map((log) => ({
      log,
      parsed: { args: [`0x${log.topics[1]!.slice(26)}`, `0x${log.topics[2]!.slice(26)}`, BigInt(log.topics[3]!)] },
    }));
  const created = (await provider.getLogs({ address: d.contracts.marketplace, fromBlock: 0, toBlock: 'latest' }))
    .map((log) => market.parseLog(log))
    .filter((log) => log?.name === 'MarketItemCreated' && getAddress(log.args[1] as string) === getAddress(contract));
  const marketplace = getAddress(d.contracts.marketplace);
  const staking = getAddress(d.contracts.staking);
  const last = new Map<bigint, { from: string; to: string }>();
  for (const { parsed } of transfers)
    last.set(parsed.args[2] as bigint, {
      from: getAddress(parsed.args[0] as string),
      to: getAddress(parsed.args[1] as string),
    });
  const newestItem = new Map<bigint, bigint>();
  for (const log of created) newestItem.set(log!.args[2] as bigint, log!.args[5] as bigint);
  const listedPrices = [...last].filter(([, move]) => move.to === marketplace).map(([id]) => newestItem.get(id)!);
  const holders = new Set(
    [...last.values()].map((move) => (move.to === marketplace || move.to === staking ? move.from : move.to)),
  );
  const sales: bigint[] = [];
  for (const { log, parsed } of transfers) {
    if (getAddress(parsed.args[0] as string) !== marketplace) continue;
    const receipt = (await provider.getTransactionReceipt(log.transactionHash)) as TransactionReceipt;
    const buyer = word(parsed.args[1] as string);
    // ERC-20 Transfer: from and to indexed, the value in the data.
    const paid = receipt.logs
      .filter(
        (entry) =>
          getAddress(entry.address) === getAddress(d.contracts.usdt) &&
          entry.topics.length === 3 &&
          entry.topics[0] === TRANSFER &&
          entry.topics[1] === buyer,
      )
      .reduce((sum, entry) => sum + BigInt(entry.data), 0n);
    if (paid > 0n) sales.push(paid);
  }
  return {
    floor: listedPrices.length > 0 ? listedPrices.reduce((a, b) => (b < a ? b : a)) : null,
    listed: listedPrices.length,
    owners: holders.size,
    volume: sales.reduce((a, b) => a + b, 0n),
    lastSale: sales.at(-1) ?? null,
  };
}

/** A CMS NFT row for `tokenId` of a deployed collection, as any signed-in user may create one; its id. */
export async function cmsNftRow(
  jwt: string,
  key: CollectionKey,
  tokenId: number,
  fields: Record<string, unknown>,
): Promise<number> {
  const chain = deployment().collections.find((c) => c.key === key)!;
  const collectionId = (await collectionByAddress(chain.address)).id;
  await cmsWriteAsUser(jwt, 'POST', '/api/nft-v1s', {
    token_name: `${chain.name} #${tokenId}`,
    token_id: tokenId,
    views: 0,
    likes: 0,
    token_standard: 'ERC721',
    description: 'History test',
    collection: collectionId,
    publishedAt: new Date().toISOString(),
    ...fields,
  });
  return nftIdOf(collectionId, tokenId);
}
