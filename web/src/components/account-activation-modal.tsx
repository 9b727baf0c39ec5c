import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { GatedButton } from '@/components/gated-button';
import { activationPopup, useActivationPopup } from '@/lib/activation-popup';
import { useOrganisation } from '@/lib/api/organisations/get-organisation';
import { useRequestActivation } from '@/lib/api/organisations/request-activation';
import { errorMessage } from '@/lib/server-messages';
import { showSuccess } from '@/lib/toast';

const NEEDS_KYC = 'Submit your KYC details first';

/**
 * The popup a server answer of 'account_activation_pending' opens (seed 000 §8, 001 §8): it offers
 * to send the activation request by email to the provider's team, with the KYC details on file,
 * or to fill in the KYC form first.
 */
export function AccountActivationModal() {
  const opened = useActivationPopup();
  const navigate = useNavigate();
  const organisation = useOrganisation();
  const request = useRequestActivation();
  const hasKyc = Boolean(organisation.data?.kyc);

  const close = () => {
    if (request.isPending) return;
    request.reset();
    activationPopup.close();
  };
  const fillForm = () => {
    close();
    navigate('/activation-form');
  };
  const sendByEmail = () =>
    request.mutate(undefined, {
      onSuccess: () => {
        showSuccess('We have emailed your activation request to our team. We will let you know once your account is activated.');
        close();
      },
    });

  return (
    <Modal opened={opened} onClose={close} title="Activate your account" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="lg">
        <Text>
          This needs an activated account. Send us your activation request by email: our team reviews your business KYC details and activates your account.
        </Text>
        {!hasKyc && <Text c="dimmed">Your KYC details are not on file yet: fill in the form first, and it sends the request.</Text>}
        {request.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(request.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm" className="confirm-buttons">
          <Button variant="default" onClick={close} disabled={request.isPending}>
            Later
          </Button>
          <Button variant={hasKyc ? 'light' : 'filled'} onClick={fillForm} disabled={request.isPending}>
            Fill KYC details
          </Button>
          <GatedButton reason={hasKyc ? null : NEEDS_KYC} variant={hasKyc ? 'filled' : 'light'} onClick={sendByEmail} loading={request.isPending}>
            Send by email
          </GatedButton>
        </Group>
      </Stack>
    </Modal>
  );
}
