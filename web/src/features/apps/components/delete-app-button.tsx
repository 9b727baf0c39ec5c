import { ActionIcon, Tooltip } from '@mantine/core';
import { APP_MESSAGES, type AppView } from '@verigate/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { IconTrash } from '@/components/icons';
import { reportError } from '@/lib/server-messages';
import { showSuccess } from '@/lib/toast';
import { useDeleteApp } from '@/features/apps/api/delete-app';
import { ConfirmModal } from '@/components/confirm-modal';
import { RoleGate } from '@/components/role-gate';

/** The delete-app icon of a live app, its confirmation ('Disable all API keys…' while one is enabled), then the list. */
export function DeleteAppButton({ app }: { app: AppView }) {
  const navigate = useNavigate();
  const deleteApp = useDeleteApp();
  const [confirming, setConfirming] = useState(false);
  const anyKeyEnabled = app.keys.some((key) => key.status === 'ENABLED');

  const onDelete = () =>
    deleteApp.mutate(app._id, {
      onSuccess: (answer) => {
        showSuccess(answer.message || `App ${app.name} deleted`);
        navigate('/application/manage-apps', { replace: true });
      },
      onError: (error) => {
        setConfirming(false);
        reportError(error);
      },
    });

  return (
    <>
      <RoleGate permission="apps.manage" note={false}>
        {(refused) => (
          <Tooltip label="Delete app" withArrow disabled={refused}>
            <ActionIcon variant="light" color="red" size={42} onClick={() => setConfirming(true)} disabled={refused} aria-label="Delete app">
              <IconTrash size={20} />
            </ActionIcon>
          </Tooltip>
        )}
      </RoleGate>
      <ConfirmModal
        opened={confirming}
        title="Delete app"
        confirmLabel="Delete app"
        refusal={anyKeyEnabled ? APP_MESSAGES.disableAllKeys : null}
        pending={deleteApp.isPending}
        onConfirm={onDelete}
        onClose={() => setConfirming(false)}
      >
        Delete <strong>{app.name}</strong> with its keys and settings? This cannot be undone.
      </ConfirmModal>
    </>
  );
}
