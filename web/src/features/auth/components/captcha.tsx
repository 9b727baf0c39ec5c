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

/** The first of these in the form shows the user turning to it (a key is pressed only in a focused field). */
const FIRST_USE = ['focusin', 'pointerdown'] as const;

interface StateChangeDetail {
  state: string;
  payload: string | null;
}

/** The ALTCHA proof-of-work checkbox; its payload goes to the login call as the captchaToken header. */
export function Captcha({ challengeUrl, onChange, ref }: CaptchaProps) {
  const widgetRef = useRef<AltchaWidgetElement>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  // The widget's code (a tenth of a second of a phone's main thread) loads when the user first
  // focuses or touches the form, not while the page starts: the checkbox is needed only
  // after the email and password. Until then the element's place shows its box (styles.css); the
  // element upgrades itself once defined.
  useEffect(() => {
    const widget = widgetRef.current!;
    const mounted = new AbortController();
    const firstUse = new AbortController();
    widget.addEventListener(
      'statechange',
      (event) => {
        const { state, payload } = (event as CustomEvent<StateChangeDetail>).detail;
        onChangeRef.current(state === 'verified' ? payload : null);
      },
      { signal: mounted.signal },
    );
    const load = () => {
      firstUse.abort();
      void import('altcha');
    };
    for (const type of FIRST_USE) (widget.closest('form') ?? document).addEventListener(type, load, { signal: firstUse.signal });
    return () => {
      mounted.abort();
      firstUse.abort();
    };
  }, []);

  useImperativeHandle(ref, () => ({ reset: () => widgetRef.current?.reset?.() }), []);

  return <altcha-widget ref={widgetRef} challenge={challengeUrl} style={{ '--altcha-max-width': '100%' }} />;
}
