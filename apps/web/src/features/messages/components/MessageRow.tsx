import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatDateTime } from '../../../shared/display/date-time';
import { StatusChip } from '../../../shared/ui/StatusChip';
import type { SiteMessage } from '../api/types';
import { firstLine } from '../lib/read-flags';
import { messagePath } from '../paths';

/**
 * One message in the list: an unread one has a dot and a bolder title; the title, the first line of the
 * content, and the time when the platform shows message times. Opens the message.
 */
export function MessageRow({ message, showTime }: { message: SiteMessage; showTime: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const unread = message.readFlag === 0;
  return (
    <li>
      <button
        type="button"
        className={`card msg-row${unread ? ' msg-row--unread' : ''}`}
        onClick={() => navigate(messagePath(message.id))}
        data-testid={`msg-row-${message.id}`}
        data-unread={unread ? 'true' : 'false'}
      >
        <span className="msg-row__dot" aria-hidden="true" />
        <span className="msg-row__main">
          <span className="msg-row__top">
            <span className="msg-row__title" dir="auto">
              {unread ? <span className="visually-hidden">{t('msg.unread')}: </span> : null}
              {message.title}
            </span>
            {message.demo === 1 ? (
              <StatusChip tone="warning" size="small">
                {t('common.demo')}
              </StatusChip>
            ) : null}
          </span>
          <span className="msg-row__text" dir="auto">
            {firstLine(message.content)}
          </span>
          {showTime ? (
            <time className="msg-row__time numeric" dir="ltr" dateTime={new Date(message.createTime).toISOString()}>
              {formatDateTime(message.createTime)}
            </time>
          ) : null}
        </span>
        <RightOutline className="msg-row__chevron" aria-hidden="true" />
      </button>
    </li>
  );
}
