import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Pull to refresh (DESIGN §7) with the texts in the customer's language. */
export function Refreshable({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <PullToRefresh
      onRefresh={async () => {
        await onRefresh();
      }}
      pullingText={t('common.refresh_pull')}
      canReleaseText={t('common.refresh_release')}
      refreshingText={t('common.refreshing')}
      completeText={t('common.done')}
    >
      {children}
    </PullToRefresh>
  );
}
