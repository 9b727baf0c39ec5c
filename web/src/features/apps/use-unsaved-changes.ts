import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * While `dirty`, every way out warns: a link or Back inside the portal is held (answer the returned
 * blocker with proceed or reset), and closing or reloading the tab asks the browser's question.
 */
export function useUnsavedChanges(dirty: boolean) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return blocker;
}
