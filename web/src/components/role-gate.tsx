import { Box, Text, Tooltip } from '@mantine/core';
import { can, PERMISSION_MESSAGES, ROLE_LABELS, type Permission } from '@verigate/contracts';
import { useId, type ReactElement } from 'react';
import { useRole } from '@/lib/use-role';
import './role-gate.css';

interface RoleGateProps {
  permission: Permission;
  /** The control, disabled when `refused`. */
  children: (refused: boolean) => ReactElement;
  /**
   * Show the short note under the control on phones (a tooltip needs a hover). Off for a control
   * repeated on every row, where a gated control of the same card (Add Key) already shows it.
   */
  note?: boolean;
}

/**
 * A control the member's role may not use: disabled, with the server's refusal in a tooltip (on
 * hover, focus and touch) and, on phones, in a short note under it. Allowed while the role is not
 * known yet: the server refuses anyway.
 */
export function RoleGate({ permission, children, note = true }: RoleGateProps) {
  const role = useRole();
  const reasonId = useId();
  if (role === undefined || can(role, permission)) return children(false);
  return (
    <Box display="inline-flex" style={{ flexDirection: 'column', gap: 4, alignItems: 'flex-start' }}>
      <Tooltip label={PERMISSION_MESSAGES.refused(role)} multiline maw={280} withArrow events={{ hover: true, focus: true, touch: true }}>
        {/* A disabled control takes no focus and no pointer: the wrapper takes both, for the tooltip. */}
        <span tabIndex={0} aria-describedby={reasonId} style={{ display: 'inline-flex' }} data-role-refused>
          {children(true)}
        </span>
      </Tooltip>
      <Text id={reasonId} hiddenFrom={note ? 'sm' : undefined} display={note ? undefined : 'none'} fz="xs" c="dimmed" lh={1.35}>
        {roleNote(role)}
      </Text>
    </Box>
  );
}

const roleNote = (role: keyof typeof ROLE_LABELS) => `Not allowed for your role (${ROLE_LABELS[role]})`;
