import { Button } from '@mantine/core';
import { ConsentBox, FieldsRenderer } from '@/features/trial/form/fields-renderer';
import { useTrialForm } from '@/features/trial/form/use-trial-form';
import { FormFrame, toggleLabels } from './form-frame';
import { useTrialCall, type FlowProps } from './use-trial-call';

/** A one-call product: the form, Run Verification, the answer. ESIC's forms stop quietly on a failure (seed 001 §4). */
export function SingleStepTrial(props: FlowProps) {
  const { product } = props;
  const operation = product.operations[0]!;
  const form = useTrialForm(product, operation);
  const trial = useTrialCall(props);

  const submit = () => {
    if (trial.pending || !form.check()) return;
    trial.call(operation.action, form.payload(), product.form.silentFailure ? { onFailure: () => undefined } : {});
  };

  return (
    <FormFrame product={product} onSubmit={submit}>
      <FieldsRenderer form={form} fields={operation.fields} prefix="" disabled={trial.pending} toggles={toggleLabels(product)} />
      <ConsentBox form={form} disabled={trial.pending} />
      <Button type="submit" loading={trial.pending} mt="xs" style={{ alignSelf: 'flex-start' }}>
        Run Verification
      </Button>
    </FormFrame>
  );
}
