/** TerraNFT: USDT-paid mint(tokenId, cost), URIs, enumeration, approvals, pause, royalties. */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Contract } from 'ethers';
import {
  account,
  addr,
  balance,
  deploy,
  events,
  expectRevert,
  read,
  revert,
  send,
  snapshot,
  startChain,
  usdt,
  type Chain,
} from './helpers.ts';

const BASE = 'http://127.0.0.1:1337/api/nft-metadata/terra-genesis/';
const HIDDEN = 'http://127.0.0.1:1337/hidden.json';

let chain: Chain;
let usdtToken: Contract;
let nft: Contract;
let nftAddress: string;
let snap: string;

beforeAll(async () => {
  chain = await startChain();
  const owner = account(chain, 0);
  usdtToken = await deploy(chain, 'TestUSDT', []);
  nft = await deploy(chain, 'TerraNFT', [await addr(usdtToken), BASE, HIDDEN, 700, 'ipfs://contract']);
  nftAddress = await addr(nft);
  await send(nft, owner, 'setCollectionInfo', 'Terra Genesis', 'TGEN', 10);
  for (const i of [1, 2, 3]) await send(usdtToken, owner, 'mint', account(chain, i).address, usdt(1_000n));
});
afterAll(async () => chain.stop());
beforeEach(async () => {
  snap = await snapshot(chain);
});
afterEach(async () => revert(chain, snap));

async function approveAndMint(buyerIndex: number, tokenId: number, cost = usdt(25n)): Promise<void> {
  const buyer = account(chain, buyerIndex);
  await send(usdtToken, buyer, 'approve', nftAddress, cost);
  await send(nft, buyer, 'mint', tokenId, cost);
}

describe('TerraNFT configuration', () => {
  it('exposes constructor values and defaults', async () => {
    expect(await read(nft, 'name')).toBe('Terra Genesis');
    expect(await read(nft, 'symbol')).toBe('TGEN');
    expect(await read(nft, 'maxSupply')).toBe(10n);
    expect(await read(nft, 'cost')).toBe(usdt(25n));
    expect(await read(nft, 'baseURI')).toBe(BASE);
    expect(await read(nft, 'notRevealedUri')).toBe(HIDDEN);
    expect(await read(nft, 'contractURI')).toBe('ipfs://contract');
    expect(await read(nft, 'baseExtension')).toBe('');
    expect(await read(nft, 'revealed')).toBe(false);
    expect(await read(nft, 'paused')).toBe(false);
    expect(await read(nft, 'usdt')).toBe(await addr(usdtToken));
    expect(await read(nft, 'owner')).toBe(account(chain, 0).address);
  });

  it('supports ERC-721, ERC-721 Enumerable and ERC-2981', async () => {
    expect(await read(nft, 'supportsInterface', '0x80ac58cd')).toBe(true);
    expect(await read(nft, 'supportsInterface', '0x780e9d63')).toBe(true);
    expect(await read(nft, 'supportsInterface', '0x2a55205a')).toBe(true);
    expect(await read(nft, 'supportsInterface', '0xffffffff')).toBe(false);
  });

  it('royaltyInfo pays the owner 7 % (floor) of the sale price', async () => {
    const [receiver, amount] = await read<[string, bigint]>(nft, 'royaltyInfo', 1, 30_000_001n);
    expect(receiver).toBe(account(chain, 0).address);
    expect(amount).toBe(2_100_000n);
  });

  it('admin setters are owner-only', async () => {
    const a1 = account(chain, 1);
    await expectRevert(send(nft, a1, 'setCost', 1n), 'OwnableUnauthorizedAccount');
    await expectRevert(send(nft, a1, 'pause'), 'OwnableUnauthorizedAccount');
    await expectRevert(send(nft, a1, 'reveal'), 'OwnableUnauthorizedAccount');
    await expectRevert(send(nft, a1, 'setBaseURI', 'x'), 'OwnableUnauthorizedAccount');
    await expectRevert(send(nft, a1, 'withdrawUSDT'), 'OwnableUnauthorizedAccount');
    await expectRevert(send(nft, a1, 'setCollectionInfo', 'a', 'b', 5), 'OwnableUnauthorizedAccount');
  });
});

