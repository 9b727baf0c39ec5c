import type { Operation, ProductDefinition } from '@verigate/catalog';
import { useCallback, useEffect, useRef, useState } from 'react';
import { productTiming } from '@/lib/timing';
import { buildPayload, initialState, validate, withCount, withValue, type FormErrors, type FormState, type FormValue, type Payload } from './form-model';

export interface TrialForm {
  operation: Operation;
  state: FormState;
  errors: FormErrors;
  setValue(path: string, value: FormValue): void;
  setToggle(id: string, on: boolean): void;
  setCount(path: string, count: number): void;
  setConsent(consent: boolean): void;
  /** Checks the form; errors show under their controls and clear after the product's time (2 s, 3 s). */
  check(requestId?: string): boolean;
  payload(requestId?: string): Payload;
}

/**
 * One operation's form: its values, the product's toggles, consent, and the errors of the last
 * check. `consent` overrides the form's own box (a flow's second step carries the first's).
 */
export function useTrialForm(product: ProductDefinition, operation: Operation, { consent }: { consent?: boolean } = {}): TrialForm {
  const [state, setState] = useState<FormState>(() => initialState(operation));
  const [errors, setErrors] = useState<FormErrors>({});
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const effective = consent === undefined ? state : { ...state, consent };

  const check = (requestId?: string) => {
    const found = validate(product, operation, effective, requestId);
    window.clearTimeout(timer.current);
    setErrors(found);
    const broken = Object.keys(found).length > 0;
    if (broken) timer.current = window.setTimeout(() => setErrors({}), productTiming('trialErrorClearMs', product.form.errorClearMs));
    return !broken;
  };

  return {
    operation,
    state: effective,
    errors,
    setValue: useCallback((path, value) => setState((current) => withValue(operation, current, path, value)), [operation]),
    setToggle: useCallback((id, on) => setState((current) => ({ ...current, toggles: { ...current.toggles, [id]: on } })), []),
    setCount: useCallback((path, count) => setState((current) => withCount(operation, current, path, count)), [operation]),
    setConsent: useCallback((next) => setState((current) => ({ ...current, consent: next })), []),
    check,
    payload: (requestId?: string) => buildPayload(operation, effective, requestId),
  };
}
