import type { Operation, ProductDefinition } from '@verigate/catalog';
import { useCallback, useState } from 'react';
import { buildPayload, initialState, validate, withCount, withValue, type FormErrors, type FormState, type FormValue, type Payload } from './form-model';

export interface TrialForm {
  operation: Operation;
  state: FormState;
  errors: FormErrors;
  setValue(path: string, value: FormValue): void;
  setToggle(id: string, on: boolean): void;
  setCount(path: string, count: number): void;
  setConsent(consent: boolean): void;
  /** Checks the form; each error shows under its control until that control changes. */
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
  /** An error stays until its control changes: one that vanished on a timer left a button that seemed dead. */
  const forget = useCallback(
    (path: string) =>
      setErrors((current) => {
        if (!(path in current)) return current;
        const { [path]: _changed, ...rest } = current;
        return rest;
      }),
    [],
  );

  const effective = consent === undefined ? state : { ...state, consent };

  const check = (requestId?: string) => {
    const found = validate(product, operation, effective, requestId);
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  return {
    operation,
    state: effective,
    errors,
    setValue: useCallback(
      (path, value) => {
        setState((current) => withValue(operation, current, path, value));
        forget(path);
      },
      [operation, forget],
    ),
    setToggle: useCallback((id, on) => setState((current) => ({ ...current, toggles: { ...current.toggles, [id]: on } })), []),
    setCount: useCallback((path, count) => setState((current) => withCount(operation, current, path, count)), [operation]),
    setConsent: useCallback(
      (next) => {
        setState((current) => ({ ...current, consent: next }));
        forget('consent');
      },
      [forget],
    ),
    check,
    payload: (requestId?: string) => buildPayload(operation, effective, requestId),
  };
}
