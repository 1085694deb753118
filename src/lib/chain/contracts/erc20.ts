import type { ContractRunner, Signer } from 'ethers';
import type { Address } from '@/config/env';
import type { PreparedWrite } from '@/lib/chain/contract-call';
import { typedContract, uint } from '@/lib/chain/contracts/typed-contract';

/**
 * The ERC-20 calls both payment tokens (USDT deployed-system.md §C3 G1/G2, Natura §C3 F) share with identical
 * selectors. The swap flows use them for whichever token an order holds.
 */
export const ERC20_ABI = [
  'function approve(address spender, uint256 amount) returns (bool)',
  'function allowance(address owner, address spender) view returns (uint256)',
  'function balanceOf(address account) view returns (uint256)',
] as const;

/** The decoders of the ERC-20 views, shared by the tokens whose ABI extends this one. */
export const ERC20_OUTPUTS = { allowance: uint, balanceOf: uint };

const erc20 = typedContract(ERC20_ABI, 'ERC20', ERC20_OUTPUTS);

export async function getErc20Allowance(
  runner: ContractRunner,
  token: Address,
  owner: Address,
  spender: Address,
): Promise<bigint> {
  return erc20.read(runner, token, 'allowance', [owner, spender]);
}

export async function getErc20Balance(runner: ContractRunner, token: Address, account: Address): Promise<bigint> {
  return erc20.read(runner, token, 'balanceOf', [account]);
}

/** Sets (replaces) the allowance of `spender` to `amount` base units. */
export function approveErc20(
  signer: Signer,
  token: Address,
  spender: Address,
  amount: bigint,
  tokenName = 'ERC20',
): PreparedWrite {
  return erc20.write(signer, token, 'approve', [spender, amount], tokenName);
}
