import { Button, Tooltip, VisuallyHidden, type ButtonProps } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';

interface GatedButtonProps extends Omit<ButtonProps, 'children'> {
  children: ReactNode;
  /** Why the action is unavailable: the button looks disabled and the reason shows as a tooltip. */
  reason: string | null;
  onClick?: () => void;
  /** A link instead of a button, while the action is available. */
  to?: string;
  state?: unknown;
}

/**
 * A button that, while unavailable, stays focusable and hoverable (aria-disabled rather than
 * disabled) so its tooltip can say why, and is read with that reason.
 */
export function GatedButton({ reason, onClick, to, state, children, ...props }: GatedButtonProps) {
  const reasonId = useId();
  if (reason) {
    return (
      <Tooltip label={reason} withArrow events={{ hover: true, focus: true, touch: true }} multiline maw={260}>
        <Button {...props} data-disabled aria-disabled="true" aria-describedby={reasonId} onClick={(event) => event.preventDefault()}>
          {children}
          <VisuallyHidden id={reasonId}>{reason}</VisuallyHidden>
        </Button>
      </Tooltip>
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
