import { CONSTANTS } from '@kestrel/contract/web';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useUnreadStore } from '../../../shared/store/unread';
import { MESSAGE_PATHS } from '../paths';

/**
 * My messages and the platform's announcements, two routes under one switch (each keeps its own
 * address, so back and a shared link land on the right one). The messages tab carries the unread count.
 */
export function MessageTabs({ active }: { active: 'messages' | 'notices' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const unread = useUnreadStore((state) => state.count);
  const go = (path: string) => navigate(path, { replace: true });
  return (
    <div className="msg-tabs k-segmented" role="tablist" aria-label={t('me.messages')}>
      <button
        type="button"
        role="tab"
        aria-selected={active === 'messages'}
        className="k-segmented__option msg-tabs__tab"
        onClick={() => (active === 'messages' ? undefined : go(MESSAGE_PATHS.list))}
        data-testid="msg-tab-messages"
      >
        {t('msg.tab_messages')}
        {unread > 0 ? (
          <span className="msg-tabs__badge numeric" aria-label={t('msg.unread_count', { count: unread })}>
            {unread > CONSTANTS.badgeMax ? `${CONSTANTS.badgeMax}+` : unread}
          </span>
        ) : null}
      </button>
      <button
        type="button"
        role="tab"
        aria-selected={active === 'notices'}
        className="k-segmented__option msg-tabs__tab"
        onClick={() => (active === 'notices' ? undefined : go(MESSAGE_PATHS.notices))}
        data-testid="msg-tab-notices"
      >
        {t('msg.tab_notices')}
      </button>
    </div>
  );
}
