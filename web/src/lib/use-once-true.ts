import { useState } from 'react';

/**
 * False until `condition` is first true, then true for good: for a part built only once it is
 * first needed (a drawer's links, a dialog's code, the toasts' container) and then kept.
 */
export function useOnceTrue(condition: boolean): boolean {
  const [reached, setReached] = useState(condition);
  if (condition && !reached) setReached(true);
  return reached || condition;
}
