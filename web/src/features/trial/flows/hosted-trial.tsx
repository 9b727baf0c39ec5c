import { Anchor, Button, Group, Text } from '@mantine/core';
import { TRIAL_MESSAGES } from '@verigate/contracts';
import { useState } from 'react';
import { ConsentBox, FieldsRenderer } from '@/features/trial/form/fields-renderer';
import { valueAt } from '@/features/trial/form/form-model';
import { useTrialForm } from '@/features/trial/form/use-trial-form';
import { FormFrame, toggleLabels } from './form-frame';
import { useTrialCall, type FlowProps } from './use-trial-call';

/**
 * A hosted flow (seed 001 §4: face liveness, e-sign): init opens the product's page in a new tab
 * (liveness's sdk_url, e-sign's viewer for the first signer), then 'Fetch Response' — shown once
 * there is a response — fetches the outcome with the request_id init answered.
 */
export function HostedTrial(props: FlowProps) {
  const { product, onOutcome } = props;
  const [init, fetchStep] = [product.operations[0]!, product.operations[1]!];
  const form = useTrialForm(product, init);
  const fetchForm = useTrialForm(product, fetchStep, { consent: form.state.consent });
  const trial = useTrialCall(props);
  const [opened, setOpened] = useState<{ requestId: string; url: string | undefined } | null>(null);

  const start = () => {
    if (trial.pending || !form.check()) return;
    trial.call(init.action, form.payload(), {
      onAnswer: (envelope) => {
        onOutcome({ kind: 'answer', envelope });
        const requestId = valueAt(envelope, init.requestIdAt);
        const url = valueAt(envelope, init.openUrlAt);
        if (typeof url === 'string') window.open(url, '_blank', 'noopener');
        setOpened(typeof requestId === 'string' ? { requestId, url: typeof url === 'string' ? url : undefined } : null);
      },
    });
  };

  const fetchOutcome = () => {
    if (!opened || trial.pending || !fetchForm.check(opened.requestId)) return;
    trial.call(fetchStep.action, fetchForm.payload(opened.requestId));
  };

  return (
    <FormFrame product={product} onSubmit={start}>
      <FieldsRenderer form={form} fields={init.fields} prefix="" disabled={trial.pending} toggles={toggleLabels(product)} />
      <ConsentBox form={form} disabled={trial.pending} />
      <Group gap="sm" mt="xs">
        <Button type="submit" loading={trial.running(init.action)}>
          Run Verification
        </Button>
        {opened && (
          <Button variant="light" onClick={fetchOutcome} loading={trial.running(fetchStep.action)}>
            {TRIAL_MESSAGES.fetchResponse}
          </Button>
        )}
      </Group>
      {opened?.url && (
        <Text fz="sm" c="dimmed">
          The page opened in a new tab.{' '}
          <Anchor href={opened.url} target="_blank" rel="noopener">
            Open it again
          </Anchor>{' '}
          if it did not, complete it, then fetch the response.
        </Text>
      )}
    </FormFrame>
  );
}
