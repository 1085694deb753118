import { Interface, type ContractRunner, type Log, type TransactionReceipt } from 'ethers';
import type { Address } from '@/config/env';
import { ERC20_ABI, ERC20_OUTPUTS, getErc20Allowance, getErc20Balance } from '@/lib/chain/contracts/erc20';
import { typedContract, uint } from '@/lib/chain/contracts/typed-contract';

/**
 * Natura (NAT), 18 decimals (deployed-system.md §C3 F): ERC-20 plus the reserve/price getters the dashboard reads.
 * Units (deployed-system.md §C4): price = USD with 6 decimals; gold and misc reserves = whole USD (raw); bitcoin
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

const naturaContract = typedContract(NATURA_ABI, 'Natura', {
  ...ERC20_OUTPUTS,
  totalSupply: uint,
  getNaturaPrice: uint,
  _getBitcoinReserves: uint,
  _getGoldReserves: uint,
  _getMiscReserves: uint,
  _getOtherNaturaReleased: uint,
});

/** Minimum Natura value: USD with 6 decimals. */
export function getNaturaPrice(runner: ContractRunner, natura: Address): Promise<bigint> {
  return naturaContract.read(runner, natura, 'getNaturaPrice');
}

/** Bitcoin reserves: BTC with 18 decimals. */
export function getBitcoinReserves(runner: ContractRunner, natura: Address): Promise<bigint> {
  return naturaContract.read(runner, natura, '_getBitcoinReserves');
}

/** Gold reserves: whole US dollars, shown raw. */
export function getGoldReserves(runner: ContractRunner, natura: Address): Promise<bigint> {
  return naturaContract.read(runner, natura, '_getGoldReserves');
}

/** Miscellaneous reserve: whole US dollars, shown raw. */
export function getMiscReserves(runner: ContractRunner, natura: Address): Promise<bigint> {
  return naturaContract.read(runner, natura, '_getMiscReserves');
}

/** Natura wei held by `account` (the dashboard reads the burn address this way). */
export function getNaturaBalance(runner: ContractRunner, natura: Address, account: Address): Promise<bigint> {
  return getErc20Balance(runner, natura, account);
}

export function getNaturaAllowance(
  runner: ContractRunner,
  natura: Address,
  owner: Address,
  spender: Address,
): Promise<bigint> {
  return getErc20Allowance(runner, natura, owner, spender);
}

const transferEvent = new Interface(['event Transfer(address indexed from, address indexed to, uint256 value)']);
const TRANSFER_TOPIC = transferEvent.getEvent('Transfer')?.topicHash;

/**
 * Natura wei a mined transaction moved to `account`: the sum of the Natura contract's own Transfer logs to it
 * (a staking claim or unstake pays through `transferFrom(owner → staker)`, deployed-system.md §C9.2).
 */
export function naturaReceivedIn(receipt: Pick<TransactionReceipt, 'logs'>, natura: Address, account: Address): bigint {
  return receipt.logs
    .filter((log: Log) => log.address.toLowerCase() === natura.toLowerCase() && log.topics[0] === TRANSFER_TOPIC)
    .map((log: Log) => transferEvent.parseLog({ topics: [...log.topics], data: log.data }))
    .filter((parsed) => parsed !== null && String(parsed.args[1]).toLowerCase() === account.toLowerCase())
    .reduce((sum, parsed) => sum + BigInt(parsed!.args[2] as bigint), 0n);
}
