import { CheckIcon, Group, Loader, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import '@/features/onboarding/onboarding.css';
import { timing } from '@/lib/timing';

export const SETUP_COMPLETE_TITLE = 'Welcome! Your account setup is complete!';

/** Seed 000 §2: the three tips shown before the dashboard, one every tipRotationMs. */
export const WELCOME_TIPS = [
  'A trial application is available for you to test products instantly.',
  'You can select other services anytime from the dashboard.',
  'Refer to the documentation to integrate the APIs into your application.',
] as const;

const noop = () => {};

/**
 * The blurred full-screen welcome overlay. Render it only when it should show: it cycles the tips
 * (3 × tipRotationMs, 9 s by default) and then calls onDone once.
 */
export function TipsDialog({ onDone }: { onDone: () => void }) {
  const [tip, setTip] = useState(0);
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  });

  useEffect(() => {
    const timer = setTimeout(() => {
      if (tip < WELCOME_TIPS.length - 1) setTip(tip + 1);
      else onDoneRef.current();
    }, timing('tipRotationMs'));
    return () => clearTimeout(timer);
  }, [tip]);

  return (
    <Modal.Root opened onClose={noop} closeOnEscape={false} closeOnClickOutside={false} centered size="lg" zIndex={400}>
      <Modal.Overlay blur={8} backgroundOpacity={0.45} />
      <Modal.Content radius="lg">
        <Modal.Body p={{ base: 'lg', sm: 40 }}>
          <Stack align="center" ta="center" gap="md">
            <ThemeIcon size={64} radius="xl" color="green" aria-hidden>
              <CheckIcon size={26} />
            </ThemeIcon>
            <Modal.Title fz={{ base: 20, sm: 24 }} fw={700} lh={1.3}>
              {SETUP_COMPLETE_TITLE}
            </Modal.Title>
            <Stack gap={4} mih={72} justify="center">
              <Text fz="xs" fw={600} c="dimmed" tt="uppercase" lts={0.4}>
                Tip {tip + 1} of {WELCOME_TIPS.length}
              </Text>
              <Text key={tip} fz="lg" aria-live="polite" className="onboarding-tip">
                {WELCOME_TIPS[tip]}
              </Text>
            </Stack>
            <Group gap={6} aria-hidden>
              {WELCOME_TIPS.map((text, index) => (
                <span key={text} className="onboarding-tip-dot" data-active={index === tip || undefined} />
              ))}
            </Group>
            <Group gap="xs" c="dimmed">
              <Loader size={14} />
              <Text fz="sm">Taking you to your dashboard…</Text>
            </Group>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
