import { Button, Group, Select, Skeleton, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { BILLING_DETAILS_MESSAGES, GST_STATES, billingDetails, type BillingDetails } from '@verigate/contracts';
import { useState, type FormEvent } from 'react';
import { DetailCard } from '@/components/detail-card';
import { QueryError } from '@/components/query-error';
import { reportError } from '@/lib/server-messages';
import { showSuccess } from '@/lib/toast';
import { useBillingDetails, useSaveBillingDetails } from '@/features/billing/api/billing-details';

const STATE_OPTIONS = Object.entries(GST_STATES)
  .map(([value, name]) => ({ value, label: `${name} (${value})` }))
  .sort((a, b) => a.label.localeCompare(b.label));

type Errors = Partial<Record<keyof BillingDetails, string>>;

/** Who invoices are made out to: the legal name and billing address with its state (the GSTIN comes from the KYC form). */
export function BillingDetailsCard() {
  const details = useBillingDetails();
  return (
    <DetailCard title="Billing details">
      {details.isPending ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading billing details">
          <Skeleton h={36} />
          <Skeleton h={72} />
        </Stack>
      ) : details.isError ? (
        <QueryError title="Billing details could not load" error={details.error} onRetry={() => details.refetch()} retrying={details.isFetching} />
      ) : (
        <BillingDetailsForm saved={details.data} />
      )}
    </DetailCard>
  );
}

function BillingDetailsForm({ saved }: { saved: BillingDetails | null }) {
  const save = useSaveBillingDetails();
  const [legalName, setLegalName] = useState(saved?.legal_name ?? '');
  const [address, setAddress] = useState(saved?.address ?? '');
  const [stateCode, setStateCode] = useState<string | null>(saved?.state_code ?? null);
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = billingDetails.safeParse({ legal_name: legalName, address, state_code: stateCode ?? '' });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof BillingDetails] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, { onSuccess: () => showSuccess(BILLING_DETAILS_MESSAGES.saved), onError: reportError });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Billing details">
      <Stack gap="sm">
        <Text fz="sm" c="dimmed">
          New tax invoices and receipts are made out to these details, with the GSTIN of your KYC form. Invoices already issued keep theirs.
        </Text>
        <TextInput
          label="Legal name"
          value={legalName}
          onChange={(event) => setLegalName(event.currentTarget.value)}
          error={errors.legal_name}
          maxLength={200}
        />
        <Textarea
          label="Billing address"
          value={address}
          onChange={(event) => setAddress(event.currentTarget.value)}
          error={errors.address}
          autosize
          minRows={2}
          maxLength={300}
        />
        <Select
          label="State"
          placeholder="Choose a state"
          data={STATE_OPTIONS}
          value={stateCode}
          onChange={setStateCode}
          searchable
          error={errors.state_code}
          w={{ base: '100%', xs: 320 }}
        />
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
