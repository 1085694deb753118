import { Interface, type ContractRunner, type Signer } from 'ethers';
import type { Address } from '@/config/env';
import { prepareWrite, readContract, type PreparedWrite } from '@/lib/chain/contract-call';

/**
 * The ERC-20 calls both payment tokens (USDT §3 G1/G2, Natura §3 F) share with identical
 * selectors. The swap flows use them for whichever token an order holds.
 */
export const ERC20_ABI = [
  'function approve(address spender, uint256 amount) returns (bool)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'function balanceOf(address account) view returns (uint256)',
] as const;

const erc20Interface = new Interface(ERC20_ABI);

export async function getErc20Allowance(
  runner: ContractRunner,
  token: Address,
  owner: Address,
  spender: Address,
): Promise<bigint> {
  return (await readContract(runner, token, erc20Interface, 'allowance', [owner, spender])) as bigint;
}

export async function getErc20Balance(runner: ContractRunner, token: Address, account: Address): Promise<bigint> {
  return (await readContract(runner, token, erc20Interface, 'balanceOf', [account])) as bigint;
}

/** Sets (replaces) the allowance of `spender` to `amount` base units. */
export function approveErc20(
  signer: Signer,
  token: Address,
  spender: Address,
  amount: bigint,
  tokenName = 'ERC20',
): PreparedWrite {
  return prepareWrite(signer, token, erc20Interface, tokenName, 'approve', [spender, amount], 'approve');
}
