import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { activationPopup, useActivationPopup } from '@/lib/activation-popup';

/** The popup a server answer of 'account_activation_pending' opens (seed §8): it leads to the KYC form. */
export function AccountActivationModal() {
  const opened = useActivationPopup();
  const navigate = useNavigate();

  const activate = () => {
    activationPopup.close();
    navigate('/activation-form');
  };

  return (
    <Modal opened={opened} onClose={activationPopup.close} title="Activate your account" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="lg">
        <Text>
          This needs an activated account. Submit your business KYC details to request production access; our team reviews them and activates your account.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={activationPopup.close}>
            Later
          </Button>
          <Button onClick={activate}>Activate account</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
