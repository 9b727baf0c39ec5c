import { Anchor, Box, Button, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconEdit } from '@/components/icons';
import { RoleGate } from '@/components/role-gate';
import './detail-cards.css';

export function DetailList({ rows }: { rows: Array<{ label: string; value: ReactNode }> }) {
  return (
    <Box component="dl" className="detail-list">
      {rows.map((row) => (
        <Box key={row.label} className="detail-row">
          <Text component="dt" fz="xs" c="dimmed" fw={600} tt="uppercase" lts={0.3}>
            {row.label}
          </Text>
          <Text component="dd" fz="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
            {row.value || '—'}
          </Text>
        </Box>
      ))}
    </Box>
  );
}

export function NotAssigned() {
  return (
    <Text fz="sm" c="dimmed">
      Not assigned yet
    </Text>
  );
}

export const EmailLink = ({ email }: { email: string }) => (email ? <Anchor href={`mailto:${email}`}>{email}</Anchor> : null);
export const PhoneLink = ({ phone }: { phone: string }) => (phone ? <Anchor href={`tel:${phone}`}>{phone}</Anchor> : null);

/** Editing the organisation's details needs organisation.manage (owners and admins). */
export function EditButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <RoleGate permission="organisation.manage">
      {(refused) => (
        <Button variant="light" size="xs" leftSection={<IconEdit size={14} />} onClick={onClick} disabled={refused} aria-label={`Edit ${name}`}>
          Edit
        </Button>
      )}
    </RoleGate>
  );
}
