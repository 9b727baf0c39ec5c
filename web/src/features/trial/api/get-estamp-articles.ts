import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EstampArticle } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

/** GET /estamp/articles/{code}: the articles of a branch's stamp schedule. */
export const getEstampArticles = async (code: string) => orThrow(await apiRequest<EstampArticle[]>('GET', `/estamp/articles/${encodeURIComponent(code)}`));

export const estampArticlesQuery = (code: string) =>
  queryOptions({ queryKey: queryKeys.estampArticles(code), queryFn: () => getEstampArticles(code), staleTime: Infinity });

/** Loads once a branch is chosen. */
export const useEstampArticles = (code: string, { enabled }: { enabled: boolean }) =>
  useQuery({ ...estampArticlesQuery(code), enabled: enabled && code !== '' });
