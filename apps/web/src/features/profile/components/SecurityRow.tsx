import { RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { tintClass, type Tint } from '../../../shared/ui/tint';

/**
 * One row of the security centre: an icon, what it is, its state (the masked address, "Not set", a
 * count) and, at the end, what a tap does ("Change", "Bind") before the arrow. A whole-row button.
 */
export function SecurityRow({
  icon,
  tint,
  title,
  value,
  action,
  onClick,
  disabled,
  testId,
}: {
  icon: ReactNode;
  tint: Tint;
  title: string;
  value?: ReactNode;
  action?: string;
  onClick: () => void;
  disabled?: boolean;
  testId: string;
}) {
  return (
    <li>
      <button type="button" className="profile-row" onClick={onClick} disabled={disabled} data-testid={testId}>
        <span className={`profile-row__icon ${tintClass(tint)}`} aria-hidden="true">
          {icon}
        </span>
        <span className="profile-row__text">
          <span className="profile-row__title">{title}</span>
          {value ? <span className="profile-row__value">{value}</span> : null}
        </span>
        {action ? <span className="profile-row__action">{action}</span> : null}
        <RightOutline className="profile-row__arrow" aria-hidden="true" />
      </button>
    </li>
  );
}
