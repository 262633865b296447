import Popup from 'antd-mobile/es/components/popup';
import type { ReactNode } from 'react';
import { SheetHeader } from './PageHeader';

/**
 * A bottom sheet (the k-sheet look, parts.css) under a title and a close button: a picker, a detail,
 * a short form. `className` is the sheet's own. What it shows is dropped when it closes, so a sheet
 * opened again starts afresh. A tap outside closes it unless `dismissible` is false (while something
 * it started is running).
 */
export function HeadedSheet({
  visible,
  title,
  onClose,
  closeIcon,
  closeClassName,
  className,
  dismissible = true,
  children,
}: {
  visible: boolean;
  title: ReactNode;
  onClose: () => void;
  closeIcon: ReactNode;
  closeClassName?: string;
  className: string;
  dismissible?: boolean;
  children: ReactNode;
}) {
  return (
    <Popup
      visible={visible}
      onMaskClick={dismissible ? onClose : undefined}
      onClose={onClose}
      position="bottom"
      bodyClassName={`k-sheet ${className}`}
      destroyOnClose
    >
      <SheetHeader title={title} onClose={onClose} closeIcon={closeIcon} closeClassName={closeClassName} />
      {children}
    </Popup>
  );
}
