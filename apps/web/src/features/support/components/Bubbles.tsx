import { ExclamationCircleFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import type { DayLabel, Outgoing, SupportMessage } from '../lib/timeline';
import { timeOf } from '../lib/timeline';
import { onCurrentLine } from './image-url';

/** What an unconfirmed message is waiting for. */
const STATE_KEYS = {
  compressing: 'support.state_compressing',
  uploading: 'support.state_uploading',
  sending: 'support.state_sending',
} as const;

/** "Today", "Yesterday" or the date, between the days of the conversation. */
export function DaySeparator({ label }: { label: DayLabel }) {
  const { t } = useTranslation();
  const text =
    label.kind === 'today' ? t('support.today') : label.kind === 'yesterday' ? t('support.yesterday') : label.date;
  return (
    <li className="sp-day" role="separator">
      <span dir={label.kind === 'date' ? 'ltr' : undefined}>{text}</span>
    </li>
  );
}

/**
 * A picture in the conversation: a thumbnail that opens at full size. `onLoad` lets the list keep its
 * place (or stay at the newest message) when the picture's height arrives.
 */
function Thumbnail({
  src,
  onOpen,
  onLoad,
  testId,
}: {
  src: string;
  onOpen?: () => void;
  onLoad: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const image = <img className="sp-thumb__image" src={src} alt={t('support.image')} onLoad={onLoad} />;
  if (!onOpen) return <span className="sp-thumb">{image}</span>;
  return (
    <button
      type="button"
      className="sp-thumb"
      onClick={onOpen}
      aria-label={t('support.open_image')}
      data-testid={testId}
    >
      {image}
    </button>
  );
}

/**
 * One confirmed message: mine at the inline end, support's at the inline start under the "Support"
 * label at the start of a run. Text is always text (React escapes it; line breaks kept); `dir="auto"`
 * lets an English line read left to right in the Arabic app and the reverse.
 */
export function MessageBubble({
  message,
  runStart,
  seen,
  onOpenImage,
  onMediaLoad,
}: {
  message: SupportMessage;
  runStart: boolean;
  /** Support has read it (shown on my newest message). */
  seen: boolean;
  onOpenImage: (src: string) => void;
  onMediaLoad: () => void;
}) {
  const { t } = useTranslation();
  const mine = message.sender === 'customer';
  const src = message.kind === 'image' ? onCurrentLine(message.imageUrl) : '';
  return (
    <li
      className={`sp-msg ${mine ? 'sp-msg--mine' : 'sp-msg--theirs'}${runStart ? ' sp-msg--run-start' : ''}`}
      data-testid={`support-message-${message.id}`}
      data-sender={message.sender}
    >
      {!mine && runStart ? <span className="sp-msg__sender">{t('support.staff')}</span> : null}
      <div className={`sp-bubble${message.kind === 'image' ? ' sp-bubble--image' : ''}`}>
        {message.kind === 'image' ? (
          <Thumbnail
            src={src}
            onOpen={() => onOpenImage(src)}
            onLoad={onMediaLoad}
            testId={`support-image-${message.id}`}
          />
        ) : (
          <p className="sp-bubble__text" dir="auto" data-testid="support-message-text">
            {message.text}
          </p>
        )}
        <span className="sp-bubble__meta">
          <time dir="ltr" dateTime={new Date(message.createdAt).toISOString()}>
            {timeOf(message.createdAt)}
          </time>
          {seen ? (
            <span className="sp-bubble__seen" data-testid="support-seen">
              {t('support.seen')}
            </span>
          ) : null}
        </span>
      </div>
    </li>
  );
}

/**
 * A message of mine the server has not confirmed: its steps (compressing, uploading, sending) while
 * they run; once failed, why (under the composer too) with Retry and Remove.
 */
export function OutgoingBubble({
  item,
  onRetry,
  onRemove,
  onMediaLoad,
}: {
  item: Outgoing;
  onRetry: () => void;
  onRemove: () => void;
  onMediaLoad: () => void;
}) {
  const { t } = useTranslation();
  const failed = item.state === 'failed';
  return (
    <li
      className={`sp-msg sp-msg--mine sp-msg--pending${failed ? ' sp-msg--failed' : ''}`}
      data-testid={`support-outgoing-${item.state}`}
    >
      <div className={`sp-bubble${item.kind === 'image' ? ' sp-bubble--image' : ''}`}>
        {item.kind === 'image' ? (
          item.preview !== '' ? (
            <Thumbnail src={item.preview} onLoad={onMediaLoad} testId="support-outgoing-image" />
          ) : (
            <span className="sp-thumb sp-thumb--empty" aria-hidden="true" />
          )
        ) : (
          <p className="sp-bubble__text" dir="auto">
            {item.text}
          </p>
        )}
        {item.state === 'failed' ? null : (
          <span className="sp-bubble__meta" role="status">
            <span className="spinner spinner--small sp-bubble__spinner" aria-hidden="true" />
            {t(STATE_KEYS[item.state])}
          </span>
        )}
      </div>
      {failed ? (
        <div className="sp-failed" role="alert">
          <ExclamationCircleFill className="sp-failed__icon" aria-hidden="true" />
          <span className="sp-failed__text">{t('support.not_sent_short')}</span>
          <button type="button" className="sp-failed__action" onClick={onRetry} data-testid="support-retry">
            {t('common.retry')}
          </button>
          <button type="button" className="sp-failed__action sp-failed__action--quiet" onClick={onRemove}>
            {t('support.remove')}
          </button>
        </div>
      ) : null}
    </li>
  );
}
