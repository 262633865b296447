import { useTranslation } from 'react-i18next';
import { TabStrip } from '../ui/TabStrip';
import type { ContactKind } from './validation';

const KINDS: readonly ContactKind[] = ['email', 'phone'];

/**
 * Email or phone, as a segmented control over the contact field (login, register, the password
 * reset); `className` sizes the control for its form. The tabs are `${testIdPrefix}-tab-email` and
 * `-phone`.
 */
export function ContactKindTabs({
  value,
  onChange,
  className,
  testIdPrefix,
}: {
  value: ContactKind;
  onChange: (kind: ContactKind) => void;
  className: string;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <TabStrip
      className={`k-segmented ${className}`}
      tabClassName="k-segmented__option"
      tabs={KINDS.map((kind) => ({
        id: kind,
        label: t(kind === 'email' ? 'auth.by_email' : 'auth.by_phone'),
        testId: `${testIdPrefix}-tab-${kind}`,
      }))}
      value={value}
      onChange={(kind) => onChange(kind)}
    />
  );
}
