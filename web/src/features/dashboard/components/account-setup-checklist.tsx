import { Badge, Box, Button, Group, Paper, Progress, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import type { OnboardingStatus } from '@verigate/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { IconCheck } from '@/components/icons';
import { RoleGate } from '@/components/role-gate';
import { plansPath } from '@/features/billing';
import { CHECKLIST_STEP, isActivationRequested, type ChecklistStep } from '@/features/dashboard/checklist';
import './account-setup-checklist.css';

interface AccountSetupChecklistProps {
  status: OnboardingStatus;
  onGenerateKey: () => void;
  generatingKey: boolean;
}

interface StepView {
  step: ChecklistStep;
  title: string;
  description: string;
  action?: ReactNode;
}

/** The Account Setup checklist (seed 000 §1, §2): done steps ticked, the current one highlighted. */
export function AccountSetupChecklist({ status, onGenerateKey, generatingKey }: AccountSetupChecklistProps) {
  const current = CHECKLIST_STEP[status];
  const requested = isActivationRequested(status);
  const steps: StepView[] = [
    {
      step: 1,
      title: 'Subscribe to Products',
      description: 'to get free test credits',
      action: (
        <Button component={Link} to="/application/product-catalog" size="sm">
          Subscribe
        </Button>
      ),
    },
    {
      step: 2,
      title: 'Generate Test API',
      description: 'by adding a key in the test app',
      action: (
        <RoleGate permission="apps.manage">
          {(refused) => (
            <Button size="sm" onClick={onGenerateKey} loading={generatingKey} disabled={refused}>
              Generate Test Key
            </Button>
          )}
        </RoleGate>
      ),
    },
    requested
      ? {
          step: 3,
          title: 'Activate Production',
          description: 'Under review: our team is checking your KYC details and documents, and emails you once production access is on.',
          action: (
            <Badge color="yellow" variant="light" size="lg" radius="sm" tt="none">
              Activation requested
            </Badge>
          ),
        }
      : {
          step: 3,
          title: 'Activate Production',
          description: 'for regulatory verification',
          action: (
            <RoleGate permission="organisation.manage">
              {(refused) =>
                refused ? (
                  <Button size="sm" disabled>
                    Activate
                  </Button>
                ) : (
                  <Button component={Link} to="/activation-form" size="sm">
                    Activate
                  </Button>
                )
              }
            </RoleGate>
          ),
        },
  ];
  // Choosing a plan needs an activated account: while the activation is under review the step shows what comes next.
  if (current >= 4 || requested) {
    steps.push({
      step: 4,
      title: 'Choose a plan',
      description: requested ? 'next, once your account is activated: choose a plan to go live' : 'to go live with production traffic',
      action: (
        <Button component={Link} to={plansPath('dashboard')} size="sm">
          Choose Plan
        </Button>
      ),
    });
  }

  const done = steps.filter(({ step }) => step < current).length;
  const complete = current === 5;

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="account-setup-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2}>
            <Title order={2} fz="lg" id="account-setup-title">
              Account Setup
            </Title>
            <Text fz="sm" c="dimmed">
              {complete ? 'Your account is fully set up.' : 'Complete these steps to start verifying in production.'}
            </Text>
          </Stack>
          <Text fz="sm" fw={600} c={complete ? 'green' : 'brand.7'}>
            {done} of {steps.length} done
          </Text>
        </Group>
        <Progress value={(done / steps.length) * 100} size="sm" radius="xl" color={complete ? 'green' : 'brand'} aria-label="Account setup progress" />
        <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {steps.map((view) => (
            <ChecklistItem key={view.step} view={view} state={view.step < current ? 'done' : view.step === current ? 'current' : 'upcoming'} />
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}

function ChecklistItem({ view, state }: { view: StepView; state: 'done' | 'current' | 'upcoming' }) {
  return (
    <Box
      component="li"
      className="checklist-step"
      data-state={state}
      aria-current={state === 'current' ? 'step' : undefined}
      aria-label={`Step ${view.step}: ${view.title}`}
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: '1 1 220px' }}>
          <ThemeIcon
            radius="xl"
            size={32}
            variant={state === 'upcoming' ? 'default' : state === 'done' ? 'filled' : 'light'}
            color={state === 'done' ? 'green' : 'brand'}
            aria-hidden
          >
            {state === 'done' ? (
              <IconCheck size={18} />
            ) : (
              <Text fw={700} fz="sm">
                {view.step}
              </Text>
            )}
          </ThemeIcon>
          <Stack gap={0}>
            <Text fw={600} c={state === 'upcoming' ? 'dimmed' : undefined}>
              {view.title}
              <VisuallyHidden>{state === 'done' ? ' (done)' : state === 'current' ? ' (current step)' : ''}</VisuallyHidden>
            </Text>
            <Text fz="sm" c="dimmed">
              {view.description}
            </Text>
          </Stack>
        </Group>
        {state === 'current' && view.action}
      </Group>
    </Box>
  );
}
