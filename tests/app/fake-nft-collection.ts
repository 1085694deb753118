/**
 * An ERC-721 Enumerable collection for the fake chain (deployed-system.md §C3 B): `name()`, `balanceOf`,
 * `tokenOfOwnerByIndex`, `tokenURI` (base URI + id), `ownerOf`, approvals. Ownership lives in the
 * chain's own `owners` map (set with `chain.setOwner`), so the chain's built-in marketplace keeps
 * moving these tokens; the collection keeps only its operator approvals.
 */
import { Interface, ZeroAddress } from 'ethers';
import OPENZEPPELIN_IERC721 from '@openzeppelin/contracts/build/contracts/IERC721.json';
import { NFT_COLLECTION_ABI } from '@/lib/chain/contracts/nft-collection';
import { FakeRevert, type FakeChain, type FakeContract, type FakeLog } from './fake-chain';

// The app's calls, plus the standard transferFrom of OpenZeppelin's ERC721 (the reference collection's base).
const nft = new Interface([
  ...NFT_COLLECTION_ABI,
  ...OPENZEPPELIN_IERC721.abi.filter((fragment) => fragment.type === 'function' && fragment.name === 'transferFrom'),
]);

export class FakeNftCollection implements FakeContract {
  operators = new Map<string, boolean>();
  /** tokenURI reverts for these ids (a broken token). */
  brokenUris = new Set<bigint>();
  /** Views that revert (a node refusing the call). */
  failingViews = new Set<string>();

  constructor(
    readonly chain: FakeChain,
    readonly address: string,
    readonly name: string,
    readonly baseUri: string,
  ) {}

  /** Token ids `owner` holds here, ascending (the Enumerable index order). */
  tokensOf(owner: string): bigint[] {
    const prefix = `${this.address.toLowerCase()}:`;
    return [...this.chain.owners.entries()]
      .filter(([key, holder]) => key.startsWith(prefix) && holder.toLowerCase() === owner.toLowerCase())
      .map(([key]) => BigInt(key.slice(prefix.length)))
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  /** Gives `owner` the tokens `ids`. */
  mintTo(owner: string, ...ids: (number | bigint)[]) {
    for (const id of ids) this.chain.setOwner(this.address, id, owner);
    return this;
  }

  private ownerOrRevert(tokenId: bigint) {
    const owner = this.chain.ownerOf(this.address, tokenId);
    if (!owner) throw new FakeRevert('ERC721NonexistentToken');
    return owner;
  }

  private approvalKey(tokenId: bigint) {
    return `${this.address.toLowerCase()}:${tokenId.toString()}`;
  }

  isApproved(owner: string, operator: string, tokenId: bigint) {
    return (
      this.operators.get(`${owner.toLowerCase()}:${operator.toLowerCase()}`) === true ||
      (this.chain.approvals.get(this.approvalKey(tokenId)) ?? '').toLowerCase() === operator.toLowerCase()
    );
  }

  /** Moves a token as `spender` (the owner or an approved operator), as transferFrom does. */
  transfer(spender: string, from: string, to: string, tokenId: bigint) {
    const owner = this.ownerOrRevert(tokenId);
    if (owner.toLowerCase() !== from.toLowerCase()) throw new FakeRevert('ERC721IncorrectOwner');
    if (spender.toLowerCase() !== owner.toLowerCase() && !this.isApproved(owner, spender, tokenId)) {
      throw new FakeRevert('ERC721InsufficientApproval');
    }
    this.chain.approvals.delete(this.approvalKey(tokenId));
    this.chain.setOwner(this.address, tokenId, to);
  }

  execute(from: string, data: string): FakeLog[] {
    const call = nft.parseTransaction({ data });
    if (call?.name === 'approve') {
      const tokenId = call.args[1] as bigint;
      if (this.ownerOrRevert(tokenId).toLowerCase() !== from.toLowerCase())
        throw new FakeRevert('ERC721InvalidApprover');
      this.chain.approvals.set(this.approvalKey(tokenId), String(call.args[0]));
      return [];
    }
    if (call?.name === 'setApprovalForAll') {
      this.operators.set(`${from.toLowerCase()}:${String(call.args[0]).toLowerCase()}`, Boolean(call.args[1]));
      return [];
    }
    if (call?.name === 'transferFrom') {
      this.transfer(from, String(call.args[0]), String(call.args[1]), call.args[2] as bigint);
      return [];
    }
    throw new FakeRevert(`unsupported NFT call ${call?.name}`);
  }

  view(data: string): string {
    const call = nft.parseTransaction({ data });
    if (this.failingViews.has(call?.name ?? '')) throw new FakeRevert('');
    switch (call?.name) {
      case 'name':
        return nft.encodeFunctionResult('name', [this.name]);
      case 'balanceOf':
        return nft.encodeFunctionResult('balanceOf', [BigInt(this.tokensOf(String(call.args[0])).length)]);
      case 'tokenOfOwnerByIndex': {
        const tokens = this.tokensOf(String(call.args[0]));
        const token = tokens[Number(call.args[1] as bigint)];
        if (token === undefined) throw new FakeRevert('ERC721OutOfBoundsIndex');
        return nft.encodeFunctionResult('tokenOfOwnerByIndex', [token]);
      }
      case 'walletOfOwner':
        return nft.encodeFunctionResult('walletOfOwner', [this.tokensOf(String(call.args[0]))]);
      case 'tokenURI': {
        const tokenId = call.args[0] as bigint;
        this.ownerOrRevert(tokenId);
        if (this.brokenUris.has(tokenId)) throw new FakeRevert('NFT: broken token');
        return nft.encodeFunctionResult('tokenURI', [`${this.baseUri}${tokenId.toString()}`]);
      }
      case 'ownerOf':
        return nft.encodeFunctionResult('ownerOf', [this.ownerOrRevert(call.args[0] as bigint)]);
      case 'getApproved':
        this.ownerOrRevert(call.args[0] as bigint);
        return nft.encodeFunctionResult('getApproved', [
          this.chain.approvals.get(this.approvalKey(call.args[0] as bigint)) ?? ZeroAddress,
        ]);
      case 'isApprovedForAll':
        return nft.encodeFunctionResult('isApprovedForAll', [
          this.operators.get(`${String(call.args[0]).toLowerCase()}:${String(call.args[1]).toLowerCase()}`) === true,
        ]);
      case 'supportsInterface':
        return nft.encodeFunctionResult('supportsInterface', [this.chain.royaltyInfo(this.address, 0n) !== null]);
      case 'royaltyInfo': {
        const info = this.chain.royaltyInfo(this.address, call.args[1] as bigint);
        if (!info) throw new FakeRevert('unsupported NFT view royaltyInfo');
        return nft.encodeFunctionResult('royaltyInfo', info);
      }
      default:
        throw new FakeRevert(`unsupported NFT view ${call?.name}`);
    }
  }

  save() {
    return new Map(this.operators);
  }

  restore(saved: unknown) {
    this.operators = saved as Map<string, boolean>;
  }
}
