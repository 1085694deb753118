/** TestUSDT (6 decimals, faucet, owner mint) and Natura (18 decimals, dashboard reserve storage). */
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import type { Contract } from 'ethers';
import {
  account,
  addr,
  balance,
  deploy,
  expectRevert,
  nat,
  read,
  revert,
  send,
  snapshot,
  startChain,
  usdt,
  type Chain,
} from './helpers.ts';

let chain: Chain;
let usdtToken: Contract;
let natura: Contract;
let snap: string;

beforeAll(async () => {
  chain = await startChain();
  usdtToken = await deploy(chain, 'TestUSDT', []);
  natura = await deploy(chain, 'Natura', []);
});
afterAll(async () => chain.stop());
beforeEach(async () => {
  snap = await snapshot(chain);
});
afterEach(async () => revert(chain, snap));

describe('TestUSDT', () => {
  it('has 6 decimals, name and symbol', async () => {
    expect(await read(usdtToken, 'decimals')).toBe(6n);
    expect(await read(usdtToken, 'symbol')).toBe('USDT');
    expect(await read(usdtToken, 'name')).toBe('Tether USD');
    expect(await read(usdtToken, 'totalSupply')).toBe(0n);
  });

  it('faucet gives exactly 10,000 USDT to the caller, repeatedly', async () => {
    const a1 = account(chain, 1);
    await send(usdtToken, a1, 'faucet');
    await send(usdtToken, a1, 'faucet');
    expect(await balance(usdtToken, a1.address)).toBe(usdt(20_000n));
  });

  it('mint is owner-only', async () => {
    const a1 = account(chain, 1);
    await send(usdtToken, account(chain, 0), 'mint', a1.address, 123_456n);
    expect(await balance(usdtToken, a1.address)).toBe(123_456n);
    await expectRevert(send(usdtToken, a1, 'mint', a1.address, 1n), 'OwnableUnauthorizedAccount');
  });

  it('approve returns true and transferFrom respects the allowance, with OpenZeppelin 4.8 reason strings', async () => {
    const [owner, a1, a2] = [account(chain, 0), account(chain, 1), account(chain, 2)];
    await send(usdtToken, owner, 'mint', a1.address, usdt(10n));
    expect(await (usdtToken.connect(a1) as Contract).getFunction('approve').staticCall(a2.address, 5n)).toBe(true);
    await send(usdtToken, a1, 'approve', a2.address, usdt(4n));
    await expectRevert(
      send(usdtToken, a2, 'transferFrom', a1.address, a2.address, usdt(5n)),
      'ERC20: insufficient allowance',
    );
    await send(usdtToken, a2, 'transferFrom', a1.address, a2.address, usdt(4n));
    expect(await balance(usdtToken, a2.address)).toBe(usdt(4n));
    await send(usdtToken, a1, 'approve', a2.address, usdt(100n));
    await expectRevert(
      send(usdtToken, a2, 'transferFrom', a1.address, a2.address, usdt(7n)),
      'ERC20: transfer amount exceeds balance',
    );
    await expectRevert(send(usdtToken, a1, 'transfer', a2.address, usdt(7n)), 'ERC20: transfer amount exceeds balance');
  });

  it('approve replaces a larger allowance directly (no approve(0) first, like the PoS child token)', async () => {
    const [a1, a2] = [account(chain, 1), account(chain, 2)];
    await send(usdtToken, a1, 'approve', a2.address, usdt(500n));
    await send(usdtToken, a1, 'approve', a2.address, usdt(120n));
    expect(await read(usdtToken, 'allowance', a1.address, a2.address)).toBe(usdt(120n));
  });
});

describe('Natura', () => {
  it('has 18 decimals and mints 100,000,000 NAT to the deployer', async () => {
    expect(await read(natura, 'decimals')).toBe(18n);
    expect(await read(natura, 'symbol')).toBe('NAT');
    expect(await read(natura, 'totalSupply')).toBe(nat(100_000_000n));
    expect(await balance(natura, account(chain, 0).address)).toBe(nat(100_000_000n));
  });

  it('stores the dashboard values raw, in the units of contracts.md §4', async () => {
    const owner = account(chain, 0);
    await send(natura, owner, '_setNaturaPrice', 1_250_000n);
    await send(natura, owner, '_setGoldReserves', 1_250_000n);
    await send(natura, owner, '_setMiscReserves', 350_000n);
    await send(natura, owner, '_setBitcoinReserves', 12_500_000_000_000_000_000n);
    await send(natura, owner, '_setOtherNaturaReleased', nat(1_500_000n));
    await send(natura, owner, '_setNaturaCirculationPercentage', 35n);
    expect(await read(natura, 'getNaturaPrice')).toBe(1_250_000n);
    expect(await read(natura, '_getGoldReserves')).toBe(1_250_000n);
    expect(await read(natura, '_getMiscReserves')).toBe(350_000n);
    expect(await read(natura, '_getBitcoinReserves')).toBe(12_500_000_000_000_000_000n);
    expect(await read(natura, '_getOtherNaturaReleased')).toBe(nat(1_500_000n));
    expect(await read(natura, '_getNaturaCirculationPercentage')).toBe(35n);
  });

  it('setters are owner-only', async () => {
    const a1 = account(chain, 1);
    for (const fn of [
      '_setNaturaPrice',
      '_setGoldReserves',
      '_setMiscReserves',
      '_setBitcoinReserves',
      '_setOtherNaturaReleased',
    ]) {
      await expectRevert(send(natura, a1, fn, 1n), 'OwnableUnauthorizedAccount');
    }
    await expectRevert(send(natura, a1, 'setTerraStaking', a1.address), 'OwnableUnauthorizedAccount');
    await expectRevert(
      send(natura, account(chain, 0), '_setNaturaCirculationPercentage', 101n),
      'Natura: percentage above 100',
    );
  });

  it('records the staking contract and counts burned Natura at the dead address', async () => {
    const owner = account(chain, 0);
    const staking = account(chain, 5).address;
    await send(natura, owner, 'setTerraStaking', staking);
    expect(await read(natura, 'stakingContract')).toBe(staking);
    const dead = await read<string>(natura, 'deadAddress');
    expect(dead.toLowerCase()).toBe('0x000000000000000000000000000000000000dead');
    await send(natura, owner, 'transfer', dead, nat(7n));
    expect(await balance(natura, dead)).toBe(nat(7n));
  });

  it('increaseAllowance / decreaseAllowance', async () => {
    const [a0, a1] = [account(chain, 0), account(chain, 1)];
    await send(natura, a0, 'increaseAllowance', a1.address, 10n);
    await send(natura, a0, 'increaseAllowance', a1.address, 5n);
    expect(await read(natura, 'allowance', a0.address, a1.address)).toBe(15n);
    await send(natura, a0, 'decreaseAllowance', a1.address, 15n);
    expect(await read(natura, 'allowance', a0.address, a1.address)).toBe(0n);
    await expectRevert(send(natura, a0, 'decreaseAllowance', a1.address, 1n), 'Natura: decreased allowance below zero');
    expect(await addr(natura)).toMatch(/^0x/);
  });
});
