import { isCallException, type ContractRunner, type Signer } from 'ethers';
import type { Address } from '@/config/env';
import type { PreparedWrite } from '@/lib/chain/contract-call';
import { address, bool, text, typedContract, uint } from '@/lib/chain/contracts/typed-contract';

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

const nft = typedContract(NFT_COLLECTION_ABI, 'NFT', {
  name: text,
  maxSupply: uint,
  cost: uint,
  ownerOf: address,
  tokenURI: text,
  balanceOf: uint,
  tokenOfOwnerByIndex: uint,
  getApproved: address,
  isApprovedForAll: bool,
});

/** The collection's on-chain name (ERC-721 `name()`). */
export async function getCollectionName(runner: ContractRunner, collection: Address): Promise<string> {
  return nft.read(runner, collection, 'name');
}

export async function getMaxSupply(runner: ContractRunner, collection: Address): Promise<bigint> {
  return nft.read(runner, collection, 'maxSupply');
}

/** Mint ("Start") price in USDT base units. */
export async function getMintCost(runner: ContractRunner, collection: Address): Promise<bigint> {
  return nft.read(runner, collection, 'cost');
}

export async function getOwnerOf(runner: ContractRunner, collection: Address, tokenId: bigint): Promise<Address> {
  return nft.read(runner, collection, 'ownerOf', [tokenId]);
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
  return nft.read(runner, collection, 'tokenURI', [tokenId]);
}

export async function getNftBalance(runner: ContractRunner, collection: Address, owner: Address): Promise<bigint> {
  return nft.read(runner, collection, 'balanceOf', [owner]);
}

export async function getTokenOfOwnerByIndex(
  runner: ContractRunner,
  collection: Address,
  owner: Address,
  index: bigint,
): Promise<bigint> {
  return nft.read(runner, collection, 'tokenOfOwnerByIndex', [owner, index]);
}

async function getApproved(runner: ContractRunner, collection: Address, tokenId: bigint): Promise<Address> {
  return nft.read(runner, collection, 'getApproved', [tokenId]);
}

async function isApprovedForAll(
  runner: ContractRunner,
  collection: Address,
  owner: Address,
  operator: Address,
): Promise<boolean> {
  return nft.read(runner, collection, 'isApprovedForAll', [owner, operator]);
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
  return nft.write(signer, collection, 'mint', [tokenId, cost], 'mint');
}

export function approveNft(signer: Signer, collection: Address, to: Address, tokenId: bigint): PreparedWrite {
  return nft.write(signer, collection, 'approve', [to, tokenId], 'approve');
}
