import { Button, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { BILLING_MESSAGES, callbackState, type PaymentLink } from '@verigate/contracts';
import type { ReactNode } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { IconCheck, IconX } from '@/components/icons';
import { usePaymentLink } from '@/features/billing/api/get-payment-link';

const BILLING = '/application/billing';

/**
 * /application/billing/callback?link_id=… (seed 001 §2 Payment callback page): where the payment
 * page returns. It reads the link's status, asking again while the payment is in progress; a
 * missing link id, a failed fetch or an unknown status goes back to billing.
 */
export function PaymentCallbackPage() {
  const [params] = useSearchParams();
  const linkId = params.get('link_id');
  if (!linkId) return <Navigate to={BILLING} replace />;
  return <PaymentResult linkId={linkId} />;
}

function PaymentResult({ linkId }: { linkId: string }) {
  const link = usePaymentLink(linkId);
  if (link.isError) return <Navigate to={BILLING} replace />;
  if (link.isPending) {
    return <ResultCard icon={<Loader size="lg" aria-hidden />} title="Loading" busy />;
  }
  return <LinkResult link={link.data} />;
}

/** A final answer's tick or cross. */
function Outcome({ color, children }: { color: 'green' | 'red'; children: ReactNode }) {
  return (
    <ThemeIcon size={72} radius="xl" color={color} aria-hidden>
      {children}
    </ThemeIcon>
  );
}

function LinkResult({ link }: { link: PaymentLink }) {
  switch (callbackState(link.status)) {
    case 'success':
      return (
        <ResultCard
          icon={
            <Outcome color="green">
              <IconCheck size={40} />
            </Outcome>
          }
          title={BILLING_MESSAGES.transactionSuccessful}
          titleColor="green"
        >
          <Text>{BILLING_MESSAGES.rechargeProcessed(link.amount)}</Text>
          <Text c="dimmed" fz="sm" ff="monospace">
            {BILLING_MESSAGES.transactionId(link.order_id)}
          </Text>
        </ResultCard>
      );
    case 'failure':
      return (
        <ResultCard
          icon={
            <Outcome color="red">
              <IconX size={40} />
            </Outcome>
          }
          title={BILLING_MESSAGES.transactionFailed}
          titleColor="red"
        >
          <Text>{BILLING_MESSAGES.transactionFailedDetail}</Text>
        </ResultCard>
      );
    case 'processing':
      return (
        <ResultCard icon={<Loader size="lg" aria-hidden />} title={BILLING_MESSAGES.fetchingStatus} busy>
          <Text>{BILLING_MESSAGES.fetchingStatusDetail}</Text>
        </ResultCard>
      );
    case 'billing':
      return <Navigate to={BILLING} replace />;
  }
}

interface ResultCardProps {
  icon: ReactNode;
  title: string;
  titleColor?: string;
  busy?: boolean;
  children?: ReactNode;
}

function ResultCard({ icon, title, titleColor, busy = false, children }: ResultCardProps) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={560} mx="auto" mt={{ base: 'md', sm: 'xl' }}>
      <Stack align="center" ta="center" gap="md" role="status" aria-live="polite" aria-busy={busy}>
        {icon}
        <Title order={2} fz="xl" c={titleColor}>
          {title}
        </Title>
        {children}
        <Button component={Link} to={BILLING} mt="sm">
          {BILLING_MESSAGES.goBackToBilling}
        </Button>
      </Stack>
    </Paper>
  );
}
