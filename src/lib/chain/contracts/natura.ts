import { Interface, type ContractRunner } from 'ethers';
import type { Address } from '@/config/env';
import { readContract } from '@/lib/chain/contract-call';
import { ERC20_ABI, getErc20Balance } from '@/lib/chain/contracts/erc20';

/**
 * Natura (NAT), 18 decimals (§3 F): ERC-20 plus the reserve/price getters the dashboard reads.
 * Units (§4): price = USD with 6 decimals; gold and misc reserves = whole USD (raw); bitcoin
 * reserves = BTC with 18 decimals; other Natura released = NAT wei.
 */
export const NATURA_ABI = [
  ...ERC20_ABI,
  'function totalSupply() view returns (uint256)',
  'function getNaturaPrice() view returns (uint256)',
  'function _getBitcoinReserves() view returns (uint256)',
  'function _getGoldReserves() view returns (uint256)',
  'function _getMiscReserves() view returns (uint256)',
  'function _getOtherNaturaReleased() view returns (uint256)',
] as const;

const naturaInterface = new Interface(NATURA_ABI);

const readUint = async (runner: ContractRunner, natura: Address, method: string): Promise<bigint> =>
  (await readContract(runner, natura, naturaInterface, method)) as bigint;

/** Minimum Natura value: USD with 6 decimals. */
export function getNaturaPrice(runner: ContractRunner, natura: Address): Promise<bigint> {
  return readUint(runner, natura, 'getNaturaPrice');
}

/** Bitcoin reserves: BTC with 18 decimals. */
export function getBitcoinReserves(runner: ContractRunner, natura: Address): Promise<bigint> {
  return readUint(runner, natura, '_getBitcoinReserves');
}

/** Gold reserves: whole US dollars, shown raw. */
export function getGoldReserves(runner: ContractRunner, natura: Address): Promise<bigint> {
  return readUint(runner, natura, '_getGoldReserves');
}

/** Miscellaneous reserve: whole US dollars, shown raw. */
export function getMiscReserves(runner: ContractRunner, natura: Address): Promise<bigint> {
  return readUint(runner, natura, '_getMiscReserves');
}

/** Natura wei held by `account` (the dashboard reads the burn address this way). */
export function getNaturaBalance(runner: ContractRunner, natura: Address, account: Address): Promise<bigint> {
  return getErc20Balance(runner, natura, account);
}
