import { PRODUCT_MESSAGES } from '@verigate/contracts';
import { NoticeModal } from '@/components/notice-modal';

export type SubscriptionOutcome = { kind: 'granted'; productName: string; testCredit: number } | { kind: 'submitted'; productName: string };

/** After Subscribe: the free test transactions granted (auto-approved), or the request sent for review. */
export function SubscriptionResultModal({ outcome, onClose }: { outcome: SubscriptionOutcome | null; onClose: () => void }) {
  return (
    <NoticeModal
      opened={outcome !== null}
      title={outcome?.kind === 'granted' ? 'Congratulations!' : PRODUCT_MESSAGES.requestSubmitted}
      color={outcome?.kind === 'granted' ? 'green' : 'brand'}
      onClose={onClose}
    >
      {outcome?.kind === 'granted'
        ? `You have been granted ${outcome.testCredit} free test transactions for ${outcome.productName}`
        : PRODUCT_MESSAGES.requestFollowUp}
    </NoticeModal>
  );
}
