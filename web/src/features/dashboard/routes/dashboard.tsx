import { Anchor, Grid, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { FULLY_ONBOARDED, STORAGE_KEYS } from '@verigate/contracts';
import { Link } from 'react-router';
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { QueryError } from '@/components/query-error';
import { WhenNearScreen } from '@/components/when-near-screen';
import { useOrganisation } from '@/lib/api/organisations/get-organisation';
import { reportError } from '@/lib/server-messages';
import { storage } from '@/lib/storage';
import { useGenerateTestKey, type GeneratedTestKey } from '@/lib/api/apps/generate-test-key';
import { AccountSetupChecklist } from '@/features/dashboard/components/account-setup-checklist';
import { GeneratedKeyModal } from '@/features/dashboard/components/generated-key-modal';
import { PlanSummary, ProductSummary } from '@/features/dashboard/components/summary-cards';

/** The usage section's code (pickers, chart, stats) loads when the section is built, after the cards show. */
const UsageOverview = lazy(async () => ({ default: (await import('@/features/dashboard/components/usage-overview')).UsageOverview }));

/** /application/dashboard (Overview). */
export function DashboardPage() {
  const organisation = useOrganisation();
  const generateKey = useGenerateTestKey('dashboard');
  const [generated, setGenerated] = useState<GeneratedTestKey | null>(null);
  const firstname = storage.get(STORAGE_KEYS.firstname);
  const fullyOnboarded = organisation.data?.onboarding_status === FULLY_ONBOARDED;

  const onGenerateKey = () => generateKey.mutate(undefined, { onSuccess: setGenerated, onError: reportError });

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={2} fz={{ base: 20, sm: 24 }}>
          {firstname ? `Welcome, ${firstname}` : 'Welcome'}
        </Title>
        {/* Drawn before the organisation arrives too (one blank line), so the cards below do not move down when it does. */}
        <Text c="dimmed" fz="sm">
          {organisation.data ? organisation.data.trade_name || organisation.data.name : '\u00a0'}
        </Text>
      </Stack>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          {organisation.isPending ? (
            // Shaped as the checklist of an organisation that is set up (heading, progress, four steps), so the
            // cards below it on a phone stay where they are when it arrives.
            <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} role="status" aria-busy="true" aria-label="Loading account setup">
              <Stack gap="md">
                <Skeleton h={52} w="60%" />
                <Skeleton h={8} />
                <Stack gap="xs">
                  {[1, 2, 3, 4].map((step) => (
                    <Skeleton key={step} h={68} />
                  ))}
                </Stack>
              </Stack>
            </Paper>
          ) : organisation.isError ? (
            <QueryError
              title="Account setup could not load"
              error={organisation.error}
              onRetry={() => organisation.refetch()}
              retrying={organisation.isFetching}
            />
          ) : (
            <AccountSetupChecklist status={organisation.data.onboarding_status} onGenerateKey={onGenerateKey} generatingKey={generateKey.isPending} />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <PlanSummary />
            <ProductSummary />
          </Stack>
        </Grid.Col>
      </Grid>
      {fullyOnboarded ? (
        <UsageSection />
      ) : (
        organisation.data && (
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="usage-locked-title">
            <Stack gap={4}>
              <Title order={2} fz="lg" id="usage-locked-title">
                Usage
              </Title>
              <Text fz="sm" c="dimmed">
                Your usage chart, stats and insight appear here once your account setup is complete. Every call is listed in{' '}
                <Anchor component={Link} to="/application/reports">
                  Usage reports
                </Anchor>{' '}
                meanwhile.
              </Text>
            </Stack>
          </Paper>
        )
      )}
      <GeneratedKeyModal generated={generated} onClose={() => setGenerated(null)} />
    </Stack>
  );
}

/**
 * The usage section (product picker, durations, chart, stats), the heaviest part of the page: it
 * is built after the cards are on screen, in the background, in slices that leave the main thread
 * free in between; on a phone, where it starts below the fold, only once scrolled to. A component
 * of its own, so that only the section renders when its turn comes, not the cards again with it.
 */
function UsageSection() {
  const shown = useDeferredValue(true, false);
  if (!shown) return null;
  return (
    <WhenNearScreen placeholder={<UsagePlaceholder />}>
      <Suspense fallback={<UsagePlaceholder />}>
        <UsageOverview />
      </Suspense>
    </WhenNearScreen>
  );
}

/** The usage section's place while it waits to be scrolled to: its heading and the chart's height. */
function UsagePlaceholder() {
  return (
    <Stack gap="lg">
      <Title order={2} fz="lg">
        Usage
      </Title>
      <Skeleton h={320} radius="lg" role="status" aria-label="Loading usage" />
    </Stack>
  );
}
