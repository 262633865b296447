import { ExclamationCircleOutline, InformationCircleOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';

export type NoticeTone = 'info' | 'warning' | 'danger' | 'demo';

/** A banner that explains: the review, a demo account, a paused product, a rejection's reason. */
export function Notice({
  tone = 'info',
  title,
  children,
  action,
  testId,
}: {
  tone?: NoticeTone;
  title?: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  const Icon = tone === 'info' ? InformationCircleOutline : ExclamationCircleOutline;
  return (
    <div className={`ln-notice ln-notice--${tone}`} role={tone === 'danger' ? 'alert' : 'note'} data-testid={testId}>
      <Icon className="ln-notice__icon" aria-hidden="true" />
      <div className="ln-notice__text">
        {title ? <p className="ln-notice__title">{title}</p> : null}
        {children ? <div className="ln-notice__body">{children}</div> : null}
        {action ? <div className="ln-notice__action">{action}</div> : null}
      </div>
    </div>
  );
}
