/**
 * TerraStaking + TerraStakingHelper for the fake chain (deployed-system.md §C3 C–D, §9.2): stake needs
 * the staking contract approved for the token and moves it in; claimRewards pays whole days ×
 * today's rate (`rewardsPerDay`, set by the test) and sets `vault.timestamp` to the claim's time;
 * _unstakeMany pays what is due and returns the token. Rewards are pulled from the owner's Natura
 * with transferFrom (OpenZeppelin 4.8 strings when short). The helper scans ids 1 … totalSupply.
 */
import { Interface } from 'ethers';
import OPENZEPPELIN_IERC20 from '@openzeppelin/contracts/build/contracts/IERC20.json';
import { STAKING_ABI } from '@/lib/chain/contracts/staking';
import { STAKING_HELPER_ABI } from '@/lib/chain/contracts/staking-helper';
import { FakeRevert, NATURA, type FakeChain, type FakeContract, type FakeLog } from './fake-chain';
import type { FakeNftCollection } from './fake-nft-collection';

// Natura's Transfer event: the standard ERC-20 one (OpenZeppelin's IERC20, Natura's base).
const erc20Events = new Interface(OPENZEPPELIN_IERC20.abi);

/** The Transfer log Natura emits for a payout. */
function naturaTransferLog(from: string, to: string, amount: bigint): FakeLog {
  const { topics, data } = erc20Events.encodeEventLog('Transfer', [from, to, amount]);
  return { address: NATURA, topics, data };
}

export const STAKING = '0x1000000000000000000000000000000000000004';
export const HELPER = '0x1000000000000000000000000000000000000005';
/** The four pool contracts of .env.test, pid = index. */
export const POOLS = [
  '0x2000000000000000000000000000000000000000',
  '0x2000000000000000000000000000000000000001',
  '0x2000000000000000000000000000000000000002',
  '0x2000000000000000000000000000000000000003',
] as const;
const DAY = 86_400n;
/** The staking owner, whose Natura pays the rewards. */
export const STAKING_OWNER = '0x1000000000000000000000000000000000000a11';

const staking = new Interface(STAKING_ABI);
const helper = new Interface(STAKING_HELPER_ABI);

interface Stake {
  owner: string;
  timestamp: bigint;
}

export class FakeStaking implements FakeContract {
  vault = new Map<string, Stake>();
  /** pid → owner → ids in staking order */
  staked = new Map<string, bigint[]>();
  rewardsPerDay: bigint[];
  /** poolInfo(pid).totalSupply: the helper scans ids 1 … this. */
  totalSupply: bigint[];
  /** Every call made to the staking contract's views, by method name. */
  viewCalls: string[] = [];
  /** A reason every write reverts with (a state change between the app's check and its send). */
  revertNext: string | null = null;
  /** Pools whose helper scan fails (a node's gas cap). */
  helperFails = new Set<number>();
  /** poolInfo(pid).cost, USDT base units (every pool 100 USDT unless a test sets one). */
  cost: bigint[] = [100_000_000n, 100_000_000n, 100_000_000n, 100_000_000n];

  constructor(
    readonly chain: FakeChain,
    readonly pools: readonly FakeNftCollection[],
    rewardsPerDay: readonly bigint[],
  ) {
    this.rewardsPerDay = [...rewardsPerDay];
    this.totalSupply = rewardsPerDay.map(() => 1000n);
  }

  /** Funds the owner's wallet and its allowance to the staking contract (the reward pool). */
  fundRewards(balance: bigint, allowance = balance) {
    this.chain.natura.fund(STAKING_OWNER, balance).approve(STAKING_OWNER, STAKING, allowance);
    return this;
  }

  private key(pid: bigint | number, tokenId: bigint) {
    return `${pid.toString()}:${tokenId.toString()}`;
  }
  private listKey(pid: bigint | number, owner: string) {
    return `${pid.toString()}:${owner.toLowerCase()}`;
  }
  idsOf(pid: number, owner: string): bigint[] {
    return this.staked.get(this.listKey(pid, owner)) ?? [];
  }

  /** Puts a token straight into the vault (set-up), staked `secondsAgo` before the chain's now. */
  seed(pid: number, tokenId: number | bigint, owner: string, secondsAgo = 0) {
    const id = BigInt(tokenId);
    const pool = this.pools[pid];
    if (!pool) throw new Error(`no pool ${pid}`);
    this.chain.setOwner(pool.address, id, STAKING);
    this.vault.set(this.key(pid, id), { owner, timestamp: BigInt(this.chain.timestamp - secondsAgo) });
    this.staked.set(this.listKey(pid, owner), [...this.idsOf(pid, owner), id]);
    return this;
  }

  private settle(from: string, pid: bigint, tokenId: bigint): bigint {
    const entry = this.vault.get(this.key(pid, tokenId));
    if (!entry) throw new FakeRevert('Staking: token is not staked');
    if (entry.owner.toLowerCase() !== from.toLowerCase()) throw new FakeRevert('Staking: caller is not the staker');
    const now = BigInt(this.chain.timestamp);
    const days = (now - entry.timestamp) / DAY;
    entry.timestamp = now;
    return days * (this.rewardsPerDay[Number(pid)] ?? 0n);
  }

