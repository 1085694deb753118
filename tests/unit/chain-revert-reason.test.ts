import { AbiCoder, Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import OPENZEPPELIN_ERC20 from '@openzeppelin/contracts/build/contracts/ERC20.json';
import { decodeRevert, decodeRevertData } from '@/lib/tx/revert-reason';

const coder = AbiCoder.defaultAbiCoder();
const errorString = (reason: string) => `0x08c379a0${coder.encode(['string'], [reason]).slice(2)}`;
const panic = (code: number) => `0x4e487b71${coder.encode(['uint256'], [code]).slice(2)}`;
// ERC20InsufficientAllowance, as OpenZeppelin's ERC20 (the base of USDT and Natura here) declares it.
const custom = new Interface(OPENZEPPELIN_ERC20.abi);
const SPENDER = '0x1000000000000000000000000000000000000006';

describe('decodeRevertData', () => {
  it('decodes reason strings', () => {
    expect(decodeRevertData(errorString('Swap: order is cancelled'))).toMatchObject({
      reason: 'Swap: order is cancelled',
      name: 'Error',
    });
  });

  it('decodes panics with their meaning', () => {
    expect(decodeRevertData(panic(0x11))?.reason).toBe('Panic: arithmetic overflow or underflow');
    expect(decodeRevertData(panic(0x99))?.reason).toBe('Panic: code 153');
  });

  it('decodes the standard custom errors with their arguments', () => {
    const data = custom.encodeErrorResult('ERC20InsufficientAllowance', [SPENDER, 5n, 10n]);
    expect(decodeRevertData(data)).toEqual({
      reason: `ERC20InsufficientAllowance(${SPENDER}, 5, 10)`,
      name: 'ERC20InsufficientAllowance',
      args: [SPENDER, 5n, 10n],
    });
  });

  it('returns null for an unknown selector', () => {
    expect(decodeRevertData('0xdeadbeef')).toBeNull();
  });
});

describe('decodeRevert (any error shape)', () => {
  it('reads revert data nested the way wallets and nodes nest it', () => {
    const data = errorString('Marketplace: item is not for sale');
    for (const error of [
      { code: 'CALL_EXCEPTION', data },
      { code: -32603, message: 'Internal JSON-RPC error.', data: { code: 3, message: 'execution reverted', data } },
      { code: 'UNKNOWN_ERROR', info: { error: { code: 3, data } } },
      { error: { error: { data } } },
    ]) {
      expect(decodeRevert(error)?.reason).toBe('Marketplace: item is not for sale');
    }
  });

  it('never mistakes the transaction calldata for revert data', () => {
    const error = {
      code: 'CALL_EXCEPTION',
      transaction: { data: errorString('calldata, not a reason') },
      message: 'missing revert data',
    };
    expect(decodeRevert(error)).toBeNull();
  });

  it('falls back to ethers reason and to node messages', () => {
    expect(decodeRevert({ code: 'CALL_EXCEPTION', reason: 'NFT: token already minted' })?.reason).toBe(
      'NFT: token already minted',
    );
    expect(decodeRevert(new Error('VM Exception: execution reverted: Staking: token is not staked'))?.reason).toBe(
      'Staking: token is not staked',
    );
    expect(decodeRevert({ message: "reverted with reason string 'Swap: amount must be above zero'" })?.reason).toBe(
      'Swap: amount must be above zero',
    );
  });

  it('names an unknown custom error by its selector', () => {
    expect(decodeRevert({ data: '0x12345678aa' })?.reason).toBe('unknown custom error 0x12345678');
  });

  it('is null when nothing says why', () => {
    expect(decodeRevert(new Error('network down'))).toBeNull();
    expect(decodeRevert(undefined)).toBeNull();
  });
});
