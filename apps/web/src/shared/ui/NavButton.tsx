import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

/** A button that opens another screen (`to`), looking as `className` says (a link, a button). */
export function NavButton({
  to,
  className,
  testId,
  children,
}: {
  to: string;
  className: string;
  testId?: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <button type="button" className={className} onClick={() => navigate(to)} data-testid={testId}>
      {children}
    </button>
  );
}
