import { useEffect, useState } from 'react';

/**
 * Chain time in unix seconds, ticking every second: the block time read at `readAt` (browser ms)
 * plus the time since. One interval for the whole list (rows take `now` as a prop), cleared on
 * unmount. A tick older than the read never shows a time before the block.
 */
export function useChainNow(chainTime: number, readAt: number): bigint {
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setTick(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return BigInt(chainTime + Math.floor((Math.max(tick, readAt) - readAt) / 1000));
}
