import { ExclamationCircleOutline, InformationCircleOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';

export type NoticeTone = 'info' | 'warning' | 'danger' | 'demo' | 'success';

/** A banner that explains: a demo account, a missing withdrawal password, a rejection reason. */
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
    <div className={`m-notice m-notice--${tone}`} role={tone === 'danger' ? 'alert' : 'note'} data-testid={testId}>
      <Icon className="m-notice__icon" aria-hidden="true" />
      <div className="m-notice__text">
        {title ? <p className="m-notice__title">{title}</p> : null}
        {children ? <div className="m-notice__body">{children}</div> : null}
        {action ? <div className="m-notice__action">{action}</div> : null}
      </div>
    </div>
  );
}