  /** Pays from the owner's wallet, with the Transfer log Natura emits (the app reads the amount from it). */
  private payout(to: string, amount: bigint): FakeLog[] {
    if (amount === 0n) return [];
    this.chain.natura.pull(STAKING_OWNER, STAKING, amount, to);
    return [naturaTransferLog(STAKING_OWNER, to, amount)];
  }

  execute(from: string, data: string): FakeLog[] {
    if (this.revertNext) throw new FakeRevert(this.revertNext);
    const call = staking.parseTransaction({ data });
    const [pids, ids] = (call?.args ?? [[], []]) as unknown as [bigint[], bigint[]];
    if (pids.length !== ids.length) throw new FakeRevert('Staking: pids and tokenIds length mismatch');
    if (pids.length === 0) throw new FakeRevert('Staking: no tokens given');
    if (call?.name === 'stake') {
      pids.forEach((pid, index) => {
        const tokenId = ids[index]!;
        const pool = this.pools[Number(pid)];
        if (!pool) throw new FakeRevert('Staking: invalid pool');
        if (this.chain.ownerOf(pool.address, tokenId)?.toLowerCase() !== from.toLowerCase()) {
          throw new FakeRevert('Staking: caller is not the token owner');
        }
        if (!pool.isApproved(from, STAKING, tokenId)) {
          throw new FakeRevert('Staking: staking contract not approved for token');
        }
        pool.transfer(STAKING, from, STAKING, tokenId);
        this.vault.set(this.key(pid, tokenId), { owner: from, timestamp: BigInt(this.chain.timestamp) });
        this.staked.set(this.listKey(pid, from), [...this.idsOf(Number(pid), from), tokenId]);
      });
      return [];
    }
    if (call?.name === 'claimRewards') {
      const total = pids.reduce((sum, pid, index) => sum + this.settle(from, pid, ids[index]!), 0n);
      return this.payout(from, total);
    }
    if (call?.name === '_unstakeMany') {
      const total = pids.reduce((sum, pid, index) => sum + this.settle(from, pid, ids[index]!), 0n);
      const logs = this.payout(from, total);
      pids.forEach((pid, index) => {
        const tokenId = ids[index]!;
        this.vault.delete(this.key(pid, tokenId));
        this.staked.set(
          this.listKey(pid, from),
          this.idsOf(Number(pid), from).filter((id) => id !== tokenId),
        );
        this.chain.setOwner(this.pools[Number(pid)]!.address, tokenId, from);
      });
      return logs;
    }
    throw new FakeRevert(`unsupported staking call ${call?.name}`);
  }

  view(data: string): string {
    const call = staking.parseTransaction({ data });
    this.viewCalls.push(call?.name ?? 'unknown');
    if (call?.name === 'getRewardsPerDay') {
      const rate = this.rewardsPerDay[Number(call.args[0] as bigint)];
      if (rate === undefined) throw new FakeRevert('Staking: invalid pool');
      return staking.encodeFunctionResult('getRewardsPerDay', [rate]);
    }
    if (call?.name === 'owner') return staking.encodeFunctionResult('owner', [STAKING_OWNER]);
    if (call?.name === 'poolInfo') {
      const pid = Number(call.args[0] as bigint);
      const pool = this.pools[pid];
      if (!pool) throw new FakeRevert('');
      return staking.encodeFunctionResult('poolInfo', [
        pool.address,
        this.cost[pid] ?? 0n,
        this.totalSupply[pid] ?? 0n,
      ]);
    }
    if (call?.name === 'vault') {
      const [pid, tokenId] = call.args as unknown as [bigint, bigint];
      const entry = this.vault.get(this.key(pid, tokenId));
      return staking.encodeFunctionResult('vault', [
        entry ? tokenId : 0n,
        entry?.owner ?? '0x0000000000000000000000000000000000000000',
        Boolean(entry),
        entry?.timestamp ?? 0n,
      ]);
    }
    throw new FakeRevert(`unsupported staking view ${call?.name}`);
  }

  save() {
    return {
      vault: new Map([...this.vault].map(([k, v]) => [k, { ...v }])),
      staked: new Map([...this.staked].map(([k, v]) => [k, [...v]])),
    };
  }
  restore(saved: unknown) {
    Object.assign(this, saved);
  }

  /** The read-only helper, a contract of its own. */
  helper(): FakeContract {
    return {
      view: (data: string) => {
        const call = helper.parseTransaction({ data });
        if (call?.name !== 'getUserStakedTokens') throw new FakeRevert(`unsupported helper view ${call?.name}`);
        const [pid, account] = call.args as unknown as [bigint, string];
        if (this.helperFails.has(Number(pid))) throw new FakeRevert('');
        const supply = this.totalSupply[Number(pid)] ?? 0n;
        const ids = this.idsOf(Number(pid), account)
          .filter((id) => id >= 1n && id <= supply)
          .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        return helper.encodeFunctionResult('getUserStakedTokens', [ids]);
      },
      save: () => null,
      restore: () => undefined,
    };
  }
}
