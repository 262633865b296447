import Popup from 'antd-mobile/es/components/popup';
import { DownFill } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageOf } from '../i18n/document-language';
import { useSettingsStore } from '../store/settings';
import { OptionList } from '../ui/OptionList';
import { SkeletonRows } from '../ui/Skeleton';
import { usePhoneAreaCodes } from './api/phone-area-codes';
import './contact.css';

/** Country names in the customer's language where the browser knows them, else the server's English name. */
function useRegionNames(): (countryCode: string, fallback: string) => string {
  const locale = useSettingsStore((state) => state.locale);
  return useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([languageOf(locale).tag, 'en'], { type: 'region' });
    } catch {
      names = null;
    }
    return (countryCode, fallback) => {
      try {
        return names?.of(countryCode) ?? fallback;
      } catch {
        return fallback;
      }
    };
  }, [locale]);
}

/** The "+86" button before the phone number, and the sheet of area codes it opens. */
export function AreaCodePicker({
  value,
  onChange,
  testId,
}: {
  value: string;
  onChange: (areaCode: string) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const codes = usePhoneAreaCodes(true);
  const regionName = useRegionNames();
  const rows = codes.data ?? [];
  return (
    <>
      <button
        type="button"
        className="area-code"
        onClick={() => setOpen(true)}
        aria-label={`${t('auth.area_code')}: +${value}`}
        data-testid={testId}
      >
        <span className="numeric" dir="ltr">
          +{value}
        </span>
        <DownFill className="area-code__caret" />
      </button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        position="bottom"
        bodyClassName="area-code-sheet"
      >
        <h2 className="area-code-sheet__title">{t('auth.area_code')}</h2>
        <div className="area-code-sheet__list">
          {codes.isPending ? (
            <SkeletonRows rows={6} />
          ) : (
            <OptionList
              options={rows.map((row) => ({
                key: row.countryCode,
                title: regionName(row.countryCode, row.countryName),
                extra: (
                  <span dir="ltr" className="numeric">
                    +{row.areaCode}
                  </span>
                ),
              }))}
              selected={rows.find((row) => row.areaCode === value)?.countryCode ?? ''}
              onSelect={(countryCode) => {
                const row = rows.find((candidate) => candidate.countryCode === countryCode);
                if (row) onChange(row.areaCode);
                setOpen(false);
              }}
            />
          )}
        </div>
      </Popup>
    </>
  );
}
