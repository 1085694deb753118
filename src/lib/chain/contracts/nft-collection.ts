import { Interface, isCallException, type ContractRunner, type Signer } from 'ethers';
import type { Address } from '@/config/env';
import { asAddress, prepareWrite, readContract, type PreparedWrite } from '@/lib/chain/contract-call';

/**
 * An NFT collection (§3 B): ERC-721 Enumerable + USDT-paid `mint(tokenId, cost)`. Every CMS
 * collection and the four staking-pool contracts share this ABI.
 */
export const NFT_COLLECTION_ABI = [
  'function name() view returns (string)',
  'function maxSupply() view returns (uint256)',
  'function cost() view returns (uint256)',
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function tokenURI(uint256 tokenId) view returns (string)',
  'function balanceOf(address owner) view returns (uint256)',
  'function tokenOfOwnerByIndex(address owner, uint256 index) view returns (uint256)',
  'function getApproved(uint256 tokenId) view returns (address)',
  'function isApprovedForAll(address owner, address operator) view returns (bool)',
  'function mint(uint256 _tokenId, uint256 _cost)',
  'function approve(address to, uint256 tokenId)',
  'function setApprovalForAll(address operator, bool approved)',
] as const;

const collectionInterface = new Interface(NFT_COLLECTION_ABI);

const read = (runner: ContractRunner, collection: Address, method: string, args: readonly unknown[] = []) =>
  readContract(runner, collection, collectionInterface, method, args);

/** The collection's on-chain name (ERC-721 `name()`). */
export async function getCollectionName(runner: ContractRunner, collection: Address): Promise<string> {
  return String(await read(runner, collection, 'name'));
}

export async function getMaxSupply(runner: ContractRunner, collection: Address): Promise<bigint> {
  return (await read(runner, collection, 'maxSupply')) as bigint;
}

/** Mint ("Start") price in USDT base units. */
export async function getMintCost(runner: ContractRunner, collection: Address): Promise<bigint> {
  return (await read(runner, collection, 'cost')) as bigint;
}

export async function getOwnerOf(runner: ContractRunner, collection: Address, tokenId: bigint): Promise<Address> {
  return asAddress(await read(runner, collection, 'ownerOf', [tokenId]));
}

/**
 * The owner, or null when the token does not exist (ownerOf reverts for unminted or burned
 * tokens). Transport failures still throw: "unknown" must not look like "no owner".
 */
export async function findOwnerOf(
  runner: ContractRunner,
  collection: Address,
  tokenId: bigint,
): Promise<Address | null> {
  try {
    return await getOwnerOf(runner, collection, tokenId);
  } catch (error) {
    if (isCallException(error)) return null;
    throw error;
  }
}

export async function getTokenURI(runner: ContractRunner, collection: Address, tokenId: bigint): Promise<string> {
  return String(await read(runner, collection, 'tokenURI', [tokenId]));
}

export async function getNftBalance(runner: ContractRunner, collection: Address, owner: Address): Promise<bigint> {
  return (await read(runner, collection, 'balanceOf', [owner])) as bigint;
}

export async function getTokenOfOwnerByIndex(
  runner: ContractRunner,
  collection: Address,
  owner: Address,
  index: bigint,
): Promise<bigint> {
  return (await read(runner, collection, 'tokenOfOwnerByIndex', [owner, index])) as bigint;
}

async function getApproved(runner: ContractRunner, collection: Address, tokenId: bigint): Promise<Address> {
  return asAddress(await read(runner, collection, 'getApproved', [tokenId]));
}

async function isApprovedForAll(
  runner: ContractRunner,
  collection: Address,
  owner: Address,
  operator: Address,
): Promise<boolean> {
  return Boolean(await read(runner, collection, 'isApprovedForAll', [owner, operator]));
}

/** True when `operator` may move `tokenId` of `owner` (single-token approval or operator approval). */
export async function isOperatorApproved(
  runner: ContractRunner,
  collection: Address,
  owner: Address,
  operator: Address,
  tokenId: bigint,
): Promise<boolean> {
  const [single, all] = await Promise.all([
    getApproved(runner, collection, tokenId),
    isApprovedForAll(runner, collection, owner, operator),
  ]);
  return all || single.toLowerCase() === operator.toLowerCase();
}

/** Primary sale: pulls `cost` USDT base units from the caller (approve USDT to the collection first). */
export function mintNft(signer: Signer, collection: Address, tokenId: bigint, cost: bigint): PreparedWrite {
  return prepareWrite(signer, collection, collectionInterface, 'NFT', 'mint', [tokenId, cost], 'mint');
}

export function approveNft(signer: Signer, collection: Address, to: Address, tokenId: bigint): PreparedWrite {
  return prepareWrite(signer, collection, collectionInterface, 'NFT', 'approve', [to, tokenId], 'approve');
}