describe('mint(tokenId, cost)', () => {
  it('pulls exactly cost USDT, mints the chosen id and records it', async () => {
    const a1 = account(chain, 1);
    const receipt = await (async () => {
      await send(usdtToken, a1, 'approve', nftAddress, usdt(25n));
      return send(nft, a1, 'mint', 7, usdt(25n));
    })();
    expect(await read(nft, 'ownerOf', 7)).toBe(a1.address);
    expect(await balance(usdtToken, a1.address)).toBe(usdt(975n));
    expect(await balance(usdtToken, nftAddress)).toBe(usdt(25n));
    expect(await read(nft, 'mintedTokenId', 7)).toBe(true);
    expect(await read(nft, 'mintedTokenId', 6)).toBe(false);
    expect(await read(nft, 'lastTokenID')).toBe(7n);
    expect(await read(nft, 'totalSupply')).toBe(1n);
    const transfers = events(nft, receipt, 'Transfer');
    expect(transfers).toHaveLength(1);
    expect(transfers[0]?.args[2]).toBe(7n);
  });

  it('accepts a cost above the price and pulls that amount', async () => {
    await approveAndMint(2, 1, usdt(30n));
    expect(await balance(usdtToken, account(chain, 2).address)).toBe(usdt(970n));
  });

  it('reverts below cost, on a taken id, above max supply, on id 0', async () => {
    const a1 = account(chain, 1);
    await send(usdtToken, a1, 'approve', nftAddress, usdt(100n));
    await expectRevert(send(nft, a1, 'mint', 1, usdt(25n) - 1n), 'NFT: cost below mint price');
    await send(nft, a1, 'mint', 1, usdt(25n));
    await expectRevert(send(nft, a1, 'mint', 1, usdt(25n)), 'NFT: token already minted');
    await expectRevert(send(nft, a1, 'mint', 11, usdt(25n)), 'NFT: token id out of range');
    await expectRevert(send(nft, a1, 'mint', 0, usdt(25n)), 'NFT: token id out of range');
    await send(nft, a1, 'mint', 10, usdt(25n));
    expect(await read(nft, 'ownerOf', 10)).toBe(a1.address);
  });

  it('reverts without enough allowance or balance', async () => {
    const a1 = account(chain, 1);
    await send(usdtToken, a1, 'approve', nftAddress, usdt(24n));
    await expectRevert(send(nft, a1, 'mint', 1, usdt(25n)), 'NFT: insufficient USDT allowance');
    const poor = account(chain, 6);
    await send(usdtToken, poor, 'approve', nftAddress, usdt(25n));
    await expectRevert(send(nft, poor, 'mint', 1, usdt(25n)), 'NFT: insufficient USDT balance');
  });

  it('is blocked while paused and works again after unpause', async () => {
    const owner = account(chain, 0);
    const a1 = account(chain, 1);
    await send(usdtToken, a1, 'approve', nftAddress, usdt(25n));
    const paused = await send(nft, owner, 'pause');
    expect(events(nft, paused, 'Paused')).toHaveLength(1);
    await expectRevert(send(nft, a1, 'mint', 1, usdt(25n)), 'NFT: minting is paused');
    await send(nft, owner, 'unpause');
    await send(nft, a1, 'mint', 1, usdt(25n));
    expect(await read(nft, 'paused')).toBe(false);
  });

  it('follows setCost', async () => {
    await send(nft, account(chain, 0), 'setCost', usdt(40n));
    const a1 = account(chain, 1);
    await send(usdtToken, a1, 'approve', nftAddress, usdt(40n));
    await expectRevert(send(nft, a1, 'mint', 1, usdt(39n)), 'NFT: cost below mint price');
    await send(nft, a1, 'mint', 1, usdt(40n));
  });

  it('withdrawUSDT sends the mint proceeds to the owner', async () => {
    await approveAndMint(1, 1);
    await approveAndMint(2, 2);
    const owner = account(chain, 0);
    const before = await balance(usdtToken, owner.address);
    await send(nft, owner, 'withdrawUSDT');
    expect((await balance(usdtToken, owner.address)) - before).toBe(usdt(50n));
    expect(await balance(usdtToken, nftAddress)).toBe(0n);
    await expectRevert(send(nft, owner, 'withdrawUSDT'), 'NFT: nothing to withdraw');
  });
});

