import { firstBrokenRule, type Rule } from '@verigate/contracts';
import { useState, type ChangeEvent } from 'react';

let pointerPressed = false;
// The login form is also drawn at build time, in Node, where there is no window.
if (typeof window !== 'undefined') {
  window.addEventListener('pointerdown', () => (pointerPressed = true), true);
  window.addEventListener('pointerup', () => (pointerPressed = false), true);
  window.addEventListener('pointercancel', () => (pointerPressed = false), true);
}

/**
 * Runs the check now, or once the pressed pointer is released: a blur caused by a press on another
 * control would otherwise insert an error message mid-click, move that control, and lose the click.
 */
function afterPointerRelease(run: () => void): void {
  if (!pointerPressed) return run();
  window.addEventListener('pointerup', () => setTimeout(run), { capture: true, once: true });
}

export interface FieldOptions {
  /** Rewrites what is typed before it is kept and checked (for example upper-casing a GSTIN). */
  transform?: (value: string) => string;
}

/** A text field checked against contract rules on blur and on submit, and live once it shows an error. */
export function useField(rules: readonly Rule[], initialValue = '', options: FieldOptions = {}) {
  const [value, setValue] = useState(initialValue);
  const [error, setError] = useState<string | null>(null);
  /** The server's word on the value sent (a wrong current password): kept until the value changes. */
  const [rejection, setRejection] = useState<string | null>(null);

  const check = (candidate: string): boolean => {
    const message = firstBrokenRule(rules, candidate);
    setError(message);
    return message === null;
  };

  return {
    value,
    error: error ?? rejection,
    validate: () => check(value),
    /** Marks the field with what the server said about its value, until the value changes. */
    reject: setRejection,
    inputProps: {
      value,
      error: error ?? rejection,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const next = options.transform ? options.transform(event.currentTarget.value) : event.currentTarget.value;
        setValue(next);
        setRejection(null);
        if (error) check(next);
      },
      onBlur: () => afterPointerRelease(() => check(value)),
    },
  };
}
