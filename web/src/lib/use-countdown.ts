import { useEffect, useState } from 'react';

/** Milliseconds left until `deadline` (an epoch time, or null for none), updated as it runs down. */
export function useCountdown(deadline: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    const tick = () => setNow(Date.now());
    tick();
    const timer = window.setInterval(tick, 250);
    const stop = window.setTimeout(
      () => {
        tick();
        window.clearInterval(timer);
      },
      Math.max(0, deadline - Date.now()) + 20,
    );
    return () => {
      window.clearInterval(timer);
      window.clearTimeout(stop);
    };
  }, [deadline]);
  return deadline === null ? 0 : Math.max(0, deadline - now);
}

/** 28_400 → '0:29' */
export function formatCountdown(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
