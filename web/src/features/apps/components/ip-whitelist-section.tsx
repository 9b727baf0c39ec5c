import { ActionIcon, Alert, Button, Group, Paper, Stack, Switch, Text, Title, Tooltip } from '@mantine/core';
import { isPrivateAddress, privateAddressHint } from '@verigate/contracts';
import { IconShield, IconTrash } from '@/components/icons';
import { RoleGate } from '@/components/role-gate';
import { useCan } from '@/lib/use-role';
import type { WhitelistDraftState } from '@/features/apps/use-whitelist-draft';
import { AddressList } from './address-list';
import { IpEntryForm } from './ip-entry-form';

interface IpWhitelistSectionProps {
  appName: string;
  draft: WhitelistDraftState;
  saving: boolean;
  /** The switch was turned off: the caller asks first when a list is saved. */
  onSwitchOff: () => void;
}

/**
 * App Settings' IP Whitelisting section: the switch, then the entry field and the two lists. A role
 * that may not manage apps reads the list only: the switch is disabled, the field and the remove buttons are not shown.
 */
export function IpWhitelistSection({ appName, draft, saving, onSwitchOff }: IpWhitelistSectionProps) {
  const editable = useCan('apps.manage');
  return (
    <Paper component="section" aria-labelledby="ip-whitelisting-title" withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="md" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <IconShield size={24} style={{ flexShrink: 0 }} />
            <Stack gap={2}>
              <Title order={2} fz="lg" id="ip-whitelisting-title">
                IP Whitelisting
              </Title>
              <Text fz="sm" c="dimmed">
                Only whitelisted addresses can call the API with the keys of <strong>{appName}</strong>.
              </Text>
            </Stack>
          </Group>
          <RoleGate permission="apps.manage">
            {(refused) => (
              <Switch
                checked={draft.enabled}
                onChange={(event) => (event.currentTarget.checked ? draft.switchOn() : onSwitchOff())}
                aria-label="IP Whitelisting"
                classNames={{ input: 'switch-input' }}
                size="md"
                disabled={saving || refused}
              />
            )}
          </RoleGate>
        </Group>

        {!draft.enabled ? (
          <Alert color="yellow" variant="light" title="All IP addresses are allowed" role="note">
            By default any IP address can call this app's API. We recommend limiting access: turn on IP Whitelisting and list only the addresses of your
            servers.
          </Alert>
        ) : (
          <>
            {editable && <IpEntryForm entry={draft.entry} error={draft.entryError} onType={draft.type} onAdd={draft.add} />}
            <AddressList
              title="Whitelisted IP addresses"
              ips={draft.ips}
              empty="No IP addresses yet. Add the addresses of your servers above."
              renderAction={(ip) =>
                editable && (
                  <Tooltip label="Remove" withArrow>
                    <ActionIcon variant="subtle" color="red" onClick={() => draft.remove(ip)} aria-label={`Remove ${ip}`}>
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                )
              }
            />
            {draft.ips.some(isPrivateAddress) && (
              <Alert color="blue" variant="light" role="note" title="Private addresses">
                <Stack gap={4}>
                  {draft.ips.filter(isPrivateAddress).map((ip) => (
                    <Text key={ip} fz="sm">
                      {privateAddressHint(ip)}
                    </Text>
                  ))}
                </Stack>
              </Alert>
            )}
            {draft.removed.length > 0 && (
              <AddressList
                title="Marked for removal"
                note="Removed when you save."
                ips={draft.removed}
                removedStyle
                renderAction={(ip) => (
                  <Button size="compact-sm" variant="light" onClick={() => draft.restore(ip)} aria-label={`Restore ${ip}`}>
                    Restore
                  </Button>
                )}
              />
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
