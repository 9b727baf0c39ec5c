import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_ERROR_MESSAGE, OPENAPI_PATH } from '@verigate/contracts';
import { ApiError } from '@/lib/api/client';

/** An OpenAPI document, as Redoc reads it. */
export type OpenApiDocument = Record<string, unknown>;

/** GET /openapi.json: the generic API reference (public, not in the `{data}` envelope). */
export async function getOpenApiDocument(): Promise<OpenApiDocument> {
  let response: Response;
  try {
    response = await fetch(OPENAPI_PATH, { headers: { Accept: 'application/json' } });
  } catch {
    throw new ApiError(DEFAULT_ERROR_MESSAGE, 0);
  }
  if (!response.ok) throw new ApiError(DEFAULT_ERROR_MESSAGE, response.status);
  return (await response.json()) as OpenApiDocument;
}

export const openApiDocumentQuery = () => queryOptions({ queryKey: ['doc', 'openapi'], queryFn: getOpenApiDocument, staleTime: Infinity });

export const useOpenApiDocument = () => useQuery(openApiDocumentQuery());
