import { IDLE_DEBOUNCE_MS } from '@verigate/contracts';
import { useEffect, useRef } from 'react';

const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'mousedown', 'touchstart', 'scroll'] as const;

/** Calls onIdle once timeoutMs pass without any user activity. */
export function useIdleTimer(timeoutMs: number, onIdle: () => void): void {
  const onIdleRef = useRef(onIdle);
  useEffect(() => {
    onIdleRef.current = onIdle;
  });

  useEffect(() => {
    const fire = () => onIdleRef.current();
    let idleTimer = setTimeout(fire, timeoutMs);
    let debounceTimer: ReturnType<typeof setTimeout> | undefined;

    const restart = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(fire, timeoutMs);
    };
    const onActivity = () => {
      clearTimeout(debounceTimer);
      debounceTimer = setTimeout(restart, IDLE_DEBOUNCE_MS);
    };
    // Capture, because scroll does not bubble and inner scroll areas count as activity too.
    const listenerOptions = { capture: true, passive: true };
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, onActivity, listenerOptions);
    return () => {
      clearTimeout(idleTimer);
      clearTimeout(debounceTimer);
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity, listenerOptions);
    };
  }, [timeoutMs]);
}
