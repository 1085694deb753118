/**
 * The typed links between modules: contract reads typed by ABI function name (checked at run time
 * by one decoder per view function), and the flows' records and registry typed by payload and kind. The
 * `@ts-expect-error` lines are part of the proof: `npm run typecheck` fails if any of them
 * compiles.
 */
import { Interface, type ContractRunner, type Signer } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { Address } from '@/config/env';
import { address, bool, listOf, members, text, typedContract, uint } from '@/lib/chain/contracts/typed-contract';
import { createCmsClient } from '@/lib/cms/http';
import { releaseFlow, type ReleasePayload } from '@/features/profile/tx/flow';
import type { FlowKind, FlowRecord } from '@/lib/tx/flow';

const ABI = [
  'function price() view returns (uint256)',
  'function item(uint256 id) view returns (tuple(uint256 itemId, address seller, bool sold))',
  'function buy(uint256 id)',
] as const;
const iface = new Interface(ABI);
const AT: Address = '0x1000000000000000000000000000000000000003';
const SELLER: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';

/** A runner whose eth_call answers each function with a fixed, ABI-encoded result. */
function runnerAnswering(results: Record<string, readonly unknown[]>): ContractRunner {
  return {
    provider: null,
    call: ({ data }) => {
      const fn = iface.parseTransaction({ data: String(data) });
      if (!fn) throw new Error('unknown call');
      return Promise.resolve(iface.encodeFunctionResult(fn.fragment, results[fn.name] ?? []));
    },
  };
}

const contract = typedContract(ABI, 'Shop', {
  price: uint,
  item: (value) => {
    const member = members(value);
    return { itemId: uint(member('itemId')), seller: address(member('seller')), sold: bool(member('sold')) };
  },
});

describe('contract reads typed by function name', () => {
  it('a read returns its decoder’s type, decoded from the real ABI encoding', async () => {
    const runner = runnerAnswering({ price: [25_500_000n], item: [[7n, SELLER, false]] });
    const price: bigint = await contract.read(runner, AT, 'price');
    const item: { itemId: bigint; seller: Address; sold: boolean } = await contract.read(runner, AT, 'item', [7n]);
    expect(price).toBe(25_500_000n);
    expect(item).toEqual({ itemId: 7n, seller: SELLER, sold: false });
  });

  it('only the ABI’s names compile: unknown names, views sent as writes and missing decoders are type errors', () => {
    const runner = runnerAnswering({});
    const signer = {} as Signer; // never used: the calls below only have to compile (or not)
    // @ts-expect-error 'cost' is not a function of this ABI
    const misspelt = () => contract.read(runner, AT, 'cost');
    // @ts-expect-error a view function cannot be prepared as a write
    const viewAsWrite = () => contract.write(signer, AT, 'price', [], 'buy');
    // @ts-expect-error every view function of the ABI needs a decoder
    const incomplete = () => typedContract(ABI, 'Shop', { price: uint });
    expect([misspelt, viewAsWrite, incomplete].every((call) => typeof call === 'function')).toBe(true);
    expect(contract.write(signer, AT, 'buy', [1n]).label).toBe('Shop.buy');
  });

  it('decoders pass values of their type and refuse anything else', () => {
    expect(uint(5n)).toBe(5n);
    expect(() => uint('5')).toThrow('expected an integer');
    expect(text('Genesis')).toBe('Genesis');
    expect(() => text(5n)).toThrow('expected a string');
    expect(bool(true)).toBe(true);
    expect(() => bool(1)).toThrow('expected a bool');
    expect(address(SELLER)).toBe(SELLER);
    expect(() => address('0x1234')).toThrow('expected an address');
    expect(listOf(uint)([1n, 2n])).toEqual([1n, 2n]);
    expect(() => listOf(uint)([1n, '2'])).toThrow('expected an integer');
    expect(() => members({ itemId: 1n })).toThrow('expected a struct');
  });
});

describe('flows typed by their payload, the registry by kind', () => {
  it('each record receives its own flow’s payload; a wrong payload or an unknown kind does not compile', async () => {
    const seen: number[] = [];
    const release: FlowRecord<ReleasePayload> = {
      run: ({ payload }) => {
        const nftId: number = payload.nftId;
        seen.push(nftId);
        // @ts-expect-error a release payload has no price
        seen.push(Number(payload.price));
        return Promise.resolve();
      },
    };
    // @ts-expect-error a release's action needs the NFT row id
    expect(() => releaseFlow.action({ name: 'Genesis #3' })).not.toThrow();
    // @ts-expect-error the registry has no such kind
    const unknown: FlowKind = 'purchases';
    const known: FlowKind = 'release';
    expect([known, unknown]).toEqual(['release', 'purchases']);
    await release.run({
      payload: { nftId: 3 },
      txHash: '0xab',
      step: (_name, run) => run({ retry: false }),
      cms: createCmsClient({ baseURL: 'http://cms.test' }),
    });
    expect(seen).toEqual([3, Number.NaN]);
  });
});
