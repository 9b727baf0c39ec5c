import { Alert, Anchor, Button, Code, CopyButton, Group, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { DEFAULT_ERROR_MESSAGE, TRIAL_MESSAGES, type ProviderEnvelope } from '@verigate/contracts';
import { IconCopy } from '@/components/icons';
import { useClientConfig } from '@/lib/client-config';

/** What the response panel shows: the API's answer as JSON, or why there is none. */
export type TrialOutcome = { kind: 'answer'; envelope: ProviderEnvelope } | { kind: 'error'; message: string };

/** A failed trial call: its message, or the seed's 'Unable to fetch verification results, please try again later'. */
export function errorOutcome(error: unknown): TrialOutcome {
  const message = error instanceof Error && error.message && error.message !== DEFAULT_ERROR_MESSAGE ? error.message : TRIAL_MESSAGES.fetchFailed;
  return { kind: 'error', message };
}

/** The popup's right side (seed 001 §2): pretty JSON with Copy, or the error text; a wallet-balance error links to sales. */
export function ResponsePanel({ outcome, loading }: { outcome: TrialOutcome | null; loading: boolean }) {
  const config = useClientConfig();
  const json = outcome?.kind === 'answer' ? JSON.stringify(outcome.envelope, null, 2) : '';
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      bg="gray.0"
      component="section"
      aria-labelledby="trial-response-title"
      aria-busy={loading}
      style={{ position: 'sticky', top: 0 }}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} fz="sm" id="trial-response-title">
            Response
          </Title>
          {outcome?.kind === 'answer' && (
            <CopyButton value={json} timeout={2000}>
              {({ copied, copy }) => (
                <Button
                  size="compact-sm"
                  variant={copied ? 'filled' : 'light'}
                  color={copied ? 'green' : 'brand'}
                  leftSection={<IconCopy size={14} />}
                  onClick={copy}
                >
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          )}
        </Group>
        {outcome === null && (
          <Text fz="sm" c="dimmed">
            {loading ? 'Running the verification…' : 'Run the verification to see the API’s response here.'}
          </Text>
        )}
        {outcome?.kind === 'answer' && (
          <ScrollArea.Autosize mah="60vh" type="auto" viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Response JSON' }}>
            <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
              {json}
            </Code>
          </ScrollArea.Autosize>
        )}
        {outcome?.kind === 'error' && (
          <Alert color="red" variant="light" role="alert">
            <Text fz="sm">{outcome.message}</Text>
            {outcome.message.includes('wallet balance') && (
              <Anchor href={config.salesUrl} target="_blank" rel="noopener noreferrer" fz="sm" fw={600}>
                Contact sales to add balance
              </Anchor>
            )}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
