import { isError } from 'ethers';

/**
 * A read the contract refuses (it reverts, or answers nothing decodable: not a collection, no such
 * token, no `name()` on a pool contract) answers null; node and network failures still throw.
 */
export async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (isError(error, 'CALL_EXCEPTION') || isError(error, 'BAD_DATA')) return null;
    throw error;
  }
}
