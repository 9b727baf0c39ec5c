import { Group, Input, Text } from '@mantine/core';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import './step-up.css';

/**
 * The state of a row of single-character boxes (a 4-digit ZPIN, a 6-digit OTP). Any character can
 * be typed, so a non-digit gets its message ('ZPIN should be numeric') instead of vanishing.
 */
export function useCode(length: number) {
  const empty = useMemo(() => Array<string>(length).fill(''), [length]);
  const [chars, setChars] = useState<string[]>(empty);
  const [touched, setTouched] = useState(false);
  const refs = useRef<Array<HTMLInputElement | null>>([]);
  /** Set by clear(): the first box takes the focus as soon as it is enabled again. */
  const wantsFocus = useRef(false);

  const focus = useCallback((index: number) => refs.current[Math.max(0, Math.min(index, length - 1))]?.focus(), [length]);
  const clear = useCallback(() => {
    setChars(empty);
    setTouched(false);
    wantsFocus.current = true;
  }, [empty]);

  const value = chars.join('');
  return {
    length,
    chars,
    value,
    /** Every box holds a character. */
    filled: chars.every((char) => char !== ''),
    /** Every box holds a digit: the value may be submitted. */
    complete: chars.every((char) => /^\d$/.test(char)),
    /** Something was typed once (so an emptied row may say it cannot be empty). */
    touched,
    set: (next: string[]) => {
      setChars(next);
      setTouched(true);
    },
    clear,
    focus,
    refs,
    wantsFocus,
  };
}

export type Code = ReturnType<typeof useCode>;

/** The message for what is typed so far: empty (once touched) or not numeric; null otherwise. */
export function codeProblem(code: Code, messages: { empty: string; notNumeric: string }): string | null {
  if (code.chars.some((char) => char !== '' && !/^\d$/.test(char))) return messages.notNumeric;
  if (code.touched && code.value === '') return messages.empty;
  return null;
}

interface CodeInputProps {
  code: Code;
  /** The visible label of the row ('Enter your ZPIN'). */
  label: string;
  /** Each box is named '{digitLabel} digit {n}' ('ZPIN digit 1'). */
  digitLabel: string;
  error?: string | null;
  /** Shown under the boxes while there is no error. */
  description?: string;
  mask?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  /** Lets the browser offer a mailed or texted code (autocomplete="one-time-code"). */
  oneTimeCode?: boolean;
}

export function CodeInput({ code, label, digitLabel, error, description, mask, disabled, autoFocus, oneTimeCode }: CodeInputProps) {
  const labelId = useId();
  const messageId = useId();
  const { chars, length, refs, focus, wantsFocus } = code;
  const autoFocused = useRef(false);

  // Focus the first box on opening (once enabled: an OTP row waits for its relay id) and after a clear.
  useEffect(() => {
    if (disabled) return;
    if (wantsFocus.current || (autoFocus && !autoFocused.current)) {
      wantsFocus.current = false;
      autoFocused.current = true;
      focus(0);
    }
  }, [disabled, chars, autoFocus, focus, wantsFocus]);

  /** Writes typed (or pasted, or autofilled) characters from box `index` on. */
  const write = (index: number, text: string) => {
    const incoming = [...text.replace(/\s+/g, '')];
    if (incoming.length === 0) return;
    const next = [...chars];
    incoming.slice(0, length - index).forEach((char, offset) => (next[index + offset] = char));
    code.set(next);
    focus(Math.min(index + incoming.length, length - 1));
  };

  const onChange = (index: number, raw: string) => {
    if (raw === '') {
      const next = [...chars];
      next[index] = '';
      code.set(next);
      return;
    }
    const previous = chars[index] ?? '';
    // A second character typed into a filled box (caret not on a selection): keep the new one.
    if (raw.length === 2 && previous !== '' && raw.includes(previous)) {
      write(index, raw.startsWith(previous) ? raw.slice(1) : raw.slice(0, 1));
      return;
    }
    write(index, raw);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && chars[index] === '' && index > 0) {
      event.preventDefault();
      const next = [...chars];
      next[index - 1] = '';
      code.set(next);
      focus(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === 'ArrowRight' && index < length - 1) {
      event.preventDefault();
      focus(index + 1);
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    write(index, event.clipboardData.getData('text/plain'));
  };

  const message = error ?? description;

  return (
    <div role="group" aria-labelledby={labelId} className="code-input">
      <Text id={labelId} component="div" fz="sm" fw={600} mb={8}>
        {label}
      </Text>
      <Group gap={8} wrap="nowrap" className="code-input-boxes">
        {chars.map((char, index) => (
          <Input
            key={index}
            component="input"
            ref={(node: HTMLInputElement | null) => {
              refs.current[index] = node;
            }}
            value={char}
            onChange={(event) => onChange(index, event.currentTarget.value)}
            onKeyDown={(event) => onKeyDown(index, event)}
            onPaste={(event) => onPaste(index, event)}
            onFocus={(event) => event.currentTarget.select()}
            aria-label={`${digitLabel} digit ${index + 1}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={message ? messageId : undefined}
            type={mask ? 'password' : 'text'}
            inputMode="numeric"
            autoComplete={oneTimeCode && index === 0 ? 'one-time-code' : 'off'}
            data-autofocus={autoFocus && index === 0 ? true : undefined}
            disabled={disabled}
            error={Boolean(error)}
            size="lg"
            classNames={{ input: 'code-input-box' }}
          />
        ))}
      </Group>
      {error ? (
        <Text id={messageId} fz="sm" mt={6} c="red" role="alert">
          {error}
        </Text>
      ) : (
        description && (
          <Text id={messageId} fz="sm" mt={6} c="dimmed">
            {description}
          </Text>
        )
      )}
    </div>
  );
}
