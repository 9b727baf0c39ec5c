import { DOC_PLACEHOLDERS, type DocEntry } from '@verigate/contracts';
import type { OpenApiDocument } from '@/features/docs/api/get-openapi-document';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The test app id GET /doc shows the organisation (its entries' app-id header), if it has a test app. */
export function testAppIdOf(entries: readonly DocEntry[]): string | undefined {
  const appId = entries[0]?.headers.find((header) => header.name === 'app-id')?.example;
  return appId && UUID.test(appId) ? appId : undefined;
}

/**
 * The generic reference as a signed-in customer reads it: their test app id wherever it shows the
 * test app id placeholder (the samples, the introduction). Keys stay placeholders.
 */
export function personalise(document: OpenApiDocument, testAppId: string | undefined): OpenApiDocument {
  if (!testAppId || !UUID.test(testAppId)) return document;
  return JSON.parse(JSON.stringify(document).replaceAll(DOC_PLACEHOLDERS.testAppId, testAppId)) as OpenApiDocument;
}
