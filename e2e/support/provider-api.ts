/** An app's id and one of its keys: what the provider API authenticates a call with. */
export interface AppKey {
  appId: string;
  apiKey: string;
}

/** The provider envelope's fields the journeys read; the rest as sent. */
export interface ProviderAnswer {
  status: number;
  body: { request_id: string; response_code: number; response_message: string; [field: string]: unknown };
}

/** A POST of `body` to the provider API's test environment (`/test/api/v1/{path}`), answered with its status and envelope. */
export async function callTestApi(portalUrl: string, { appId, apiKey }: AppKey, path: string, body: unknown): Promise<ProviderAnswer> {
  const response = await fetch(`${portalUrl}/test/api/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'app-id': appId, 'api-key': apiKey },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as ProviderAnswer['body'] };
}
