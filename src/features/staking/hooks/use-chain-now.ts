import { useEffect, useState } from 'react';

const seconds = () => Math.floor(Date.now() / 1000);

/**
 * Chain time in unix seconds, ticking every second: the browser clock plus the offset measured
 * when the list was read. One interval for the whole list (rows take `now` as a prop), cleared
 * on unmount.
 */
export function useChainNow(clockOffset: number): bigint {
  const [now, setNow] = useState(seconds);
  useEffect(() => {
    const timer = setInterval(() => setNow(seconds()), 1000);
    return () => clearInterval(timer);
  }, []);
  return BigInt(now + clockOffset);
}
