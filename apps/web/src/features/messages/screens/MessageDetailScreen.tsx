import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { LoginRedirect } from '../../../shared/ui/LoginRedirect';
import { invalidateCustomerData, useSessionToken } from '../../../shared/api/customer-keys';
import { formatDateTime } from '../../../shared/display/date-time';
import { idParameter } from '../../../shared/id-parameter';
import { applyUnreadCount } from '../../../shared/platform/api/not-read-message-count';
import { useOtherValuesStore } from '../../../shared/platform/other-values';
import { useUnreadStore } from '../../../shared/store/unread';
import { ActionButton } from '../../../shared/ui/Buttons';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { StatusChip } from '../../../shared/ui/StatusChip';
import { useGoBack } from '../../../shared/ui/use-go-back';
import { useSiteMessage } from '../api/site-message-detail';
import { siteMessageListQuery } from '../api/site-message-list';
import type { SiteMessage } from '../api/types';
import { findCachedMessage, markReadInPages, showMessageTime } from '../lib/read-flags';
import { referenceTarget } from '../lib/references';
import { MESSAGE_PATHS } from '../paths';

/**
 * `/pages/msg/msg-detail?id=<message id>`: one message, its title, time and content as plain text
 * (site messages are never HTML), and a button to the record it is about when there is a screen for
 * it. Reading it marks it read on the server: the list's flag and the red dot follow without a reload.
 */
export default function MessageDetailScreen() {
  const { t } = useTranslation();
  const token = useSessionToken();
  const [parameters] = useSearchParams();
  const id = idParameter(parameters.get('id')) ?? 0;
  const goBack = useGoBack(MESSAGE_PATHS.list);
  if (token === null) return <LoginRedirect />;
  return (
    <div className="screen msg-screen">
      <PageHeader title={t('msg.detail_title')} onBack={goBack} />
      <div className="screen__body msg-body">
        <Detail token={token} id={id} />
      </div>
    </div>
  );
}

function Detail({ token, id }: { token: string; id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useSiteMessage(id);
  const showTime = useOtherValuesStore((state) => showMessageTime(state.values));
  const arrived = query.data !== undefined && !query.isPlaceholderData;

  // The server marked it read when it answered: the list's flag and the unread count follow, once.
  const marked = useRef(0);
  useEffect(() => {
    if (!arrived || marked.current === id) return;
    marked.current = id;
    const listKey = siteMessageListQuery(token).queryKey;
    // Unread in the list until now: the dot drops at once; the server's count follows.
    if (findCachedMessage(queryClient.getQueryData(listKey), id)?.readFlag === 0) {
      applyUnreadCount(queryClient, token, useUnreadStore.getState().count - 1);
    }
    queryClient.setQueryData(listKey, (pages) => markReadInPages(pages, id, Date.now()));
    void invalidateCustomerData(queryClient, 'unreadCount');
  }, [arrived, id, token, queryClient]);

  if (id === 0 || (query.isError && query.data === undefined)) {
    return (
      <div className="card">
        <EmptyState
          title={t('msg.not_found')}
          description={t('msg.not_found_hint')}
          action={
            <ActionButton block={false} tone="outline" onClick={() => navigate(MESSAGE_PATHS.list, { replace: true })}>
              {t('msg.back_to_list')}
            </ActionButton>
          }
        />
      </div>
    );
  }
  if (query.data === undefined) {
    return (
      <article className="card msg-detail" aria-busy="true" data-testid="msg-detail-loading">
        <Skeleton width="70%" height={20} />
        <Skeleton width="35%" height={12} />
        <Skeleton height={14} />
        <Skeleton width="90%" height={14} />
        <Skeleton width="60%" height={14} />
      </article>
    );
  }
  return <MessageArticle message={query.data} showTime={showTime} />;
}

function MessageArticle({ message, showTime }: { message: SiteMessage; showTime: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const target = referenceTarget(message.reference);
  const paragraphs = message.content.split(/\n+/).filter((line) => line.trim() !== '');
  return (
    <article className="card msg-detail" data-testid="msg-detail">
      <header className="msg-detail__head">
        <h2 className="msg-detail__title" dir="auto" data-testid="msg-detail-title">
          {message.title}
        </h2>
        <div className="msg-detail__meta">
          {showTime ? (
            <time className="numeric" dir="ltr" dateTime={new Date(message.createTime).toISOString()}>
              {formatDateTime(message.createTime)}
            </time>
          ) : null}
          {message.demo === 1 ? (
            <StatusChip tone="warning" size="small">
              {t('common.demo')}
            </StatusChip>
          ) : null}
        </div>
      </header>
      {/* Plain text by contract: React renders it as text, never as HTML. */}
      <div className="msg-detail__content" data-testid="msg-detail-content">
        {paragraphs.map((paragraph, index) => (
          <p key={index} dir="auto">
            {paragraph}
          </p>
        ))}
      </div>
      {target ? (
        <div className="msg-detail__action">
          <ActionButton tone="outline" onClick={() => navigate(target.path)} testId="msg-detail-open">
            {t(target.labelKey)}
          </ActionButton>
        </div>
      ) : null}
    </article>
  );
}
