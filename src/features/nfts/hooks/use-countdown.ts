import { useEffect, useState } from 'react';

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** True once the deadline has passed (or the date is unusable). */
  done: boolean;
}

function countdownParts(deadlineMs: number, nowMs: number): CountdownParts {
  const left = Math.max(0, Math.floor((deadlineMs - nowMs) / 1000));
  return {
    days: Math.floor(left / 86400),
    hours: Math.floor((left % 86400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
    done: left === 0,
  };
}

/**
 * Time left until `deadline`, ticking every second (deployed-system.md §P9). The interval stops at zero and is
 * cleared on unmount or when the deadline changes. Null for a missing or invalid deadline.
 */
export function useCountdown(deadline: string | null | undefined): CountdownParts | null {
  const deadlineMs = deadline ? new Date(deadline).getTime() : Number.NaN;
  const valid = Number.isFinite(deadlineMs);
  const [now, setNow] = useState(() => Date.now());
  const done = !valid || deadlineMs <= now;

  useEffect(() => {
    if (done) return;
    const timer = window.setInterval(() => {
      const next = Date.now();
      setNow(next);
      if (next >= deadlineMs) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [deadlineMs, done]);

  return valid ? countdownParts(deadlineMs, now) : null;
}
