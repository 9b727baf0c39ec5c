import { Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { ALL_IPS, IP_MESSAGES } from '@verigate/contracts';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useStepUp } from '@/features/step-up';
import { reportError } from '@/lib/server-messages';
import { showSuccess } from '@/lib/toast';
import { useApp } from '@/features/apps/api/get-app';
import { useIpWhitelist } from '@/features/apps/api/get-ip-whitelist';
import { useUpdateIpWhitelist } from '@/features/apps/api/update-ip-whitelist';
import { ConfirmModal } from '@/components/confirm-modal';
import { RoleGate } from '@/components/role-gate';
import { IpWhitelistSection } from '@/features/apps/components/ip-whitelist-section';
import { useUnsavedChanges } from '@/features/apps/use-unsaved-changes';
import { useWhitelistDraft } from '@/features/apps/use-whitelist-draft';
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
  return <AppSettings appId={appId} saved={whitelist.data} detailPath={detailPath} />;
}

/** App Settings: the IP whitelist as saved, edited as a draft, saved with a ZPIN or OTP. */
function AppSettings({ appId, saved, detailPath }: { appId: string; saved: string[]; detailPath: string }) {
  const app = useApp(appId);
  const navigate = useNavigate();
  const stepUp = useStepUp();
  const update = useUpdateIpWhitelist(appId);
  const draft = useWhitelistDraft(saved);
  const [confirmingOff, setConfirmingOff] = useState(false);
  const appName = app.data?.name ?? 'this app';
  // Unsaved changes warn on any way out: the top bar's back link, Back, the sidebar, browser back.
  const blocker = useUnsavedChanges(draft.dirty);

  const save = async (next: string[], purpose: string) => {
    try {
      const outcome = await stepUp.verify(purpose, (proof) => update.mutateAsync({ ips: next, proof }));
      if (outcome.status !== 'done') return;
      draft.reset(outcome.value.ip_whitelisted);
      showSuccess(IP_MESSAGES.saved);
    } catch (error) {
      reportError(error);
    }
  };

  // Nothing saved yet: switching off just drops the unsaved list.
  const onSwitchOff = () => (draft.savedOn ? setConfirmingOff(true) : draft.reset(saved));

  return (
    <Stack gap="lg">
      <IpWhitelistSection appName={appName} draft={draft} saving={update.isPending} onSwitchOff={onSwitchOff} />

      <Group justify="space-between" gap="sm">
        <Button variant="default" onClick={() => navigate(detailPath)}>
          Back
        </Button>
        <Group gap="sm">
          {draft.dirty && (
            <Text fz="sm" c="dimmed" role="status">
              {draft.enabled && draft.ips.length === 0 ? 'Add at least one IP address to save.' : 'You have unsaved changes.'}
            </Text>
          )}
          <RoleGate permission="apps.manage" note={false}>
            {(refused) => (
              <Button
                onClick={() => void save(draft.ips, `save the IP whitelist of ${appName}`)}
                disabled={!draft.canSave || refused}
                loading={update.isPending}
              >
                Save
              </Button>
            )}
          </RoleGate>
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

function SettingsSkeleton() {
  return (
    <Paper withBorder radius="lg" p="lg" role="status" aria-busy="true" aria-label="Loading IP whitelisting">
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
