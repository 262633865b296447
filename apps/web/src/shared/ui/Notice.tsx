import { ExclamationCircleOutline, InformationCircleOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import './notice.css';

export type NoticeTone = 'info' | 'warning' | 'danger' | 'demo' | 'success';

/**
 * A banner that explains: a demo account, a missing withdrawal password, a loan under review, a paused
 * product, a rejection's reason. `action` is a button or link under the text; a danger notice is an alert.
 */
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
  const Icon = tone === 'info' || tone === 'success' ? InformationCircleOutline : ExclamationCircleOutline;
  return (
    <div className={`k-notice k-notice--${tone}`} role={tone === 'danger' ? 'alert' : 'note'} data-testid={testId}>
      <Icon className="k-notice__icon" aria-hidden="true" />
      <div className="k-notice__text">
        {title ? <p className="k-notice__title">{title}</p> : null}
        {children ? <div className="k-notice__body">{children}</div> : null}
        {action ? <div className="k-notice__action">{action}</div> : null}
      </div>
    </div>
  );
}
