import { ActionIcon, Alert, Badge, Button, Group, Input, Paper, Skeleton, Stack, Switch, Text, Title, Tooltip } from '@mantine/core';
import { ALL_IPS, IP_MESSAGES, parseIpEntry } from '@verigate/contracts';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useBlocker, useLocation, useNavigate, useParams } from 'react-router';
import { useStepUp } from '@/components/step-up/use-step-up';
import { reportError } from '@/lib/server-messages';
import { showSuccess } from '@/lib/toast';
import { useApp } from '@/features/apps/api/get-app';
import { useIpWhitelist } from '@/features/apps/api/get-ip-whitelist';
import { useUpdateIpWhitelist } from '@/features/apps/api/update-ip-whitelist';
import { ConfirmModal } from '@/features/apps/components/confirm-modal';
import { IconShield, IconTrash } from '@/features/apps/components/icons';
import { allowsAll, isRange, sameAddresses } from '@/features/apps/ip-whitelist';
import './apps.css';

/** /application/manage-apps/{appId}/settings: the app id comes from the path (and, as the seed has it, the navigation state). */
export function AppSettingsPage() {
  const params = useParams();
  const location = useLocation();
  const stateId = (location.state as { appId?: unknown } | null)?.appId;
  const appId = params.appId ?? (typeof stateId === 'string' ? stateId : '');
  const whitelist = useIpWhitelist(appId);
  const navigate = useNavigate();
  const detailPath = `/application/manage-apps/${encodeURIComponent(appId)}/`;

  // A failed load of the list shows the error and goes back to the app (seed 000 §8).
  useEffect(() => {
    if (!whitelist.isError) return;
    reportError(whitelist.error);
    navigate(detailPath, { replace: true });
  }, [whitelist.isError, whitelist.error, navigate, detailPath]);

  if (!whitelist.data) return <SettingsSkeleton />;
  return <IpWhitelisting appId={appId} saved={whitelist.data} detailPath={detailPath} />;
}

