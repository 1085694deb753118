import { Contract, JsonRpcProvider, Wallet, type ContractTransactionResponse, type InterfaceAbi } from 'ethers';
import { deployment, expect, stackInfo } from '../fixtures.ts';
import { MARKETPLACE_ABI, NFT_COLLECTION_ABI, testUsdtAbi } from './abis.ts';
import { mined } from './facts.ts';

/**
 * Marketplace money on the real stack (deployed-system.md §C5.2–§C5.4, §C9.1): desert-bloom tokens minted by dev
 * accounts straight on chain, their marketplace items, USDT balances and the royalty the collection declares.
 */

interface MarketItem {
  itemId: bigint;
  nftContract: string;
  tokenId: bigint;
  seller: string;
}

export function desertMarket() {
  const d = deployment();
  const provider = new JsonRpcProvider(stackInfo().rpcUrl, d.chainId, { staticNetwork: true, cacheTimeout: -1 });
  const desert = d.collections.find((c) => c.key === 'desert-bloom');
  if (!desert) throw new Error('no desert-bloom in the deployment');
  const account = (index: number) => {
    const found = d.accounts[index];
    if (!found) throw new Error(`no dev account #${index}`);
    return found;
  };
  const send = async (key: string, address: string, abi: InterfaceAbi, method: string, ...args: unknown[]) => {
    const contract = new Contract(address, abi, new Wallet(key, provider));
    const tx = (await contract.getFunction(method)(...args)) as ContractTransactionResponse;
    const receipt = await mined(provider, tx.hash);
    expect(receipt.status, `${method} mined`).toBe(1);
  };
  const usdt = new Contract(d.contracts.usdt, testUsdtAbi(), provider);
  const market = new Contract(d.contracts.marketplace, MARKETPLACE_ABI, provider);
  return {
    d,
    provider,
    desert,
    account,
    usdtOf: async (address: string) => (await usdt.getFunction('balanceOf')(address)) as bigint,
    royaltyInfo: async (tokenId: number, price: bigint) => {
      const nft = new Contract(desert.address, NFT_COLLECTION_ABI, provider);
      const [receiver, amount] = (await nft.getFunction('royaltyInfo')(tokenId, price)) as [string, bigint];
      return { receiver, amount };
    },
    /** The account takes 10,000 test USDT from the faucet and mints `tokenId` of desert-bloom at its cost. */
    mintDesert: async (index: number, tokenId: number) => {
      const { privateKey } = account(index);
      const nft = new Contract(desert.address, NFT_COLLECTION_ABI, provider);
      const cost = (await nft.getFunction('cost')()) as bigint;
      await send(privateKey, d.contracts.usdt, testUsdtAbi(), 'faucet');
      await send(privateKey, d.contracts.usdt, testUsdtAbi(), 'approve', desert.address, cost);
      await send(privateKey, desert.address, NFT_COLLECTION_ABI, 'mint', tokenId, cost);
    },
    faucet: (index: number) => send(account(index).privateKey, d.contracts.usdt, testUsdtAbi(), 'faucet'),
    itemOf: async (tokenId: number): Promise<MarketItem | null> => {
      const items = (await market.getFunction('fetchMarketItems')()) as MarketItem[];
      return (
        items.find(
          (item) => item.nftContract.toLowerCase() === desert.address.toLowerCase() && item.tokenId === BigInt(tokenId),
        ) ?? null
      );
    },
    release: (index: number, itemId: bigint) =>
      send(account(index).privateKey, d.contracts.marketplace, MARKETPLACE_ABI, 'releaseSale', itemId),
  };
}

/** "26.505 USDT" → 26505000n (the dialog shows every decimal). */
export function usdtBase(text: string | null): bigint {
  const match = /^(\d+)(?:\.(\d{1,6}))? USDT$/.exec(text ?? '');
  if (!match) throw new Error(`not a USDT amount: ${text}`);
  return BigInt(match[1]!) * 1_000_000n + BigInt((match[2] ?? '').padEnd(6, '0'));
}
