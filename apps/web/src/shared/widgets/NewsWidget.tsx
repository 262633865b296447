import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatDateTime } from '../display/date-time';
import { useLatestNotices, type NoticeSummary } from '../notices/api/notice-list';
import { EmptyState } from '../ui/EmptyState';
import { LoadFailed } from '../ui/LoadFailed';
import { Skeleton } from '../ui/Skeleton';
import { StrokeIcon } from '../ui/StrokeIcon';
import './widgets.css';

/** The platform notices screen; `?id=` opens one notice there. */
export const NOTICES_PATH = '/pages/notifyList/notifyList';

export const noticePath = (id: number): string => `${NOTICES_PATH}?id=${id}`;

/**
 * The spec's m-news: the latest platform notices (title, the first words, the date), newest first, in
 * the customer's language. A tap opens the notice on the notices screen; "All" opens the list.
 */
export function NewsWidget({ count = 5 }: { count?: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const notices = useLatestNotices(count);

  let body;
  if (notices.isPending) {
    body = (
      <ul className="k-list k-news__list" aria-busy="true">
        {Array.from({ length: Math.min(count, 3) }, (_, index) => (
          <li className="k-news__item k-news__item--skeleton" key={index}>
            <Skeleton width="70%" height={15} />
            <Skeleton width="95%" height={12} />
            <Skeleton width="30%" height={11} />
          </li>
        ))}
      </ul>
    );
  } else if (notices.isError && notices.data === undefined) {
    body = <LoadFailed title={t('widget.news_failed')} onRetry={() => void notices.refetch()} />;
  } else if (notices.data.length === 0) {
    body = <EmptyState title={t('widget.news_empty')} />;
  } else {
    body = (
      <ul className="k-list k-news__list" data-testid="widget-news-list">
        {notices.data.map((notice) => (
          <NewsItem key={notice.id} notice={notice} onOpen={() => navigate(noticePath(notice.id))} />
        ))}
      </ul>
    );
  }

  return (
    <section className="card k-widget k-news" aria-labelledby="widget-news-title" data-testid="widget-news">
      <div className="k-widget__head">
        <span className="k-news__icon" aria-hidden="true">
          <StrokeIcon name="notice" size={18} />
        </span>
        <h2 className="k-widget__title" id="widget-news-title">
          {t('widget.news_title')}
        </h2>
        <button type="button" className="k-widget__link" onClick={() => navigate(NOTICES_PATH)}>
          {t('widget.news_all')}
        </button>
      </div>
      {body}
    </section>
  );
}

function NewsItem({ notice, onOpen }: { notice: NoticeSummary; onOpen: () => void }) {
  return (
    <li>
      <button type="button" className="k-news__item" onClick={onOpen} data-testid={`widget-news-${notice.id}`}>
        <span className="k-news__title" dir="auto">
          {notice.title}
        </span>
        {notice.summary ? (
          <span className="k-news__summary" dir="auto">
            {notice.summary}
          </span>
        ) : null}
        <time className="k-news__time numeric" dir="ltr" dateTime={new Date(notice.publishTime).toISOString()}>
          {formatDateTime(notice.publishTime)}
        </time>
      </button>
    </li>
  );
}
