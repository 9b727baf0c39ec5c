import { Anchor, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import type { OrganisationDetails } from '@verigate/contracts';
import { useOrganisation } from '@/lib/api/organisations/get-organisation';
import { reportError } from '@/lib/server-messages';
import { useRequestCustomPlan } from '@/features/billing/api/create-request';

interface ContactSalesModalProps {
  opened: boolean;
  onClose: () => void;
  /** The request is registered (the provider's team is emailed). */
  onRequested: () => void;
}

interface Manager {
  role: string;
  name: string;
  email: string;
  phone: string;
}

function managersOf(organisation: OrganisationDetails | undefined): Manager[] {
  const managers: Manager[] = [];
  if (organisation?.kam)
    managers.push({ role: 'Key account manager', name: organisation.kam.kam_name, email: organisation.kam.kam_email, phone: organisation.kam.kam_phone });
  if (organisation?.business_manager) {
    const manager = organisation.business_manager;
    managers.push({ role: 'Business manager', name: manager.bm_name, email: manager.bm_email, phone: manager.bm_phone });
  }
  return managers;
}

/** Contact Sales (seed 001 §2): asks the provider's team for a custom plan (POST /requests CUSTOM_PLAN_REQUEST). */
export function ContactSalesModal({ opened, onClose, onRequested }: ContactSalesModalProps) {
  const request = useRequestCustomPlan();
  const organisation = useOrganisation();
  const managers = managersOf(organisation.data);
  const close = () => !request.isPending && onClose();
  const send = () => request.mutate(undefined, { onSuccess: onRequested, onError: reportError });

  return (
    <Modal opened={opened} onClose={close} title="Contact Sales" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="md">
        <Text>Need a plan made for your volumes or products? Send a request and our sales team will get in touch by email to build a custom plan.</Text>
        {managers.map((manager) => (
          <Paper key={manager.role} withBorder radius="md" p="sm">
            <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
              {manager.role}
            </Text>
            <Text fw={600}>{manager.name}</Text>
            <Group gap="md">
              <Anchor href={`mailto:${manager.email}`} fz="sm">
                {manager.email}
              </Anchor>
              <Anchor href={`tel:${manager.phone}`} fz="sm">
                {manager.phone}
              </Anchor>
            </Group>
          </Paper>
        ))}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={request.isPending}>
            Cancel
          </Button>
          <Button onClick={send} loading={request.isPending} data-autofocus>
            Contact Sales
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
