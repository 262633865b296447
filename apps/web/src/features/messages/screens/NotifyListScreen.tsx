import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { formatDateTime } from '../../../shared/display/date-time';
import { idParameter } from '../../../shared/id-parameter';
import { useNoticeDetail } from '../../../shared/notices/api/notice-detail';
import { useNoticeList } from '../../../shared/notices/api/notice-list';
import { RichText } from '../../../shared/display/rich-text';
import { ActionButton } from '../../../shared/ui/Buttons';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { PagedCards } from '../../../shared/ui/PagedCards';
import { Refreshable } from '../../../shared/ui/Refreshable';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { MessageTabs } from '../components/MessageTabs';
import { NoticeCard } from '../components/NoticeCard';
import { useLoadOnScroll } from '../lib/use-load-on-scroll';
import { MESSAGE_PATHS } from '../paths';

/**
 * `/pages/notifyList/notifyList`: the platform's announcements, newest first, in the customer's
 * language; each unfolds in place. `?id=<notice id>` (from the news widget) shows that one notice.
 * Public: a visitor who is not logged in sees them too.
 */
export default function NotifyListScreen() {
  const { t } = useTranslation();
  const [parameters] = useSearchParams();
  const id = idParameter(parameters.get('id'));
  return (
    <div className="screen msg-screen">
      <PageHeader title={t('msg.notices_title')} />
      <div className="screen__body msg-body">
        {id === null ? (
          <>
            <MessageTabs active="notices" />
            <Notices />
          </>
        ) : (
          <NoticeView id={id} />
        )}
      </div>
    </div>
  );
}

function Notices() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useNoticeList();
  const sentinel = useLoadOnScroll<HTMLDivElement>(
    query.hasNextPage && !query.isFetchingNextPage && !query.isError,
    () => void query.fetchNextPage(),
  );
  return (
    <Refreshable onRefresh={() => queryClient.invalidateQueries({ queryKey: ['notices'] })}>
      <div className="msg-stack">
        <PagedCards
          query={query}
          listClassName="msg-list"
          testId="notice-list"
          failedTitle={t('msg.notices_failed')}
          skeleton={<NoticeSkeleton />}
          empty={<EmptyState title={t('msg.notices_empty')} />}
          renderCard={(notice) => <NoticeCard key={notice.id} notice={notice} />}
        />
        <div ref={sentinel} aria-hidden="true" />
      </div>
    </Refreshable>
  );
}

/** One announcement on its own (opened from the news widget), with the way to all of them. */
function NoticeView({ id }: { id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const detail = useNoticeDetail(id);
  const toAll = () => navigate(MESSAGE_PATHS.notices, { replace: true });
  if (detail.isPending) return <NoticeSkeleton />;
  if (detail.isError) {
    return (
      <div className="card">
        <LoadFailed title={t('msg.notice_failed')} onRetry={() => void detail.refetch()} />
      </div>
    );
  }
  const notice = detail.data;
  return (
    <>
      <article className="card msg-detail" data-testid="notice-detail">
        <header className="msg-detail__head">
          <h2 className="msg-detail__title" dir="auto">
            {notice.title}
          </h2>
          <div className="msg-detail__meta">
            <time className="numeric" dir="ltr" dateTime={new Date(notice.publishTime).toISOString()}>
              {formatDateTime(notice.publishTime)}
            </time>
          </div>
        </header>
        <RichText html={notice.content} className="msg-detail__rich" data-testid="notice-detail-content" />
      </article>
      <ActionButton tone="outline" onClick={toAll} testId="notice-all">
        {t('msg.all_notices')}
      </ActionButton>
    </>
  );
}

function NoticeSkeleton() {
  return (
    <div className="card msg-detail" aria-busy="true">
      <Skeleton width="65%" height={18} />
      <Skeleton width="30%" height={12} />
      <Skeleton height={14} />
      <Skeleton width="80%" height={14} />
    </div>
  );
}
