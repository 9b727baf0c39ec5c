import { apiRequest, isUnavailable } from '@/lib/api-client';

type Method = Parameters<typeof apiRequest>[0];
type Options = Parameters<typeof apiRequest>[2];

/** apiRequest for this feature's calls: a 503/504 answer is an error like any other here. */
export async function request<T>(method: Method, path: string, options?: Options): Promise<T> {
  const result = await apiRequest<T>(method, path, options);
  if (isUnavailable(result)) throw new Error(result.message);
  return result;
}