describe('token views and approvals', () => {
  it('tokenURI is the not-revealed URI until reveal, then baseURI + id', async () => {
    await approveAndMint(1, 3);
    expect(await read(nft, 'tokenURI', 3)).toBe(HIDDEN);
    await send(nft, account(chain, 0), 'reveal');
    expect(await read(nft, 'tokenURI', 3)).toBe(`${BASE}3`);
    await send(nft, account(chain, 0), 'unreveal');
    expect(await read(nft, 'tokenURI', 3)).toBe(HIDDEN);
    await expectRevert(read(nft, 'tokenURI', 4), 'ERC721NonexistentToken');
  });

  it('walletOfOwner, tokenOfOwnerByIndex and tokenByIndex enumerate', async () => {
    await approveAndMint(1, 5);
    await approveAndMint(2, 2);
    await approveAndMint(1, 9);
    const a1 = account(chain, 1).address;
    expect(await read(nft, 'walletOfOwner', a1)).toEqual([5n, 9n]);
    expect(await read(nft, 'walletOfOwner', account(chain, 2).address)).toEqual([2n]);
    expect(await read(nft, 'walletOfOwner', account(chain, 3).address)).toEqual([]);
    expect(await read(nft, 'tokenOfOwnerByIndex', a1, 1)).toBe(9n);
    expect(await read(nft, 'tokenByIndex', 1)).toBe(2n);
    expect(await read(nft, 'balanceOf', a1)).toBe(2n);
  });

  it('approve and setApprovalForAll let an operator transfer', async () => {
    await approveAndMint(1, 1);
    await approveAndMint(1, 2);
    const [a1, a2, a3] = [account(chain, 1), account(chain, 2), account(chain, 3)];
    await expectRevert(send(nft, a2, 'transferFrom', a1.address, a2.address, 1), 'ERC721InsufficientApproval');
    await send(nft, a1, 'approve', a2.address, 1);
    expect(await read(nft, 'getApproved', 1)).toBe(a2.address);
    await send(nft, a2, 'transferFrom', a1.address, a2.address, 1);
    expect(await read(nft, 'ownerOf', 1)).toBe(a2.address);
    await send(nft, a1, 'setApprovalForAll', a3.address, true);
    expect(await read(nft, 'isApprovedForAll', a1.address, a3.address)).toBe(true);
    await send(nft, a3, 'transferFrom', a1.address, a3.address, 2);
    expect(await read(nft, 'ownerOf', 2)).toBe(a3.address);
  });

  it('burn needs ownership or approval and never frees the id', async () => {
    await approveAndMint(1, 4);
    await expectRevert(send(nft, account(chain, 2), 'burn', 4), 'ERC721InsufficientApproval');
    await send(nft, account(chain, 1), 'burn', 4);
    expect(await read(nft, 'totalSupply')).toBe(0n);
    const a2 = account(chain, 2);
    await send(usdtToken, a2, 'approve', nftAddress, usdt(25n));
    await expectRevert(send(nft, a2, 'mint', 4, usdt(25n)), 'NFT: token already minted');
  });

  it('setCollectionInfo cannot shrink max supply below a minted id', async () => {
    await approveAndMint(1, 8);
    await expectRevert(
      send(nft, account(chain, 0), 'setCollectionInfo', 'A', 'B', 7),
      'NFT: max supply below minted ids',
    );
    await send(nft, account(chain, 0), 'setCollectionInfo', 'A', 'B', 8);
    expect(await read(nft, 'maxSupply')).toBe(8n);
  });
});