function IpWhitelisting({ appId, saved, detailPath }: { appId: string; saved: string[]; detailPath: string }) {
  const app = useApp(appId);
  const navigate = useNavigate();
  const stepUp = useStepUp();
  const update = useUpdateIpWhitelist(appId);
  const savedOn = !allowsAll(saved);
  const [enabled, setEnabled] = useState(savedOn);
  const [ips, setIps] = useState<string[]>(savedOn ? saved : []);
  const [removed, setRemoved] = useState<string[]>([]);
  const [entry, setEntry] = useState('');
  const [entryError, setEntryError] = useState<string | null>(null);
  const [confirmingOff, setConfirmingOff] = useState(false);
  const entryId = useId();
  const appName = app.data?.name ?? 'this app';

  const dirty = enabled ? !sameAddresses(ips, savedOn ? saved : []) : savedOn;
  const canSave = enabled && dirty && ips.length > 0;

  // Unsaved changes warn on any way out: the top bar's back link, Back, the sidebar, browser back.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const save = async (next: string[], purpose: string) => {
    try {
      const outcome = await stepUp.verify(purpose, (proof) => update.mutateAsync({ ips: next, proof }));
      if (outcome.status !== 'done') return;
      const stored = outcome.value.ip_whitelisted;
      const on = !allowsAll(stored);
      setEnabled(on);
      setIps(on ? stored : []);
      setRemoved([]);
      setEntry('');
      setEntryError(null);
      showSuccess(IP_MESSAGES.saved);
    } catch (error) {
      reportError(error);
    }
  };

  const onSwitch = (on: boolean) => {
    if (on) {
      setEnabled(true);
      return;
    }
    if (savedOn) {
      setConfirmingOff(true);
      return;
    }
    // Nothing saved yet: switching off just drops the unsaved list.
    setEnabled(false);
    setIps([]);
    setRemoved([]);
    setEntry('');
    setEntryError(null);
  };

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    const result = parseIpEntry(entry, ips, removed);
    if ('error' in result) {
      setEntryError(result.error);
      return;
    }
    setIps([...ips, ...result.ips]);
    setEntry('');
    setEntryError(null);
  };

  const remove = (ip: string) => {
    setIps(ips.filter((item) => item !== ip));
    setRemoved([...removed, ip]);
  };
  const restore = (ip: string) => {
    setRemoved(removed.filter((item) => item !== ip));
    setIps([...ips, ip]);
  };

  return (
    <Stack gap="lg">
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
            <Switch
              checked={enabled}
              onChange={(event) => onSwitch(event.currentTarget.checked)}
              aria-label="IP Whitelisting"
              classNames={{ input: 'switch-input' }}
              size="md"
              disabled={update.isPending}
            />
          </Group>

          {!enabled ? (
            <Alert color="yellow" variant="light" title="All IP addresses are allowed" role="note">
              By default any IP address can call this app's API. We recommend limiting access: turn on IP Whitelisting and list only the addresses of your
              servers.
            </Alert>
          ) : (
            <>
              <form onSubmit={onAdd} noValidate>
                <Input.Wrapper
                  id={entryId}
                  label="IP addresses to whitelist"
                  description="Separate several addresses with commas. IPv4, IPv6 and CIDR ranges (203.0.113.0/24) are accepted."
                  error={entryError}
                  inputWrapperOrder={['label', 'input', 'error', 'description']}
                  descriptionProps={{ id: `${entryId}-description` }}
                  errorProps={{ id: `${entryId}-error`, role: 'alert' }}
                  size="md"
                >
                  <Group align="flex-start" gap="sm" wrap="nowrap">
                    <Input
                      id={entryId}
                      placeholder="203.0.113.10, 198.51.100.0/24"
                      value={entry}
                      onChange={(event) => {
                        setEntry(event.currentTarget.value);
                        if (entryError) setEntryError(null);
                      }}
                      error={Boolean(entryError)}
                      aria-invalid={entryError ? true : undefined}
                      aria-describedby={entryError ? `${entryId}-error ${entryId}-description` : `${entryId}-description`}
                      autoComplete="off"
                      spellCheck={false}
                      size="md"
                      style={{ flex: 1, minWidth: 0 }}
                    />
                    <Button type="submit">Add</Button>
                  </Group>
                </Input.Wrapper>
              </form>

              <AddressList
                title="Whitelisted IP addresses"
                ips={ips}
                empty="No IP addresses yet. Add the addresses of your servers above."
                renderAction={(ip) => (
                  <Tooltip label="Remove" withArrow>
                    <ActionIcon variant="subtle" color="red" onClick={() => remove(ip)} aria-label={`Remove ${ip}`}>
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                )}
              />
              {removed.length > 0 && (
                <AddressList
                  title="Marked for removal"
                  note="Removed when you save."
                  ips={removed}
                  removedStyle
                  renderAction={(ip) => (
                    <Button size="compact-sm" variant="light" onClick={() => restore(ip)} aria-label={`Restore ${ip}`}>
                      Restore
                    </Button>
                  )}
                />
              )}
            </>
          )}
        </Stack>
      </Paper>

      <Group justify="space-between" gap="sm">
        <Button variant="default" onClick={() => navigate(detailPath)}>
          Back
        </Button>
        <Group gap="sm">
          {dirty && (
            <Text fz="sm" c="dimmed" role="status">
              {enabled && ips.length === 0 ? 'Add at least one IP address to save.' : 'You have unsaved changes.'}
            </Text>
          )}
          <Button onClick={() => void save(ips, `save the IP whitelist of ${appName}`)} disabled={!canSave} loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Group>

      <ConfirmModal
        opened={confirmingOff}
        title="Disable IP whitelisting?"
        confirmLabel="Disable"
        onConfirm={() => {
          setConfirmingOff(false);
          void save([ALL_IPS], `allow every IP address to call ${appName}`);
        }}
        onClose={() => setConfirmingOff(false)}
      >
        Every IP address will be able to call this app's API with its keys. The saved list ({saved.length} {saved.length === 1 ? 'address' : 'addresses'}) will
        be cleared.
      </ConfirmModal>
      <ConfirmModal
        opened={blocker.state === 'blocked'}
        title="Unsaved changes"
        confirmLabel="Discard"
        onConfirm={() => blocker.proceed?.()}
        onClose={() => blocker.reset?.()}
      >
        Your changes to the IP whitelist are not saved. Discard them and leave this page?
      </ConfirmModal>
      {stepUp.popup}
    </Stack>
  );
}

interface AddressListProps {
  title: string;
  note?: string;
  ips: string[];
  empty?: string;
  removedStyle?: boolean;
  renderAction: (ip: string) => ReactNode;
}

function AddressList({ title, note, ips, empty, removedStyle, renderAction }: AddressListProps) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <Group gap="xs" mb={6}>
        <Title order={3} fz="sm" id={titleId}>
          {title}
        </Title>
        <Badge size="sm" variant="light" color={removedStyle ? 'red' : 'gray'} radius="sm">
          {ips.length}
        </Badge>
        {note && (
          <Text fz="xs" c="dimmed">
            {note}
          </Text>
        )}
      </Group>
      {ips.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }} className={removedStyle ? 'ip-removed' : undefined}>
          {ips.map((ip) => (
            <Group
              component="li"
              key={ip}
              justify="space-between"
              gap="xs"
              wrap="nowrap"
              bg="gray.0"
              px="sm"
              py={6}
              style={{ borderRadius: 'var(--mantine-radius-sm)' }}
            >
              <Group gap="xs" wrap="nowrap" miw={0}>
                <Text component="span" fz="sm" className="ip-address">
                  {ip}
                </Text>
                {isRange(ip) && (
                  <Badge size="xs" variant="outline" color="brand" radius="sm" tt="none">
                    Range
                  </Badge>
                )}
              </Group>
              {renderAction(ip)}
            </Group>
          ))}
        </Stack>
      )}
    </section>
  );
}

function SettingsSkeleton() {
  return (
    <Paper withBorder radius="lg" p="lg" aria-busy="true" aria-label="Loading IP whitelisting">
      <Stack gap="md">
        <Skeleton h={24} w="40%" />
        <Skeleton h={14} w="70%" />
        <Skeleton h={64} />
        <Skeleton h={40} />
        <Skeleton h={40} />
      </Stack>
    </Paper>
  );
}
