import { describe, expect, it } from 'vitest';
import en from '@/locales/en/tx.json';
import it_ from '@/locales/it/tx.json';
import { decodeRevertData, KNOWN_ERRORS_ABI } from '@/lib/tx/revert-reason';
import { revertMessageKey } from '@/lib/tx/revert-messages';
import { Interface } from 'ethers';

describe('revertMessageKey: the revert strings of deployed-system.md §C9.1 in the user’s words', () => {
  it('maps the marketplace reason strings', () => {
    expect(revertMessageKey('Price must be at least 1 wei')).toBe('price-zero');
    expect(revertMessageKey('Please submit the asking price in order to complete the purchase')).toBe('asking-price');
    expect(revertMessageKey('Not an owner')).toBe('not-seller');
  });

  it('maps the NFT-transfer and ERC-20 failures, as OpenZeppelin 4 strings and as OpenZeppelin 5 errors', () => {
    expect(revertMessageKey('ERC721: caller is not token owner or approved')).toBe('nft-moved');
    expect(revertMessageKey('ERC721: transfer from incorrect owner')).toBe('nft-moved');
    expect(revertMessageKey('ERC20: insufficient allowance')).toBe('token-allowance');
    expect(revertMessageKey('ERC20: transfer amount exceeds balance')).toBe('token-balance');
    const errors = new Interface(KNOWN_ERRORS_ABI);
    const incorrectOwner = decodeRevertData(
      errors.encodeErrorResult('ERC721IncorrectOwner', [
        '0x0000000000000000000000000000000000000001',
        7n,
        '0x0000000000000000000000000000000000000002',
      ]),
    );
    expect(revertMessageKey(incorrectOwner?.reason)).toBe('nft-moved');
    const allowance = decodeRevertData(
      errors.encodeErrorResult('ERC20InsufficientAllowance', ['0x0000000000000000000000000000000000000001', 1n, 2n]),
    );
    expect(revertMessageKey(allowance?.reason)).toBe('token-allowance');
  });

  it('leaves unknown reasons alone (shown as the chain gave them)', () => {
    expect(revertMessageKey('Invalid order Id')).toBeNull();
    expect(revertMessageKey('not an owner')).toBeNull();
    expect(revertMessageKey(undefined)).toBeNull();
  });

  it('has an EN and an IT message for every key', () => {
    for (const key of ['price-zero', 'asking-price', 'not-seller', 'nft-moved', 'token-allowance', 'token-balance']) {
      expect(en.revertReason).toHaveProperty(key);
      expect(it_.revertReason).toHaveProperty(key);
    }
  });
});
