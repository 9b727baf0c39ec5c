import { ActionIcon, Group, Paper, Stack, Switch, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import type { AppKey } from '@verigate/contracts';
import { RoleGate } from '@/components/role-gate';
import { IconRefresh, IconTrash } from '@/components/icons';
import { formatDateTime } from '@/lib/format';
import { ScrollTable } from '@/components/scroll-table';
import { PHONE_WIDTH, useMedia } from '@/lib/use-media';

interface KeysTableProps {
  keys: AppKey[];
  /** The key whose status change is under way. */
  busyKey: string | null;
  onToggle: (key: AppKey) => void;
  onDelete: (key: AppKey) => void;
  onRoll: (key: AppKey) => void;
}

/** Manage Keys: name, dates, last use, expiry, a status switch (ZPIN or OTP to change), roll and delete buttons. */
export function KeysTable({ keys, busyKey, onToggle, onDelete, onRoll }: KeysTableProps) {
  // Phones get one card per key rather than a table to scroll sideways.
  const compact = useMedia(PHONE_WIDTH);

  if (keys.length === 0) {
    return (
      <Paper bg="gray.0" radius="md" p="xl" ta="center">
        <Text fw={600}>No active key associated</Text>
        <Text fz="sm" c="dimmed" mt={4}>
          Click Add Key to generate a new API key...
        </Text>
      </Paper>
    );
  }

  if (compact) {
    return (
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label="API keys">
        {keys.map((key) => (
          <Paper component="li" key={key._id} bg="gray.0" radius="md" p="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <KeyName appKey={key} />
              <Group gap={4} wrap="nowrap">
                <RollButton appKey={key} onRoll={onRoll} />
                <DeleteButton appKey={key} onDelete={onDelete} />
              </Group>
            </Group>
            <Text fz="xs" c="dimmed" mt={6}>
              Created {formatDateTime(key.createdAt)} · Updated {formatDateTime(key.updatedAt)}
            </Text>
            <Text fz="xs" c="dimmed">
              Last used: <LastUsed appKey={key} inline />
            </Text>
            <Text fz="xs" c="dimmed">
              Expires: <Expires appKey={key} />
            </Text>
            <StatusSwitch appKey={key} busy={busyKey === key.key_name} onToggle={onToggle} />
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <ScrollTable label="API keys table" minWidth={900}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="API keys">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Key name</Table.Th>
            <Table.Th>Created At</Table.Th>
            <Table.Th>Updated At</Table.Th>
            <Table.Th>Last used</Table.Th>
            <Table.Th>Expires</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th pos="relative">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((key) => (
            <Table.Tr key={key._id}>
              <Table.Td>
                <KeyName appKey={key} />
              </Table.Td>
              <Table.Td fz="sm">{formatDateTime(key.createdAt)}</Table.Td>
              <Table.Td fz="sm">{formatDateTime(key.updatedAt)}</Table.Td>
              <Table.Td fz="sm">
                <LastUsed appKey={key} />
              </Table.Td>
              <Table.Td fz="sm">
                <Expires appKey={key} />
              </Table.Td>
              <Table.Td>
                <StatusSwitch appKey={key} busy={busyKey === key.key_name} onToggle={onToggle} />
              </Table.Td>
              <Table.Td ta="right">
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <RollButton appKey={key} onRoll={onRoll} />
                  <DeleteButton appKey={key} onDelete={onDelete} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

function KeyName({ appKey }: { appKey: AppKey }) {
  return (
    <Stack gap={0} miw={0}>
      <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {appKey.key_name}
      </Text>
      {appKey.key_start && (
        <Text fz="xs" c="dimmed" ff="monospace">
          {appKey.key_start}…
        </Text>
      )}
    </Stack>
  );
}

/** Named 'Enable key {name}': on means enabled; changing it asks for the ZPIN or an OTP. */
function StatusSwitch({ appKey, busy, onToggle }: { appKey: AppKey; busy: boolean; onToggle: (key: AppKey) => void }) {
  const enabled = appKey.status === 'ENABLED';
  return (
    <Group gap="xs" wrap="nowrap" mt={{ base: 8, sm: 0 }}>
      <RoleGate permission="apps.manage" note={false}>
        {(refused) => (
          <Switch
            checked={enabled}
            onChange={() => onToggle(appKey)}
            disabled={busy || refused}
            aria-label={`Enable key ${appKey.key_name}`}
            color="green"
            classNames={{ input: 'switch-input' }}
          />
        )}
      </RoleGate>
      <Text fz="sm" c={enabled ? 'green' : 'dimmed'} fw={600} aria-hidden="true">
        {enabled ? 'Enabled' : 'Disabled'}
      </Text>
    </Group>
  );
}

/** When the key was last used and from which client address; 'Never' before its first call. */
function LastUsed({ appKey, inline = false }: { appKey: AppKey; inline?: boolean }) {
  if (appKey.lastUsedAt === null) return <>Never</>;
  if (inline) return <>{`${formatDateTime(appKey.lastUsedAt)} from ${appKey.lastClientIp ?? 'unknown'}`}</>;
  return (
    <Stack gap={0}>
      <span>{formatDateTime(appKey.lastUsedAt)}</span>
      {appKey.lastClientIp && (
        <Text span fz="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {appKey.lastClientIp}
        </Text>
      )}
    </Stack>
  );
}

/** The expiry, or the end of a rolled key's overlap; a past expiry reads Expired, in red. */
function Expires({ appKey }: { appKey: AppKey }) {
  if (appKey.expiresAt === null) return <>Never</>;
  const when = formatDateTime(appKey.expiresAt);
  const ended = appKey.expiresAt <= Date.now();
  if (appKey.rolledAt !== null) return <>{ended ? `Rolled, stopped ${when}` : `Rolled, works until ${when}`}</>;
  return ended ? (
    <Text span fz="inherit" c="red">
      Expired {when}
    </Text>
  ) : (
    <>{when}</>
  );
}

/** Roll: a new value for the key, the old one kept for an overlap. A key is rolled once. */
function RollButton({ appKey, onRoll }: { appKey: AppKey; onRoll: (key: AppKey) => void }) {
  if (appKey.rolledAt !== null) return null;
  return (
    <RoleGate permission="apps.manage" note={false}>
      {(refused) => (
        <Tooltip label="Roll key" withArrow disabled={refused}>
          <ActionIcon variant="subtle" size="lg" onClick={() => onRoll(appKey)} disabled={refused} aria-label={`Roll key ${appKey.key_name}`}>
            <IconRefresh size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </RoleGate>
  );
}

function DeleteButton({ appKey, onDelete }: { appKey: AppKey; onDelete: (key: AppKey) => void }) {
  return (
    <RoleGate permission="apps.manage" note={false}>
      {(refused) => (
        <Tooltip label="Delete key" withArrow disabled={refused}>
          <ActionIcon variant="subtle" color="red" size="lg" onClick={() => onDelete(appKey)} disabled={refused} aria-label={`Delete key ${appKey.key_name}`}>
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </RoleGate>
  );
}
