import { Interface, Result, type ContractRunner, type Signer } from 'ethers';
import type { Address } from '@/config/env';
import { isAddress } from '@/lib/chain/addresses';
import { prepareWrite, readContract, type PreparedWrite } from '@/lib/chain/contract-call';

/**
 * Contract ABIs typed by function name, without a type generator: each contract module declares
 * its human-readable ABI `as const` and one decoder per view function. A decoder checks the value
 * ethers decoded and gives it its TypeScript type, so a read of `'cost'` is a `Promise<bigint>`
 * with no cast anywhere, a misspelt method name does not compile, and a view function without a
 * decoder does not compile either.
 */

/** Checks one decoded ABI value and types it; throws on a value of another shape. */
export type Decoder<T> = (value: unknown) => T;

function mismatch(expected: string, value: unknown): never {
  throw new TypeError(`Contract result: expected ${expected}, got ${typeof value}.`);
}

export const uint: Decoder<bigint> = (value) => (typeof value === 'bigint' ? value : mismatch('an integer', value));
export const bool: Decoder<boolean> = (value) => (typeof value === 'boolean' ? value : mismatch('a bool', value));
export const text: Decoder<string> = (value) => (typeof value === 'string' ? value : mismatch('a string', value));

export const address: Decoder<Address> = (value) => (isAddress(value) ? value : mismatch('an address', value));

/** A dynamic array (`T[]`) of one decoder's values. */
export const listOf =
  <T>(item: Decoder<T>): Decoder<T[]> =>
  (value) =>
    Array.isArray(value) ? Array.from(value, (entry: unknown) => item(entry)) : mismatch('a list', value);

/**
 * The named members of a struct or of a multi-value return (ethers' `Result`): `read(name)` is
 * the raw member, for a decoder to check.
 */
export function members(value: unknown): (name: string) => unknown {
  if (!(value instanceof Result)) return mismatch('a struct', value);
  return (name) => {
    const member: unknown = value.getValue(name);
    return member;
  };
}

/** The names in a human-readable ABI: `function name(...) ...`. */
type FunctionName<Entry> = Entry extends `function ${infer Name}(${string}` ? Name : never;
type ViewFunctionName<Entry> = Entry extends `function ${infer Name}(${string}) view ${string}` ? Name : never;

export type ViewName<Abi extends readonly string[]> = ViewFunctionName<Abi[number]>;
type WriteName<Abi extends readonly string[]> = Exclude<FunctionName<Abi[number]>, ViewName<Abi>>;

export interface TypedContract<Abi extends readonly string[], Outputs> {
  readonly iface: Interface;
  /** Calls view function `method`; the result has the type of its decoder. */
  read: <Method extends ViewName<Abi> & keyof Outputs>(
    runner: ContractRunner,
    address: Address,
    method: Method,
    args?: readonly unknown[],
  ) => Promise<Outputs[Method]>;
  /** Prepares (does not send) a call of state-changing function `method`; `as` renames the contract. */
  write: (
    signer: Signer,
    address: Address,
    method: WriteName<Abi>,
    args: readonly unknown[],
    as?: string,
  ) => PreparedWrite;
}

/**
 * `abi`'s calls, typed: `outputs` has one decoder per view function (all of them, no others
 * needed); `name` is what screens and errors call the contract ("USDT", "Marketplace").
 */
export function typedContract<const Abi extends readonly string[], Outputs extends Record<ViewName<Abi>, unknown>>(
  abi: Abi,
  name: string,
  outputs: { readonly [Method in keyof Outputs]: Decoder<Outputs[Method]> },
): TypedContract<Abi, Outputs> {
  const iface = new Interface(abi);
  return {
    iface,
    read: async (runner, at, method, args = []) => outputs[method](await readContract(runner, at, iface, method, args)),
    write: (signer, at, method, args, as = name) => prepareWrite(signer, at, iface, as, method, args),
  };
}
