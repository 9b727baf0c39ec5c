import { Button, Stack, Text, type ButtonProps } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';

interface GatedButtonProps extends Omit<ButtonProps, 'children'> {
  children: ReactNode;
  /** Why the action is unavailable: the button looks disabled and the reason shows under it. */
  reason: string | null;
  onClick?: () => void;
  /** A link instead of a button, while the action is available. */
  to?: string;
  state?: unknown;
}

/**
 * A button that, while unavailable, stays focusable (aria-disabled rather than disabled) and says
 * why in a line of text under it, read as its description: a tooltip alone is never seen on a phone.
 */
export function GatedButton({ reason, onClick, to, state, children, ...props }: GatedButtonProps) {
  const reasonId = useId();
  if (reason) {
    return (
      <Stack gap={4} align={props.fullWidth ? 'stretch' : 'flex-start'} maw={props.fullWidth ? undefined : 260}>
        <Button {...props} data-disabled aria-disabled="true" aria-describedby={reasonId} onClick={(event) => event.preventDefault()}>
          {children}
        </Button>
        <Text id={reasonId} fz="xs" c="dimmed" lh={1.35}>
          {reason}
        </Text>
      </Stack>
    );
  }
  if (to !== undefined) {
    return (
      <Button {...props} component={Link} to={to} state={state}>
        {children}
      </Button>
    );
  }
  return (
    <Button {...props} onClick={onClick}>
      {children}
    </Button>
  );
}
