import {
  Contract,
  JsonRpcProvider,
  Wallet,
  id,
  zeroPadValue,
  parseEther,
  parseUnits,
  type ContractTransactionResponse,
  type HDNodeWallet,
  type InterfaceAbi,
  type TransactionReceipt,
} from 'ethers';
import { deployment, expect, stackInfo } from '../fixtures.ts';
import {
  ERC20_ABI,
  MARKETPLACE_ABI,
  NFT_COLLECTION_ABI,
  STAKING_ABI,
  SWAP_ABI,
  artifactAbi,
  testUsdtAbi,
} from './abis.ts';
import { shown } from './amounts.ts';
import { reserved } from './accounts-and-tokens.ts';
import { mined } from './facts.ts';

/**
 * What history-activity.spec.ts does on the chain before it looks at a page: fresh accounts (100 POL, the faucet's
 * USDT, Natura from the default test wallet), swap orders made and filled, NFTs minted, listed, released, staked,
 * claimed and unstaked — straight on anvil, as another front end would — and the chain's clock moved forward.
 */

const SOURCE = reserved('history-activity.spec.ts').accounts.naturaSource;

export function historyChain() {
  const d = deployment();
  const provider = new JsonRpcProvider(stackInfo().rpcUrl, d.chainId, { staticNetwork: true, cacheTimeout: -1 });
  const swapContract = new Contract(d.contracts.swap, SWAP_ABI, provider);
  const natura = new Contract(d.contracts.natura, ERC20_ABI, provider);

  const as = (signer: Wallet | HDNodeWallet) => ({
    signer,
    address: signer.address,
    privateKey: signer.privateKey,
    send: async (to: string, abi: InterfaceAbi, method: string, ...args: unknown[]): Promise<TransactionReceipt> => {
      const tx = (await new Contract(to, abi, signer).getFunction(method)(...args)) as ContractTransactionResponse;
      const receipt = await mined(provider, tx.hash);
      expect(receipt.status, `${method} mined`).toBe(1);
      return receipt;
    },
  });
  type Actor = ReturnType<typeof as>;

  const blockTime = async (receipt: TransactionReceipt) => (await provider.getBlock(receipt.blockNumber))!.timestamp;
  const collection = (key: string) => {
    const found = d.collections.find((c) => c.key === key);
    if (!found) throw new Error(`no ${key} in the deployment`);
    return found;
  };

  return {
    d,
    provider,
    collection,
    blockTime,
    /** A fresh account with 100 POL, the faucet's USDT and `naturaAmount` Natura. */
    account: async (naturaAmount = '0'): Promise<Actor> => {
      const actor = as(Wallet.createRandom(provider));
      await provider.send('anvil_setBalance', [actor.address, `0x${parseEther('100').toString(16)}`]);
      await actor.send(d.contracts.usdt, testUsdtAbi(), 'faucet');
      if (naturaAmount !== '0') {
        const source = as(new Wallet(d.accounts[SOURCE.index]!.privateKey, provider));
        await source.send(
          d.contracts.natura,
          artifactAbi('Natura'),
          'transfer',
          actor.address,
          parseUnits(naturaAmount, 18),
        );
      }
      return actor;
    },
    /** The chain's clock moves `seconds` ahead and a block is mined (no waiting). */
    travel: async (seconds: number) => {
      await provider.send('evm_increaseTime', [seconds]);
      await provider.send('evm_mine', []);
    },
    /** Natura the transaction moved to `address` (its Natura `Transfer` logs). */
    naturaPaid: (receipt: TransactionReceipt, address: string) =>
      receipt.logs
        .filter(
          (log) =>
            log.address.toLowerCase() === d.contracts.natura.toLowerCase() &&
            log.topics[0] === id('Transfer(address,address,uint256)') &&
            log.topics[2]?.toLowerCase() === zeroPadValue(address, 32).toLowerCase(),
        )
        .reduce((sum, log) => sum + BigInt(log.data), 0n),
    naturaOf: async (address: string) => (await natura.getFunction('balanceOf')(address)) as bigint,
    /** Maker creates an order, taker fills it; returns the order id and the fill's receipt. */
    trade: async (
      maker: Actor,
      taker: Actor,
      order: { token: 'natura' | 'usdt'; amount: string; price: string; orderType: 'sell' | 'buy' },
    ) => {
      const aIsNatura = order.token === 'natura';
      const tokenA = aIsNatura ? d.contracts.natura : d.contracts.usdt;
      const tokenB = aIsNatura ? d.contracts.usdt : d.contracts.natura;
      const amountA = parseUnits(order.amount, aIsNatura ? 18 : 6);
      const price = parseUnits(order.price, aIsNatura ? 6 : 18);
      const id = ((await swapContract.getFunction('getOrders')()) as unknown[]).length;
      await maker.send(tokenA, ERC20_ABI, 'approve', d.contracts.swap, amountA);
      await maker.send(d.contracts.swap, SWAP_ABI, 'createOrder', tokenA, amountA, price, order.orderType);
      const pays = price * (amountA / 10n ** (aIsNatura ? 18n : 6n));
      await taker.send(tokenB, ERC20_ABI, 'approve', d.contracts.swap, pays);
      return { id, fill: await taker.send(d.contracts.swap, SWAP_ABI, 'swap', id) };
    },
    /** The account mints `tokenId` of the collection at its cost. */
    mint: async (actor: Actor, key: string, tokenId: number) => {
      const address = collection(key).address;
      const cost = (await new Contract(address, NFT_COLLECTION_ABI, provider).getFunction('cost')()) as bigint;
      await actor.send(d.contracts.usdt, ERC20_ABI, 'approve', address, cost);
      return actor.send(address, NFT_COLLECTION_ABI, 'mint', tokenId, cost);
    },
    /** Lists the token at `price` USDT, then releases it; returns both receipts. */
    listAndRelease: async (actor: Actor, key: string, tokenId: number, price: string) => {
      const address = collection(key).address;
      await actor.send(address, NFT_COLLECTION_ABI, 'approve', d.contracts.marketplace, tokenId);
      const listed = await actor.send(
        d.contracts.marketplace,
        MARKETPLACE_ABI,
        'createMarketItem',
        address,
        tokenId,
        parseUnits(price, 6),
      );
      const market = new Contract(d.contracts.marketplace, MARKETPLACE_ABI, provider);
      const items = (await market.getFunction('fetchMarketItems')()) as {
        itemId: bigint;
        tokenId: bigint;
        nftContract: string;
      }[];
      const item = items.find(
        (i) => i.tokenId === BigInt(tokenId) && i.nftContract.toLowerCase() === address.toLowerCase(),
      );
      if (!item) throw new Error(`${key} #${tokenId} is not listed`);
      const released = await actor.send(d.contracts.marketplace, MARKETPLACE_ABI, 'releaseSale', item.itemId);
      return { listed, released };
    },
    stake: async (actor: Actor, key: string, tokenId: number) => {
      const pool = collection(key);
      await actor.send(pool.address, NFT_COLLECTION_ABI, 'approve', d.contracts.staking, tokenId);
      return actor.send(d.contracts.staking, STAKING_ABI, 'stake', [pool.pid], [tokenId]);
    },
    claim: (actor: Actor, key: string, tokenId: number) =>
      actor.send(d.contracts.staking, STAKING_ABI, 'claimRewards', [collection(key).pid], [tokenId]),
    unstake: (actor: Actor, key: string, tokenId: number) =>
      actor.send(d.contracts.staking, STAKING_ABI, '_unstakeMany', [collection(key).pid], [tokenId]),
    /** Every fill the swap contract has logged (its `SwapSuccess` events). */
    fillCount: async () =>
      (
        await provider.getLogs({
          address: d.contracts.swap,
          topics: [id('SwapSuccess(address,address,uint256,uint256)')],
          fromBlock: 0,
          toBlock: 'latest',
        })
      ).length,
  };
}

/** The ISO form the app writes in `<time dateTime>` for a block time. */
export const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

/** Natura wei as the app shows it: 2 decimals, rounded half-up. */
export const natura2 = (wei: bigint) => shown(wei, 18, 'reward');
