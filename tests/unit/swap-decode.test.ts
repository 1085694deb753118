import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { SWAP_ABI, decodeOrders } from '@/lib/chain/contracts/swap';

const iface = new Interface(SWAP_ABI);
const OWNER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const TOKEN = '0x5FC8d32690cc91D4c39d9d3abcBD16989F875707';

describe('decodeOrders: the getOrders() layout without the generic decoder', () => {
  it('matches ethers’ decoding field by field, ids = positions, values beyond doubles and any string', () => {
    const tuples = [
      [OWNER, TOKEN, (1n << 255n) + 12345n, 1_000_001n, 'sell', 1],
      [TOKEN, OWNER, 0n, 2n ** 64n + 1n, 'buy', 0],
      [OWNER.toLowerCase(), TOKEN, 7n, 9n, 'väldigt lång ordertyp ✓ '.repeat(5), 2],
    ];
    const data = iface.encodeFunctionResult('getOrders', [tuples]);
    const reference = (iface.decodeFunctionResult('getOrders', data)[0] as unknown[][]).map((t, id) => ({
      id,
      owner: t[0],
      tokenA: t[1],
      amountA: t[2],
      price: t[3],
      orderType: t[4],
      status: Number(t[5]),
    }));
    expect(decodeOrders(data)).toEqual(reference);
    expect(decodeOrders(data)[2]!.owner).toBe(OWNER); // checksummed
  });

  it('decodes an empty book and refuses bytes that do not fit the layout', () => {
    expect(decodeOrders(iface.encodeFunctionResult('getOrders', [[]]))).toEqual([]);
    const data = iface.encodeFunctionResult('getOrders', [[[OWNER, TOKEN, 1n, 1n, 'sell', 1]]]);
    expect(() => decodeOrders(data.slice(0, data.length - 64))).toThrow(/Malformed/);
    expect(() => decodeOrders('0x')).toThrow(/Malformed/);
  });
});
