import { Button, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { SPEND_MESSAGES, formatRupees, spendSettingsRequest, stripCommas, type SpendSettings, type SpendSettingsRequest } from '@verigate/contracts';
import { useState, type FormEvent } from 'react';
import { DetailCard } from '@/components/detail-card';
import { QueryError } from '@/components/query-error';
import { reportError } from '@/lib/server-messages';
import { showSuccess } from '@/lib/toast';
import { useSaveSpendSettings, useSpendSettings } from '@/features/billing/api/spend';

type Errors = Partial<Record<keyof SpendSettingsRequest, string>>;

/** '50, 25, 10' as numbers; anything that is not a number stays NaN, so the contract names it. */
export const percentsOf = (text: string): number[] =>
  text
    .split(',')
    .map((part) => part.trim().replace(/%$/, '').trim())
    .filter((part) => part.length > 0)
    .map(Number);

/** '' is no cap; '2,500' is 2500. */
export const capOf = (text: string): number | null => (stripCommas(text) === '' ? null : Number(stripCommas(text)));

/** The low-balance thresholds (percentages of the plan amount) and the daily spend cap. */
export function SpendControlsCard() {
  const settings = useSpendSettings();
  return (
    <DetailCard title="Spend controls">
      {settings.isPending ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading spend controls">
          <Skeleton h={36} />
          <Skeleton h={36} />
        </Stack>
      ) : settings.isError ? (
        <QueryError title="Spend controls could not load" error={settings.error} onRetry={() => settings.refetch()} retrying={settings.isFetching} />
      ) : (
        <SpendControlsForm saved={settings.data} />
      )}
    </DetailCard>
  );
}

function SpendControlsForm({ saved }: { saved: SpendSettings }) {
  const save = useSaveSpendSettings();
  const [percents, setPercents] = useState(saved.alert_percents.join(', '));
  const [cap, setCap] = useState(saved.daily_cap === null ? '' : String(saved.daily_cap));
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = spendSettingsRequest.safeParse({ alert_percents: percentsOf(percents), daily_cap: capOf(cap) });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof SpendSettingsRequest] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (answer) => {
        setPercents(answer.alert_percents.join(', '));
        showSuccess(SPEND_MESSAGES.saved);
      },
      onError: reportError,
    });
  };

  const current = save.data ?? saved;
  return (
    <form onSubmit={submit} noValidate aria-label="Spend controls">
      <Stack gap="sm">
        <TextInput
          label="Low-balance alerts (% of plan amount)"
          description="Up to 5 percentages between 1 and 99, separated by commas. Owners and finance members get one email each time the balance falls below one, besides your alert balance."
          value={percents}
          onChange={(event) => setPercents(event.currentTarget.value)}
          error={errors.alert_percents}
          placeholder="50, 25, 10"
          w={{ base: '100%', xs: 360 }}
        />
        {current.thresholds.length > 0 && (
          <Text fz="xs" c="dimmed">
            On your plan of {formatRupees(current.plan_amount ?? 0)}:{' '}
            {current.thresholds.map((threshold) => `${threshold.percent}% = ${formatRupees(threshold.amount)}`).join(', ')}
          </Text>
        )}
        <TextInput
          label="Daily spend cap (₹)"
          description="Live calls that would take a day's spend (India time) past it are refused with response code 114 and not charged. Leave empty for no cap."
          value={cap}
          onChange={(event) => setCap(event.currentTarget.value)}
          error={errors.daily_cap}
          inputMode="numeric"
          placeholder="No cap"
          w={{ base: '100%', xs: 240 }}
        />
        <Text fz="xs" c="dimmed">
          Spent today: {formatRupees(current.spent_today)}
        </Text>
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
