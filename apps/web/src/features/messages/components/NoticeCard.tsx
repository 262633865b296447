import { DownOutline } from 'antd-mobile-icons';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/display/date-time';
import { RichText } from '../../../shared/display/rich-text';
import { useNoticeDetail } from '../../../shared/notices/api/notice-detail';
import type { NoticeSummary } from '../../../shared/notices/api/notice-list';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { Skeleton } from '../../../shared/ui/Skeleton';

/**
 * One announcement in the list: title, date and the first words; a tap unfolds the whole notice
 * (loaded then, its HTML cleaned again on the phone by shared/display/rich-text).
 */
export function NoticeCard({ notice, initiallyOpen = false }: { notice: NoticeSummary; initiallyOpen?: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  const bodyId = useId();
  return (
    <li className={`card msg-notice${open ? ' msg-notice--open' : ''}`} data-testid={`notice-${notice.id}`}>
      <button
        type="button"
        className="msg-notice__head"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-controls={bodyId}
        data-testid={`notice-toggle-${notice.id}`}
      >
        <span className="msg-notice__titles">
          <span className="msg-notice__title" dir="auto">
            {notice.title}
          </span>
          <time className="msg-notice__time numeric" dir="ltr" dateTime={new Date(notice.publishTime).toISOString()}>
            {formatDateTime(notice.publishTime)}
          </time>
          {open || !notice.summary ? null : (
            <span className="msg-notice__summary" dir="auto">
              {notice.summary}
            </span>
          )}
        </span>
        <DownOutline className="msg-notice__caret" aria-hidden="true" />
      </button>
      <div id={bodyId} className="msg-notice__body" hidden={!open}>
        {open ? <NoticeContent id={notice.id} /> : null}
      </div>
    </li>
  );
}

/** The content of one notice, cleaned and rendered as rich text. */
export function NoticeContent({ id }: { id: number }) {
  const { t } = useTranslation();
  const detail = useNoticeDetail(id);
  if (detail.isPending) {
    return (
      <div className="msg-notice__loading" aria-busy="true">
        <Skeleton height={14} />
        <Skeleton width="85%" height={14} />
        <Skeleton width="60%" height={14} />
      </div>
    );
  }
  if (detail.isError) {
    return <LoadFailed variant="plain" title={t('msg.notice_failed')} onRetry={() => void detail.refetch()} />;
  }
  return <RichText html={detail.data.content} className="msg-notice__content" data-testid={`notice-content-${id}`} />;
}
