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
    // The deployed token's name and symbol (deployed-system.md §C9.3); the UI's unit label stays "NAT".
    expect(await read(natura, 'name')).toBe('Natura Token');
    expect(await read(natura, 'symbol')).toBe('Natura');
    expect(await read(natura, 'totalSupply')).toBe(nat(100_000_000n));
    expect(await balance(natura, account(chain, 0).address)).toBe(nat(100_000_000n));
  });

  it('stores the dashboard values raw, in the units of contracts.md §4', async () => {
    const owner = account(chain, 0);
    await send(natura, owner, '_setGoldReserves', 1_250_000n);
    await send(natura, owner, '_setMiscReserves', 350_000n);
    await send(natura, owner, '_setBitcoinReserves', 12_500_000_000_000_000_000n);
    await send(natura, owner, '_setOtherNaturaReleased', nat(1_500_000n));
    await send(natura, owner, '_setNaturaCirculationPercentage', 300n);
    await send(natura, owner, '_setBtcUsdPrice', 6_000_012_345_678n);
    expect(await read(natura, '_getGoldReserves')).toBe(1_250_000n);
    expect(await read(natura, '_getMiscReserves')).toBe(350_000n);
    expect(await read(natura, '_getBitcoinReserves')).toBe(12_500_000_000_000_000_000n);
    expect(await read(natura, '_getOtherNaturaReleased')).toBe(nat(1_500_000n));
    expect(await read(natura, '_getNaturaCirculationPercentage')).toBe(300n);
    expect(await read(natura, 'getLatestPrice')).toBe(6_000_012_345_678n);
    // ⌊12.5 BTC⌋ × ⌊60,000.12345678 USD⌋
    expect(await read(natura, 'getBtcReserveValue')).toBe(12n * 60_000n);
  });

  it('getNaturaPrice follows §9.3 to the unit, and reverts when nothing circulates', async () => {
    const owner = account(chain, 0);
    const staking = await deploy(chain, 'TerraStaking', [await addr(natura)]);
    await send(natura, owner, 'setTerraStaking', await addr(staking));
    // Denominator 0: ⌊supply⌋ × 0 bps + 0 released + 0 claimed.
    await expect(read(natura, 'getNaturaPrice')).rejects.toThrow(/division or modulo by zero|Panic|reverted/i);
    await send(natura, owner, '_setGoldReserves', 1_250_000n);
    await send(natura, owner, '_setMiscReserves', 350_000n);
    await send(natura, owner, '_setBitcoinReserves', 12_500_000_000_000_000_000n);
    await send(natura, owner, '_setBtcUsdPrice', 6_000_012_345_678n);
    await send(natura, owner, '_setOtherNaturaReleased', nat(1_500_000n) + 999_999_999_999_999_999n);
    await send(natura, owner, '_setNaturaCirculationPercentage', 300n);
    // (0 + 1,250,000 + 12 × 60,000 + 350,000) × 10^6 ÷ (100,000,000 × 300 ÷ 10,000 + 1,500,000 + 0)
    // = 2,320,000,000,000 ÷ 4,500,000 = 515,555.55… → 515,555
    expect(await read(natura, 'getNaturaPrice')).toBe(515_555n);
    // An NFT staked adds its pool cost (whole USD) to the backing.
    const nft = await deploy(chain, 'TerraNFT', [await addr(usdtToken), 'http://x/', '', 0, '']);
    await send(nft, owner, 'setCost', 0n);
    await send(staking, owner, 'add', await addr(nft), 4_500_999_999n, 10n); // 4,500.999999 USDT
    await send(nft, owner, 'mint', 1, 0n);
    await send(nft, owner, 'approve', await addr(staking), 1);
    await send(staking, owner, 'stake', [0], [1]);
    // (2,320,000 + ⌊4,500.999999⌋) × 10^6 ÷ 4,500,000 = 516,555.77… → 516,555
    expect(await read(natura, 'getNaturaPrice')).toBe(516_555n);
  });

  it('transfer, transferFrom and decreaseAllowance revert with the OpenZeppelin 4.8 reason strings', async () => {
    const [a0, a1, a2] = [account(chain, 0), account(chain, 1), account(chain, 2)];
    await send(natura, a0, 'transfer', a1.address, nat(5n));
    await send(natura, a1, 'approve', a2.address, nat(4n));
    await expectRevert(
      send(natura, a2, 'transferFrom', a1.address, a2.address, nat(4n) + 1n),
      'ERC20: insufficient allowance',
    );
    await send(natura, a1, 'approve', a2.address, nat(6n));
    await expectRevert(
      send(natura, a2, 'transferFrom', a1.address, a2.address, nat(5n) + 1n),
      'ERC20: transfer amount exceeds balance',
    );
    await expectRevert(
      send(natura, a1, 'transfer', a2.address, nat(5n) + 1n),
      'ERC20: transfer amount exceeds balance',
    );
    await send(natura, a2, 'transferFrom', a1.address, a2.address, nat(5n));
    expect(await balance(natura, a2.address)).toBe(nat(5n));
    expect(await read(natura, 'allowance', a1.address, a2.address)).toBe(nat(1n));
  });

  it('setters are owner-only', async () => {
    const a1 = account(chain, 1);
    for (const fn of [
      '_setGoldReserves',
      '_setMiscReserves',
      '_setBitcoinReserves',
      '_setOtherNaturaReleased',
      '_setNaturaCirculationPercentage',
      '_setBtcUsdPrice',
    ]) {
      await expectRevert(send(natura, a1, fn, 1n), 'OwnableUnauthorizedAccount');
    }
    await expectRevert(send(natura, a1, 'setTerraStaking', a1.address), 'OwnableUnauthorizedAccount');
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
    await expectRevert(send(natura, a0, 'decreaseAllowance', a1.address, 1n), 'ERC20: decreased allowance below zero');
    expect(await addr(natura)).toMatch(/^0x/);
  });
});
