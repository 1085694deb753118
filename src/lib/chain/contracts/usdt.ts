import type { ContractRunner, Signer } from 'ethers';
import type { Address } from '@/config/env';
import type { PreparedWrite } from '@/lib/chain/contract-call';
import { ERC20_ABI, approveErc20, getErc20Allowance, getErc20Balance } from '@/lib/chain/contracts/erc20';

/**
 * USDT, 6 decimals (deployed-system.md §C3 G1/G2). Only approve/allowance/balanceOf are used: the spenders are the
 * collection contracts (mint), the marketplace (buy) and the swap contract. `approve` is declared
 * with the PoS child token's bool return; the Tether-style ABI has the same selector.
 */
export const USDT_ABI = ERC20_ABI;

export function getUsdtAllowance(
  runner: ContractRunner,
  usdt: Address,
  owner: Address,
  spender: Address,
): Promise<bigint> {
  return getErc20Allowance(runner, usdt, owner, spender);
}

export function getUsdtBalance(runner: ContractRunner, usdt: Address, account: Address): Promise<bigint> {
  return getErc20Balance(runner, usdt, account);
}

export function approveUsdt(signer: Signer, usdt: Address, spender: Address, amount: bigint): PreparedWrite {
  return approveErc20(signer, usdt, spender, amount, 'USDT');
}
