import { useQueryClient } from '@tanstack/react-query';
import Toast from 'antd-mobile/es/components/toast';
import { CONSTANTS } from '@kestrel/contract/web';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { invalidateCustomerData, useSessionToken } from '../../../shared/api/customer-keys';
import { PATHS } from '../../../shared/paths';
import { applyUnreadCount } from '../../../shared/platform/api/not-read-message-count';
import { useOtherValuesStore } from '../../../shared/platform/other-values';
import { useUnreadStore } from '../../../shared/store/unread';
import { ActionButton } from '../../../shared/ui/Buttons';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { PagedCards } from '../../../shared/ui/PagedCards';
import { Refreshable } from '../../../shared/ui/Refreshable';
import { SkeletonRows } from '../../../shared/ui/Skeleton';
import { siteMessageListQuery, useSiteMessages } from '../api/site-message-list';
import { useMarkAllRead } from '../api/site-message-mark-read';
import { MessageRow } from '../components/MessageRow';
import { MessageTabs } from '../components/MessageTabs';
import { markReadInPages, showMessageTime } from '../lib/read-flags';
import { useLoadOnScroll } from '../lib/use-load-on-scroll';

/**
 * `/pages/msg/msg-list`: my messages, newest first (infinite scroll, pull to refresh), unread ones
 * marked; the unread count and "mark all read" above them; a switch to the platform's announcements.
 * New messages arrive live (the red dot's subscription refreshes this list). Logged out, a login prompt.
 */
export default function MessageListScreen() {
  const { t } = useTranslation();
  const token = useSessionToken();
  return (
    <div className="screen msg-screen">
      <PageHeader title={t('me.messages')} />
      <div className="screen__body msg-body">
        <MessageTabs active="messages" />
        {token === null ? <LoginPrompt /> : <Messages token={token} />}
      </div>
    </div>
  );
}

function Messages({ token }: { token: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useSiteMessages();
  const unread = useUnreadStore((state) => state.count);
  const showTime = useOtherValuesStore((state) => showMessageTime(state.values));
  const markAll = useMarkAllRead();
  const sentinel = useLoadOnScroll<HTMLDivElement>(
    query.hasNextPage && !query.isFetchingNextPage && !query.isError,
    () => void query.fetchNextPage(),
  );

  const markAllRead = async () => {
    try {
      const answer = await markAll.mutateAsync({});
      applyUnreadCount(queryClient, token, answer.notReadMessageCount);
      queryClient.setQueryData(siteMessageListQuery(token).queryKey, (pages) =>
        markReadInPages(pages, 'all', Date.now()),
      );
      Toast.show({ content: t('msg.all_marked'), duration: CONSTANTS.toastDurationMs });
    } catch {
      // The request layer has told the customer; nothing changed.
    }
  };

  return (
    <Refreshable onRefresh={() => invalidateCustomerData(queryClient, 'messages', 'unreadCount')}>
      <div className="msg-stack">
        <div className="msg-bar" data-testid="msg-bar">
          <span className="msg-bar__count" data-testid="msg-unread-count">
            {unread > 0 ? t('msg.unread_count', { count: unread }) : t('msg.all_read')}
          </span>
          <button
            type="button"
            className="msg-bar__action"
            onClick={() => void markAllRead()}
            disabled={unread === 0 || markAll.isPending}
            aria-busy={markAll.isPending || undefined}
            data-testid="msg-mark-all"
          >
            {t('msg.mark_all_read')}
          </button>
        </div>
        <PagedCards
          query={query}
          listClassName="msg-list"
          testId="msg-list"
          failedTitle={t('msg.load_failed')}
          skeleton={
            <div className="card">
              <SkeletonRows rows={5} />
            </div>
          }
          empty={<EmptyState title={t('msg.empty')} description={t('msg.empty_hint')} />}
          renderCard={(message) => <MessageRow key={message.id} message={message} showTime={showTime} />}
        />
        <div ref={sentinel} aria-hidden="true" />
      </div>
    </Refreshable>
  );
}

function LoginPrompt() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="card">
      <EmptyState
        title={t('msg.login_title')}
        description={t('msg.login_hint')}
        action={
          <ActionButton block={false} onClick={() => navigate(PATHS.login)} testId="msg-login">
            {t('auth.login')}
          </ActionButton>
        }
      />
    </div>
  );
}
