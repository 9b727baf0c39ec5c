import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EstampBranch } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { queryKeys } from '@/lib/api/query-keys';

/** GET /estamp/getBranches: the branches an e-stamp is procured at. */
export const getEstampBranches = async () => orThrow(await apiRequest<EstampBranch[]>('GET', '/estamp/getBranches'));

export const estampBranchesQuery = queryOptions({ queryKey: queryKeys.estampBranches, queryFn: getEstampBranches, staleTime: Infinity });

export const useEstampBranches = ({ enabled }: { enabled: boolean }) => useQuery({ ...estampBranchesQuery, enabled });
