import { APP_MESSAGES, type AppKey, type AppView } from '@verigate/contracts';
import { useState } from 'react';
import { DetailCard } from '@/components/detail-card';
import { IconPlus } from '@/components/icons';
import type { StepUp } from '@/features/step-up';
import { reportError } from '@/lib/server-messages';
import { showSuccess } from '@/lib/toast';
import { useDeleteAppKey } from '@/features/apps/api/delete-app-key';
import { useToggleAppKey } from '@/features/apps/api/toggle-app-key';
import { AddKeyModal } from './add-key-modal';
import { ConfirmModal } from '@/components/confirm-modal';
import { GatedButton } from '@/components/gated-button';
import { RoleGate } from '@/components/role-gate';
import { KeysTable } from './keys-table';
import { RollKeyModal } from './roll-key-modal';

interface AppKeysCardProps {
  app: AppView;
  /** Why keys cannot be added yet (no products), or null. */
  addKeyBlocked: string | null;
  verify: StepUp['verify'];
}

/** Manage Keys: Add Key, each key's status switch (after ZPIN or OTP), its Roll dialog and its delete button. */
export function AppKeysCard({ app, addKeyBlocked, verify }: AppKeysCardProps) {
  const toggleKey = useToggleAppKey(app._id);
  const deleteKey = useDeleteAppKey(app._id);
  const [adding, setAdding] = useState(false);
  const [toggling, setToggling] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AppKey | null>(null);
  const [rolling, setRolling] = useState<AppKey | null>(null);

  const onToggle = async (key: AppKey) => {
    const enable = key.status !== 'ENABLED';
    setToggling(key.key_name);
    try {
      const outcome = await verify(`${enable ? 'enable' : 'disable'} the key ${key.key_name}`, (proof) =>
        toggleKey.mutateAsync({ keyName: key.key_name, enable, proof }),
      );
      if (outcome.status === 'done') showSuccess(`Key ${key.key_name} ${enable ? 'enabled' : 'disabled'}`);
    } catch (error) {
      reportError(error);
    } finally {
      setToggling(null);
    }
  };

  const onDelete = (key: AppKey) =>
    deleteKey.mutate(key.key_name, {
      onSuccess: () => {
        setDeleting(null);
        showSuccess(`Key ${key.key_name} deleted`);
      },
      onError: (error) => {
        setDeleting(null);
        reportError(error);
      },
    });

  return (
    <DetailCard
      headingOrder={3}
      title="Manage Keys"
      action={
        <RoleGate permission="apps.manage">
          {(refused) => (
            <GatedButton
              reason={refused ? null : addKeyBlocked}
              disabled={refused}
              size="sm"
              leftSection={<IconPlus size={16} />}
              onClick={() => setAdding(true)}
            >
              Add Key
            </GatedButton>
          )}
        </RoleGate>
      }
    >
      <KeysTable keys={app.keys} busyKey={toggling} onToggle={(key) => void onToggle(key)} onDelete={setDeleting} onRoll={setRolling} />
      <AddKeyModal appId={app._id} opened={adding} onClose={() => setAdding(false)} />
      <RollKeyModal appId={app._id} appKey={rolling} verify={verify} onClose={() => setRolling(null)} />
      <ConfirmModal
        opened={deleting !== null}
        title="Delete key"
        confirmLabel="Delete key"
        refusal={deleting?.status === 'ENABLED' ? APP_MESSAGES.disableKeyFirst : null}
        pending={deleteKey.isPending}
        onConfirm={() => deleting && onDelete(deleting)}
        onClose={() => setDeleting(null)}
      >
        Delete the key <strong>{deleting?.key_name}</strong>? Calls made with it will be refused. This cannot be undone.
      </ConfirmModal>
    </DetailCard>
  );
}
