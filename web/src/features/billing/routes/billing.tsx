import { Grid, Paper, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import {
  ADD_BALANCE_REQUEST_AMOUNT,
  BILLING_MESSAGES,
  FULLY_ONBOARDED,
  INDIA,
  formatRupees,
  type OrganisationDetails,
  type PlanInfo,
} from '@verigate/contracts';
import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { QueryError } from '@/components/query-error';
import { useOrganisation } from '@/lib/api/organisations/get-organisation';
import { reportError } from '@/lib/server-messages';
import { showSuccess } from '@/lib/toast';
import { useActivateNextPlan } from '@/features/billing/api/activate-next-plan';
import { usePlanInfo } from '@/features/billing/api/get-plan-info';
import { useRequestBalance } from '@/features/billing/api/request-balance';
import { AddBalanceModal } from '@/features/billing/components/add-balance-modal';
import { AlertBalanceModal } from '@/features/billing/components/alert-balance-modal';
import { BankDetailsModal } from '@/features/billing/components/bank-details-modal';
import { BillingDetailsCard } from '@/features/billing/components/billing-details-card';
import { ContactSalesModal } from '@/features/billing/components/contact-sales-modal';
import { LowBalanceBanner, isBalanceLow } from '@/features/billing/components/low-balance-banner';
import { Invoices } from '@/features/billing/components/invoices';
import { NextPlanCard } from '@/features/billing/components/next-plan-card';
import { NoticeModal } from '@/components/notice-modal';
import { PaymentHistory } from '@/features/billing/components/payment-history';
import { PlanDetailsCard } from '@/features/billing/components/plan-details-card';
import { PlanHistory } from '@/features/billing/components/plan-history';
import { PricingModal } from '@/features/billing/components/pricing-modal';
import { SpendControlsCard } from '@/features/billing/components/spend-controls-card';
import { SpendSummaryCard } from '@/features/billing/components/spend-summary-card';
import { Statements } from '@/features/billing/components/statements';
import '@/features/billing/billing.css';

/** /application/billing (seed 001 §2 Billing): only for a fully onboarded organisation, else the dashboard. */
export function BillingPage() {
  const organisation = useOrganisation();
  if (organisation.isPending) return <BillingSkeleton />;
  if (organisation.isError) {
    return <QueryError title="Billing could not load" error={organisation.error} onRetry={() => organisation.refetch()} retrying={organisation.isFetching} />;
  }
  if (organisation.data.onboarding_status !== FULLY_ONBOARDED) return <Navigate to="/application/dashboard" replace />;
  return <Billing organisation={organisation.data} />;
}

/** The tabs under the plan cards; `?tab=invoices` (the invoice emails' link) opens Invoices, `?tab=spend` Spend. */
const TABS = ['payments', 'invoices', 'spend'] as const;
type Tab = (typeof TABS)[number];

type Popup = 'add-balance' | 'alert-balance' | 'pricing' | 'bank-details' | 'contact-sales' | 'email-sent' | null;

/** Add Balance: shown for an organisation in India, disabled on a POSTPAID plan (seed 001 §2). */
function addBalanceOf(organisation: OrganisationDetails, current: PlanInfo | null): 'enabled' | 'disabled' | 'hidden' {
  if (organisation.country_code !== INDIA || !current) return 'hidden';
  return current.plan_type === 'PREPAID' ? 'enabled' : 'disabled';
}

function Billing({ organisation }: { organisation: OrganisationDetails }) {
  const planInfo = usePlanInfo();
  const activate = useActivateNextPlan();
  const requestBalance = useRequestBalance();
  const [popup, setPopup] = useState<Popup>(null);
  const [emailSent, setEmailSent] = useState('');
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((candidate) => candidate === params.get('tab')) ?? 'payments';
  const chooseTab = (value: string | null) => setParams(value === 'invoices' || value === 'spend' ? { tab: value } : {}, { replace: true });
  const close = () => setPopup(null);

  if (planInfo.isPending) return <BillingSkeleton />;
  if (planInfo.isError) {
    return <QueryError title="Your plan could not load" error={planInfo.error} onRetry={() => planInfo.refetch()} retrying={planInfo.isFetching} />;
  }
  const { current, next } = planInfo.data;
  const addBalance = addBalanceOf(organisation, current);
  const openAddBalance = () => setPopup('add-balance');

  const onActivate = () =>
    activate.mutate(undefined, {
      onSuccess: (answer) => showSuccess(answer.message),
      onError: reportError,
    });
  const onRequestBalance = () =>
    requestBalance.mutate(undefined, {
      onSuccess: () => {
        setEmailSent(
          `We have emailed our team your request to add ${formatRupees(ADD_BALANCE_REQUEST_AMOUNT)} to your wallet. They will get back to you shortly.`,
        );
        setPopup('email-sent');
      },
      onError: reportError,
    });
  const onCustomPlanRequested = () => {
    setEmailSent('We have emailed our sales team your request for a custom plan. They will get back to you shortly.');
    setPopup('email-sent');
  };

  return (
    <Stack gap="lg">
      {isBalanceLow(current) && current && <LowBalanceBanner current={current} onAddBalance={addBalance === 'enabled' ? openAddBalance : null} />}
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <PlanDetailsCard
            current={current}
            addBalance={addBalance}
            canRequestBalance={organisation.country_code !== INDIA && current?.plan_type === 'PREPAID'}
            requestingBalance={requestBalance.isPending}
            onAddBalance={openAddBalance}
            onRequestBalance={onRequestBalance}
            onAlertBalance={() => setPopup('alert-balance')}
            onPricing={() => setPopup('pricing')}
            onContactSales={() => setPopup('contact-sales')}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <NextPlanCard next={next} activating={activate.isPending} onActivate={onActivate} onShowPayment={() => setPopup('bank-details')} />
        </Grid.Col>
      </Grid>
      <Tabs value={tab} onChange={chooseTab} keepMounted={false}>
        <Tabs.List aria-label="Billing records" mb="md">
          <Tabs.Tab value="payments">Payments</Tabs.Tab>
          <Tabs.Tab value="invoices">Invoices</Tabs.Tab>
          <Tabs.Tab value="spend">Spend</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="payments">
          <Stack gap="lg">
            <PaymentHistory />
            <PlanHistory />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="invoices">
          <Stack gap="lg">
            <Invoices />
            <Statements />
            <BillingDetailsCard />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="spend">
          <Stack gap="lg">
            <SpendSummaryCard />
            {current ? (
              <SpendControlsCard />
            ) : (
              <Text fz="sm" c="dimmed">
                Low-balance alerts and a daily spend cap can be set once a plan is active.
              </Text>
            )}
          </Stack>
        </Tabs.Panel>
      </Tabs>

      <AddBalanceModal opened={popup === 'add-balance'} onClose={close} />
      {current && <AlertBalanceModal opened={popup === 'alert-balance'} planType={current.plan_type} alertBalance={current.alert_balance} onClose={close} />}
      <PricingModal plan={popup === 'pricing' && current ? { id: current.plan_id, name: current.plan_name } : null} onClose={close} />
      {next && (
        <BankDetailsModal
          opened={popup === 'bank-details'}
          amount={next.amount}
          title="Bank Details"
          intro={`Transfer the amount for the ${next.plan_name} plan to your account below by NEFT or IMPS.`}
          onClose={close}
        />
      )}
      <ContactSalesModal opened={popup === 'contact-sales'} onClose={close} onRequested={onCustomPlanRequested} />
      <NoticeModal opened={popup === 'email-sent'} title={BILLING_MESSAGES.emailSent} onClose={close}>
        {emailSent}
      </NoticeModal>
    </Stack>
  );
}

function BillingSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-busy="true" aria-label="Loading billing">
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder radius="lg" p="lg">
            <Stack gap="md">
              <Skeleton h={20} w={120} />
              <Skeleton h={32} w="50%" />
              <Skeleton h={96} />
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder radius="lg" p="lg">
            <Stack gap="md">
              <Skeleton h={20} w={100} />
              <Skeleton h={96} />
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
      <Skeleton h={200} radius="lg" />
    </Stack>
  );
}
