import { Contract, type ContractRunner, type ContractTransactionResponse, type Interface, type Signer } from 'ethers';
import type { Address } from '@/config/env';
import { isAddress } from '@/lib/chain/addresses';

/**
 * The two primitives every contract module is built on: a typed read and a prepared (not yet
 * sent) write. Writes are prepared rather than sent so that the one transaction lifecycle
 * (`runTransaction`) can estimate gas, and surface a would-revert, before the wallet is asked.
 */

export interface PreparedWrite {
  /**
   * What the write is for, as its screen labels it (`what.<step>` in the `tx` namespace): the
   * contract method's name until a flow's plan names it (`asStep`).
   */
  readonly step: string;
  /** The contract's display name ('USDT', 'Marketplace'): screens say "approve USDT". */
  readonly contractName: string;
  /** `Contract.method`, for logs and error messages. */
  readonly label: string;
  estimateGas(): Promise<bigint>;
  send(gasLimit: bigint): Promise<ContractTransactionResponse>;
  /** What the network charges per unit of gas now (wei of the native currency): max fee, else gas price. */
  feePerGas?(): Promise<bigint | null>;
  /** Replays the call read-only against the state at `blockTag` (recovers a mined revert's reason). */
  replay(blockTag: number): Promise<unknown>;
  /** The call as a wallet batch (EIP-5792 `wallet_sendCalls`) carries it: the same target, data and value as `send`. */
  call(): Promise<WriteCall>;
}

/** One encoded call: target, calldata, value in wei. */
interface WriteCall {
  to: string;
  data: string;
  value: bigint;
}

/** `write` under the step name its flow gives it (a purchase names `createMarketSale` its buy step). */
export const asStep = (step: string, write: PreparedWrite): PreparedWrite => ({ ...write, step });

/** Calls a view function and hands back ethers' decoded result for the module to type. */
export async function readContract(
  runner: ContractRunner,
  address: string,
  iface: Interface,
  method: string,
  args: readonly unknown[] = [],
): Promise<unknown> {
  const contract = new Contract(address, iface, runner);
  const result: unknown = await contract.getFunction(method).staticCall(...args);
  return result;
}

export function prepareWrite(
  signer: Signer,
  address: string,
  iface: Interface,
  contractName: string,
  method: string,
  args: readonly unknown[],
): PreparedWrite {
  const fn = new Contract(address, iface, signer).getFunction(method);
  return {
    step: method,
    contractName,
    label: `${contractName}.${method}`,
    estimateGas: () => fn.estimateGas(...args),
    send: (gasLimit) => fn.send(...args, { gasLimit }),
    feePerGas: async () => {
      const data = await signer.provider?.getFeeData();
      return data ? (data.maxFeePerGas ?? data.gasPrice) : null;
    },
    replay: async (blockTag): Promise<unknown> => fn.staticCall(...args, { blockTag }),
    call: async () => {
      const tx = await fn.populateTransaction(...args);
      return { to: tx.to, data: tx.data, value: tx.value ?? 0n };
    },
  };
}

/** Looks up the signer's address once per flow (wallet signers answer asynchronously). */
export async function signerAddress(signer: Signer): Promise<Address> {
  const account = await signer.getAddress();
  if (!isAddress(account)) throw new TypeError(`The wallet gave "${account}" as its address.`);
  return account;
}
