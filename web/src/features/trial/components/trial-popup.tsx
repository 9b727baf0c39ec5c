import { Alert, Grid, Modal, Stack, Text, useMatches } from '@mantine/core';
import { productByArn } from '@verigate/catalog';
import { TRIAL_MESSAGES, trialHeading, type ProductView } from '@verigate/contracts';
import { useState } from 'react';
import { TrialForm } from '@/features/trial/flows/trial-form';
import { ResponsePanel, type TrialOutcome } from './response-panel';
import { READ_MEDIA_AT_ONCE } from '@/lib/use-media';

/**
 * The trial popup (seed 001 §2, §4): 'Running Trial on {product}', the product's form on the
 * left and the response panel beside it, an X to close. Each product opens with a fresh form.
 */
export function TrialPopup({ product, onClose }: { product: ProductView | null; onClose(): void }) {
  const fullScreen = useMatches({ base: true, sm: false }, READ_MEDIA_AT_ONCE);
  return (
    <Modal
      opened={product !== null}
      onClose={onClose}
      size="72rem"
      fullScreen={fullScreen}
      radius="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
      title={product && trialHeading(product.name)}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {product && (
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            {TRIAL_MESSAGES.prompt}
          </Text>
          <TrialBody key={product.arn} product={product} />
        </Stack>
      )}
    </Modal>
  );
}

function TrialBody({ product }: { product: ProductView }) {
  const definition = productByArn(product.arn);
  const [outcome, setOutcome] = useState<TrialOutcome | null>(null);
  const [loading, setLoading] = useState(false);
  if (!definition) {
    return (
      <Alert color="red" variant="light" role="alert">
        {TRIAL_MESSAGES.fetchFailed}
      </Alert>
    );
  }
  return (
    <Grid gutter="lg">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <TrialForm product={definition} onOutcome={setOutcome} onLoading={setLoading} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <ResponsePanel outcome={outcome} loading={loading} />
      </Grid.Col>
    </Grid>
  );
}
