import { useTranslation } from 'react-i18next';
import type { ContactKind } from '../../../shared/contact/validation';

/** Email or phone. */
export function AccountTabs({
  value,
  onChange,
  testIdPrefix,
}: {
  value: ContactKind;
  onChange: (kind: ContactKind) => void;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  const tabs: { kind: ContactKind; label: string }[] = [
    { kind: 'email', label: t('auth.by_email') },
    { kind: 'phone', label: t('auth.by_phone') },
  ];
  return (
    <div className="k-segmented account-tabs" role="tablist">
      {tabs.map((tab) => (
        <button
          type="button"
          role="tab"
          key={tab.kind}
          aria-selected={value === tab.kind}
          className="k-segmented__option"
          onClick={() => onChange(tab.kind)}
          data-testid={`${testIdPrefix}-tab-${tab.kind}`}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
