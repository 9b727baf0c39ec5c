import { Button, Group, Modal, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { ACTIVATION_MESSAGES, BILLING_MESSAGES, INDIA, PLAN_LABELS, formatWithGst, type Plan } from '@verigate/contracts';
import { useReducer } from 'react';
import { useLocation } from 'react-router';
import { ConfirmModal } from '@/components/confirm-modal';
import { QueryError } from '@/components/query-error';
import { activationPopup } from '@/lib/activation-popup';
import { useClientConfig } from '@/lib/client-config';
import { useOrganisation } from '@/lib/api/organisations/get-organisation';
import { reportError } from '@/lib/server-messages';
import { showError } from '@/lib/toast';
import { usePlans } from '@/features/billing/api/get-plans';
import { useRequests } from '@/features/billing/api/get-requests';
import { useSubscribePlan } from '@/features/billing/api/subscribe-plan';
import { BankDetailsModal } from '@/features/billing/components/bank-details-modal';
import { CompareTable } from '@/features/billing/components/compare-table';
import { ContactSalesModal } from '@/features/billing/components/contact-sales-modal';
import { NoticeModal } from '@/components/notice-modal';
import { PlanCard } from '@/features/billing/components/plan-card';
import { customCard, customPlanOf, tierCards } from '@/features/billing/plan-cards';
import { CLOSED, activationBlock, planRequestMachine, type PlanRequestStep } from '@/features/billing/plan-request';
import { highlightedProductOf } from '@/features/billing/plans-path';
import '@/features/billing/billing.css';

/** /application/{id}/plans (seed 001 §2 All plans screen): the plan cards, their popups and the price comparison. */
export function PlansPage() {
  const plans = usePlans();
  const requests = useRequests();
  const organisation = useOrganisation();
  const location = useLocation();
  const [step, dispatch] = useReducer(planRequestMachine, CLOSED);
  const subscribe = useSubscribePlan();
  const { gstRatePercent } = useClientConfig();

  if (plans.isPending || requests.isPending) return <PlansSkeleton />;
  if (plans.isError || requests.isError) {
    const retry = () => Promise.all([plans.refetch(), requests.refetch()]);
    return <QueryError title="Plans could not load" error={plans.error ?? requests.error} onRetry={retry} retrying={plans.isFetching || requests.isFetching} />;
  }

  const inIndia = organisation.data?.country_code === INDIA;
  const custom = customPlanOf(plans.data);
  const tiers = tierCards(plans.data);
  const columns = [...(custom ? [{ title: PLAN_LABELS.custom, plan: custom }] : []), ...tiers.map(({ tier, plan }) => ({ title: tier, plan }))];

  const choose = (plan: Plan) => {
    const block = activationBlock(organisation.data?.onboarding_status);
    if (block === 'requested') return showError(ACTIVATION_MESSAGES.requestedText);
    if (block === 'pending') return activationPopup.open();
    dispatch({ type: 'choose', plan, plans: plans.data });
  };
  const confirm = (plan: Plan, enableImmediately: boolean) =>
    subscribe.mutate(
      { planId: plan._id, enable_immediately: enableImmediately },
      {
        onSuccess: () => dispatch({ type: 'subscribed' }),
        onError: (error) => {
          dispatch({ type: 'close' });
          reportError(error);
        },
      },
    );
  const close = () => dispatch({ type: 'close' });
  const cardHandlers = (plan: Plan | null) => ({
    onRequest: () => plan && choose(plan),
    onPay: () => plan && dispatch({ type: 'show-payment', plan }),
    onContactSales: () => dispatch({ type: 'contact-sales' }),
  });

  return (
    <Stack gap="lg">
      <Text c="gray.7" fz="sm" maw={760}>
        Choose the plan that fits your volumes. A PREPAID plan's amount is credited to your wallet, and each live call is charged at the plan's price.
        {inIndia && ` You pay for a plan by NEFT or IMPS to your own virtual account; amounts exclude taxes, and you pay them plus ${gstRatePercent}% GST.`}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }} spacing="md">
        {tiers.map((view) => (
          <PlanCard key={view.tier} title={view.tier} view={view} {...cardHandlers(view.plan)} />
        ))}
        <PlanCard title={PLAN_LABELS.custom} view={customCard(plans.data, requests.data)} {...cardHandlers(custom)} />
      </SimpleGrid>
      <CompareTable columns={columns} highlighted={highlightedProductOf(location.state)} />
      <RequestPopups
        step={step}
        inIndia={inIndia}
        subscribing={subscribe.isPending}
        activePlanId={subscribe.data?.current?.plan_id ?? null}
        gstRatePercent={gstRatePercent}
        dispatch={dispatch}
        onConfirm={confirm}
        onClose={close}
      />
    </Stack>
  );
}

