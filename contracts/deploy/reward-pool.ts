/**
 * The staking reward pool of a deployed local stack: the staking owner's Natura balance and its
 * allowance to the staking contract, which every claim and unstake pulls from (contracts.md §9.2).
 * For tests: drain it (claims and unstakes then revert as on mainnet) and refill it as the seed left it.
 */
import { Contract, JsonRpcProvider, Wallet, type TransactionResponse } from 'ethers';
import { REWARD_ALLOWANCE, type Deployment } from './deploy.ts';

const NATURA_ABI = [
  'function balanceOf(address) view returns (uint256)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'function approve(address spender, uint256 amount) returns (bool)',
  'function transfer(address to, uint256 amount) returns (bool)',
];

/** Anvil dev account #8 holds the owner's Natura while the balance is drained; the seed never uses it. */
const PARKING_ACCOUNT = 8;

export interface RewardPool {
  owner: string;
  balance: bigint;
  allowance: bigint;
}

function connect(rpcUrl: string, d: Deployment) {
  const provider = new JsonRpcProvider(rpcUrl, d.chainId, { staticNetwork: true, cacheTimeout: -1 });
  const natura = new Contract(d.contracts.natura, NATURA_ABI, provider);
  const staking = new Contract(d.contracts.staking, ['function owner() view returns (address)'], provider);
  const signerFor = (address: string): Wallet => {
    const account = d.accounts.find((a) => a.address.toLowerCase() === address.toLowerCase());
    if (!account) throw new Error(`no private key for ${address} in the deployment`);
    return new Wallet(account.privateKey, provider);
  };
  return { provider, natura, staking, signerFor };
}

/** Sends and polls the receipt (anvil mines at once; ethers' wait() can miss that block). */
async function confirm(provider: JsonRpcProvider, sent: Promise<TransactionResponse>): Promise<void> {
  const tx = await sent;
  const until = Date.now() + 30_000;
  for (;;) {
    const receipt = await provider.getTransactionReceipt(tx.hash);
    if (receipt) {
      if (receipt.status !== 1) throw new Error(`reward pool transaction ${tx.hash} reverted`);
      return;
    }
    if (Date.now() > until) throw new Error(`reward pool transaction ${tx.hash} was not mined`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function read(c: ReturnType<typeof connect>, d: Deployment): Promise<RewardPool> {
  const owner = (await c.staking.getFunction('owner')()) as string;
  const [balance, allowance] = (await Promise.all([
    c.natura.getFunction('balanceOf')(owner),
    c.natura.getFunction('allowance')(owner, d.contracts.staking),
  ])) as [bigint, bigint];
  return { owner, balance, allowance };
}

/** The staking owner, its Natura balance and its allowance to the staking contract. */
export async function getRewardPool(rpcUrl: string, d: Deployment): Promise<RewardPool> {
  const c = connect(rpcUrl, d);
  try {
    return await read(c, d);
  } finally {
    c.provider.destroy();
  }
}

/**
 * Empties the pool: `allowance` sets the owner's allowance to the staking contract to 0 (claims
 * revert "ERC20: insufficient allowance"); `balance` moves the owner's whole Natura balance to a
 * parking account (claims revert "ERC20: transfer amount exceeds balance").
 */
export async function drainRewardPool(
  rpcUrl: string,
  d: Deployment,
  what: 'allowance' | 'balance' = 'allowance',
): Promise<RewardPool> {
  const c = connect(rpcUrl, d);
  try {
    const pool = await read(c, d);
    const owner = c.natura.connect(c.signerFor(pool.owner)) as Contract;
    if (what === 'allowance') {
      await confirm(c.provider, owner.getFunction('approve')(d.contracts.staking, 0n) as Promise<TransactionResponse>);
    } else {
      const parking = d.accounts[PARKING_ACCOUNT]?.address;
      if (!parking) throw new Error(`the deployment has no dev account #${PARKING_ACCOUNT}`);
      await confirm(c.provider, owner.getFunction('transfer')(parking, pool.balance) as Promise<TransactionResponse>);
    }
    return await read(c, d);
  } finally {
    c.provider.destroy();
  }
}

/** Restores the pool: the parked balance goes back to the owner and the allowance is the seed's again. */
export async function refillRewardPool(rpcUrl: string, d: Deployment): Promise<RewardPool> {
  const c = connect(rpcUrl, d);
  try {
    const pool = await read(c, d);
    const parking = d.accounts[PARKING_ACCOUNT];
    if (parking) {
      const parked = (await c.natura.getFunction('balanceOf')(parking.address)) as bigint;
      if (parked > 0n) {
        const from = c.natura.connect(c.signerFor(parking.address)) as Contract;
        await confirm(c.provider, from.getFunction('transfer')(pool.owner, parked) as Promise<TransactionResponse>);
      }
    }
    const owner = c.natura.connect(c.signerFor(pool.owner)) as Contract;
    await confirm(
      c.provider,
      owner.getFunction('approve')(d.contracts.staking, REWARD_ALLOWANCE) as Promise<TransactionResponse>,
    );
    return await read(c, d);
  } finally {
    c.provider.destroy();
  }
}
