import { useCallback, useEffect, useRef, useState } from 'react';

/** A message that stays up until cleared, or for a given time ('OTP is invalid!, please re-enter' for 2 s). */
export function useTimedMessage() {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const clear = useCallback(() => {
    window.clearTimeout(timer.current);
    setMessage(null);
  }, []);
  const show = useCallback((next: string, forMs?: number) => {
    window.clearTimeout(timer.current);
    setMessage(next);
    if (forMs !== undefined) timer.current = window.setTimeout(() => setMessage(null), forMs);
  }, []);

  return { message, show, clear };
}
