import { Button, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconCheck } from '@/components/icons';

interface NoticeModalProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  /** The tick's colour: green for a done thing, brand for a request sent. */
  color?: 'green' | 'brand';
  onClose: () => void;
}

/** A popup that says something went through, with a tick and OK ('Your request has been registered', 'Email sent', 'Congratulations!'). */
export function NoticeModal({ opened, title, children, color = 'green', onClose }: NoticeModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="lg" align="center" ta="center">
        <ThemeIcon size={56} radius="xl" color={color} variant="light" aria-hidden>
          <IconCheck size={30} />
        </ThemeIcon>
        <Text component="div">{children}</Text>
        <Group justify="center" w="100%">
          <Button onClick={onClose} data-autofocus miw={120}>
            OK
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
