import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StepUpProof } from '@verigate/contracts';
import { apiRequest, orThrow } from '@/lib/api/client';
import { patchApp } from '@/lib/api/apps/patch-app';
import { ipWhitelistQuery } from './get-ip-whitelist';

/** PUT /app/{appId}?action=update_whitelisted_ip {whitelisted_ips} + ZPIN or OTP proof; ['ALL'] allows every address. */
export const updateIpWhitelist = async (appId: string, whitelistedIps: string[], proof: StepUpProof) =>
  orThrow(
    await apiRequest<{ ip_whitelisted: string[] }>('PUT', `/app/${encodeURIComponent(appId)}?action=update_whitelisted_ip`, {
      body: { whitelisted_ips: whitelistedIps, ...proof },
    }),
  );

export function useUpdateIpWhitelist(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ips, proof }: { ips: string[]; proof: StepUpProof }) => updateIpWhitelist(appId, ips, proof),
    onSuccess: (answer) => {
      queryClient.setQueryData(ipWhitelistQuery(appId).queryKey, answer);
      patchApp(queryClient, appId, { ip_whitelisted: answer.ip_whitelisted });
    },
  });
}
