import { Alert, Anchor, Box, Group, Loader, Stack, Text } from '@mantine/core';
import { DOC_MESSAGES, OPENAPI_PATH, POSTMAN_COLLECTION_PATH } from '@verigate/contracts';
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { QueryError } from '@/components/query-error';
import { showError } from '@/lib/toast';
import { useDocEntries } from '@/features/docs/api/get-doc-entries';
import { useOpenApiDocument } from '@/features/docs/api/get-openapi-document';
import { personalise, testAppIdOf } from '@/features/docs/personalise';

const ApiReference = lazy(() => import('@/features/docs/components/api-reference'));

function Loading() {
  return (
    <Stack align="center" py={80} gap="sm" role="status">
      <Loader />
      <Text c="dimmed" fz="sm">
        Loading the API documentation…
      </Text>
    </Stack>
  );
}

/**
 * /doc (seed 001 §2 API documentation): the reference generated from the product definitions,
 * with the customer's test app id in its samples. Without the customer's doc entries it shows
 * the generic reference and says so ('Failed to fetch product documentation', seed 001 §8).
 */
export function ApiDocsPage() {
  const reference = useOpenApiDocument();
  const entries = useDocEntries();
  const testAppId = entries.data ? testAppIdOf(entries.data) : undefined;
  const document = useMemo(() => reference.data && personalise(reference.data, testAppId), [reference.data, testAppId]);
  // The page may open scrolled to an operation, away from the notice above the reference.
  useEffect(() => {
    if (entries.isError) showError(DOC_MESSAGES.loadFailed);
  }, [entries.isError]);

  if (reference.isError)
    return (
      <Box p="lg">
        <QueryError title={DOC_MESSAGES.loadFailed} error={reference.error} onRetry={() => reference.refetch()} retrying={reference.isFetching} />
      </Box>
    );
  if (!document || entries.isPending) return <Loading />;
  return (
    <>
      {entries.isError && (
        <Alert color="yellow" variant="light" title={DOC_MESSAGES.loadFailed} role="alert" m="md">
          This is the generic reference: the samples show placeholders instead of your app id.
        </Alert>
      )}
      <Group justify="flex-end" gap="lg" px="md" pt="sm">
        <Anchor href={POSTMAN_COLLECTION_PATH} download fz="sm">
          Postman collection
        </Anchor>
        <Anchor href={OPENAPI_PATH} target="_blank" rel="noreferrer" fz="sm">
          OpenAPI document
        </Anchor>
      </Group>
      <Suspense fallback={<Loading />}>
        <ApiReference document={document} />
      </Suspense>
    </>
  );
}