interface RequestPopupsProps {
  step: PlanRequestStep;
  inIndia: boolean;
  subscribing: boolean;
  /** The active plan after the request (a plan that needs no payment starts at once). */
  activePlanId: string | null;
  gstRatePercent: number;
  dispatch: (event: Parameters<typeof planRequestMachine>[1]) => void;
  onConfirm: (plan: Plan, enableImmediately: boolean) => void;
  onClose: () => void;
}

/** What 'Your request has been registered' adds: when the plan starts, or that it already has. */
function registeredText(plan: Plan, enableImmediately: boolean, activePlanId: string | null): string {
  if (activePlanId === plan._id) return `The ${plan.plan_name} plan is active now.`;
  return `${plan.plan_name} plan: ${enableImmediately ? 'it activates as soon as your payment reaches us.' : 'once paid, it activates when your current plan expires.'}`;
}

/** The plans screen's popups, one at a time, as the request's state machine says. */
function RequestPopups({ step, inIndia, subscribing, activePlanId, gstRatePercent, dispatch, onConfirm, onClose }: RequestPopupsProps) {
  return (
    <>
      <ConfirmModal
        opened={step.name === 'replace-pending'}
        title="Replace your pending request?"
        confirmLabel="Replace"
        danger={false}
        onConfirm={() => dispatch({ type: 'replace-confirmed' })}
        onClose={onClose}
      >
        {step.name === 'replace-pending' &&
          `Your request for the ${step.pending.plan_name} plan is waiting for its payment. Requesting the ${step.plan.plan_name} plan replaces that request.`}
      </ConfirmModal>

      <Modal opened={step.name === 'downgrade'} onClose={onClose} title="Downgrade your plan?" centered closeButtonProps={{ 'aria-label': 'Close' }}>
        {step.name === 'downgrade' && (
          <Stack gap="lg">
            <Text>
              The {step.plan.plan_name} plan costs less than your current {step.active.plan_name} plan. Enable it now to switch as soon as it is paid, ending
              your current plan, or enable it later to start it when your current plan expires.
            </Text>
            <Group justify="flex-end" gap="sm" className="confirm-buttons">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button variant="light" onClick={() => dispatch({ type: 'enable', immediately: false })}>
                {PLAN_LABELS.enableLater}
              </Button>
              <Button onClick={() => dispatch({ type: 'enable', immediately: true })} data-autofocus>
                {PLAN_LABELS.enableNow}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>

      {step.name === 'confirm' &&
        (inIndia && step.plan.prepaid_recharge_amount > 0 ? (
          <BankDetailsModal
            opened
            amount={step.plan.prepaid_recharge_amount}
            title="Bank Details"
            intro={`To get the ${step.plan.plan_name} plan, confirm your request and transfer the amount below to your account by NEFT or IMPS.`}
            confirm={{ label: 'Confirm Request', pending: subscribing, onConfirm: () => onConfirm(step.plan, step.enableImmediately) }}
            onClose={onClose}
          />
        ) : (
          <ConfirmModal
            opened
            title={`Request the ${step.plan.plan_name} plan?`}
            confirmLabel="Confirm Request"
            danger={false}
            pending={subscribing}
            onConfirm={() => onConfirm(step.plan, step.enableImmediately)}
            onClose={onClose}
          >
            {step.plan.prepaid_recharge_amount === 0
              ? `The ${step.plan.plan_name} plan needs no payment: it starts ${step.enableImmediately ? 'as soon as you confirm' : 'when your current plan expires'}.`
              : `Our team will email you how to pay ${formatWithGst(step.plan.prepaid_recharge_amount, gstRatePercent)} for the ${step.plan.plan_name} plan.`}
          </ConfirmModal>
        ))}

      {step.name === 'bank-details' && (
        <BankDetailsModal
          opened
          amount={step.plan.prepaid_recharge_amount}
          title="Bank Details"
          intro={`Your ${step.plan.plan_name} plan is waiting for its payment. Transfer the amount below to your account by NEFT or IMPS.`}
          onClose={onClose}
        />
      )}

      <NoticeModal opened={step.name === 'registered' || step.name === 'contact-sales-registered'} title={BILLING_MESSAGES.requestRegistered} onClose={onClose}>
        {step.name === 'registered'
          ? registeredText(step.plan, step.enableImmediately, activePlanId)
          : 'Our sales team will email you shortly to build your custom plan.'}
      </NoticeModal>

      <ContactSalesModal opened={step.name === 'contact-sales'} onClose={onClose} onRequested={() => dispatch({ type: 'contact-sales-registered' })} />
    </>
  );
}

function PlansSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-busy="true" aria-label="Loading plans">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }} spacing="md">
        {Array.from({ length: 5 }, (_, index) => (
          <Paper key={index} withBorder radius="lg" p="lg">
            <Stack gap="sm">
              <Skeleton h={20} w="50%" />
              <Skeleton h={32} w="70%" />
              <Skeleton h={14} />
              <Skeleton h={40} mt="md" />
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      <Skeleton h={320} radius="lg" />
    </Stack>
  );
}
