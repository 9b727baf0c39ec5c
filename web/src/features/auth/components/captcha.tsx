import type { AltchaWidgetElement } from 'altcha';
import type {} from 'altcha/types/react';
import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';

export interface CaptchaHandle {
  reset: () => void;
}

interface CaptchaProps {
  challengeUrl: string;
  /** The solved payload, or null whenever the widget is not in its verified state. */
  onChange: (payload: string | null) => void;
  ref?: Ref<CaptchaHandle>;
}

interface StateChangeDetail {
  state: string;
  payload: string | null;
}

/** The ALTCHA proof-of-work checkbox; its payload goes to the login call as the captchaToken header. */
export function Captcha({ challengeUrl, onChange, ref }: CaptchaProps) {
  // The widget's code arrives after the form is drawn; the element upgrades itself once defined.
  useEffect(() => {
    void import('altcha');
  }, []);
  const widgetRef = useRef<AltchaWidgetElement>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  useEffect(() => {
    const widget = widgetRef.current;
    if (!widget) return;
    const onStateChange = (event: Event) => {
      const { state, payload } = (event as CustomEvent<StateChangeDetail>).detail;
      onChangeRef.current(state === 'verified' ? payload : null);
    };
    widget.addEventListener('statechange', onStateChange);
    return () => widget.removeEventListener('statechange', onStateChange);
  }, []);

  useImperativeHandle(ref, () => ({ reset: () => widgetRef.current?.reset?.() }), []);

  return <altcha-widget ref={widgetRef} challenge={challengeUrl} style={{ '--altcha-max-width': '100%' }} />;
}
