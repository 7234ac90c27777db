import { useEffect, useState } from 'react';
import { TICK_MS } from '../model/countdown';

/** The current time, re-rendered every second until `until` has passed. */
export function useNow(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  const done = now >= until;
  useEffect(() => {
    if (done) return;
    const id = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(id);
  }, [done]);
  return now;
}
