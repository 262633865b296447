import { identity } from '@kestrel/contract/web';
import { useTranslation } from 'react-i18next';
import { StatusChip, type ChipTone } from '../ui/StatusChip';
import { useIdentitySummary } from './api/identity-summary';
import './i18n-english';

const { IDENTITY_STATUS } = identity;

const TAGS: Record<number, { key: string; tone: ChipTone } | undefined> = {
  [IDENTITY_STATUS.passed]: { key: 'identity.status_passed', tone: 'success' },
  [IDENTITY_STATUS.pending]: { key: 'identity.status_pending', tone: 'warning' },
  [IDENTITY_STATUS.rejected]: { key: 'identity.status_rejected', tone: 'danger' },
};

/**
 * The status of the customer's basic verification beside the me screen's "Verify identity" entry:
 * Verified, Under review or Rejected; nothing before a first submission, while loading or on failure.
 * The me screen renders it only for a logged-in real account (and loads it lazily: its texts are the
 * `growth` set's).
 */
export default function IdentityStatusTag() {
  const { t } = useTranslation();
  const summary = useIdentitySummary();
  const tag = summary.data ? TAGS[summary.data.basicStatus] : undefined;
  if (!tag) return null;
  return (
    <StatusChip tone={tag.tone} size="small" testId="identity-status-tag">
      {t(tag.key)}
    </StatusChip>
  );
}
