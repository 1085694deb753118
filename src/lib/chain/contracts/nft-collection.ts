import { isCallException, ZeroAddress, type ContractRunner, type Signer } from 'ethers';
import type { Address } from '@/config/env';
import type { PreparedWrite } from '@/lib/chain/contract-call';
import {
  address,
  bool,
  listOf,
  members,
  text,
  typedContract,
  uint,
  type Decoder,
} from '@/lib/chain/contracts/typed-contract';

/**
 * An NFT collection (deployed-system.md §C3 B): ERC-721 Enumerable + USDT-paid `mint(tokenId, cost)`. Every CMS
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
  'function walletOfOwner(address _owner) view returns (uint256[])',
  'function getApproved(uint256 tokenId) view returns (address)',
  'function isApprovedForAll(address owner, address operator) view returns (bool)',
  'function mint(uint256 _tokenId, uint256 _cost)',
  'function approve(address to, uint256 tokenId)',
  'function setApprovalForAll(address operator, bool approved)',
  'function supportsInterface(bytes4 interfaceId) view returns (bool)',
  'function royaltyInfo(uint256 _tokenId, uint256 _salePrice) view returns (address receiver, uint256 royaltyAmount)',
] as const;

interface SaleRoyalty {
  /** The zero address when there is no royalty. */
  receiver: Address;
  /** USDT base units. */
  amount: bigint;
}

const saleRoyalty: Decoder<SaleRoyalty> = (value) => {
  const member = members(value);
  return { receiver: address(member('receiver')), amount: uint(member('royaltyAmount')) };
};

const nft = typedContract(NFT_COLLECTION_ABI, 'NFT', {
  name: text,
  maxSupply: uint,
  cost: uint,
  ownerOf: address,
  tokenURI: text,
  balanceOf: uint,
  tokenOfOwnerByIndex: uint,
  walletOfOwner: listOf(uint),
  getApproved: address,
  isApprovedForAll: bool,
  supportsInterface: bool,
  royaltyInfo: saleRoyalty,
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

/** Every token id `owner` holds in the collection, in one call (the staking page lists the staking contract's). */
export async function getWalletOfOwner(runner: ContractRunner, collection: Address, owner: Address): Promise<bigint[]> {
  return nft.read(runner, collection, 'walletOfOwner', [owner]);
}

export async function getTokenOfOwnerByIndex(
  runner: ContractRunner,
  collection: Address,
  owner: Address,
  index: bigint,
): Promise<bigint> {
  return nft.read(runner, collection, 'tokenOfOwnerByIndex', [owner, index]);
}

export async function getApproved(runner: ContractRunner, collection: Address, tokenId: bigint): Promise<Address> {
  return nft.read(runner, collection, 'getApproved', [tokenId]);
}

export async function isApprovedForAll(
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

const INTERFACE_ID_ERC2981 = '0x2a55205a';

/**
 * The royalty a marketplace sale of `tokenId` at `price` pays (deployed-system.md §C9.1 step 1): the
 * collection's `royaltyInfo(tokenId, price)` when it declares ERC-2981, otherwise none. A
 * collection whose `supportsInterface` reverts has no royalty (the reference marketplace's
 * `_checkRoyalties` answers false then). Transport failures throw.
 */
export async function getSaleRoyalty(
  runner: ContractRunner,
  collection: Address,
  tokenId: bigint,
  price: bigint,
): Promise<SaleRoyalty> {
  const none: SaleRoyalty = { receiver: address(ZeroAddress), amount: 0n };
  let supported: boolean;
  try {
    supported = await nft.read(runner, collection, 'supportsInterface', [INTERFACE_ID_ERC2981]);
  } catch (error) {
    if (isCallException(error)) return none;
    throw error;
  }
  if (!supported) return none;
  return nft.read(runner, collection, 'royaltyInfo', [tokenId, price]);
}

/** Primary sale: pulls `cost` USDT base units from the caller (approve USDT to the collection first). */
export function mintNft(signer: Signer, collection: Address, tokenId: bigint, cost: bigint): PreparedWrite {
  return nft.write(signer, collection, 'mint', [tokenId, cost]);
}

export function approveNft(signer: Signer, collection: Address, to: Address, tokenId: bigint): PreparedWrite {
  return nft.write(signer, collection, 'approve', [to, tokenId]);
}

export function setNftApprovalForAll(
  signer: Signer,
  collection: Address,
  operator: Address,
  approved: boolean,
): PreparedWrite {
  return nft.write(signer, collection, 'setApprovalForAll', [operator, approved]);
}
