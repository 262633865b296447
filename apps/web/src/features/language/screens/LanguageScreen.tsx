import { LANGUAGES, isLanguageCode } from '@kestrel/contract/web';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from '../../../shared/i18n/language-pack';
import { useSettingsStore } from '../../../shared/store/settings';
import { useGoBack } from '../../../shared/ui/use-go-back';
import { OptionList } from '../../../shared/ui/OptionList';
import { PageHeader } from '../../../shared/ui/PageHeader';

/** `/pages/language/language`: the 19 languages by their own names; the current one is checked. */
export default function LanguageScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const goBack = useGoBack();
  const locale = useSettingsStore((state) => state.locale);
  const [switching, setSwitching] = useState<string | null>(null);

  const choose = async (code: string) => {
    if (!isLanguageCode(code) || code === locale) return;
    setSwitching(code);
    const switched = await switchLanguage(code);
    setSwitching(null);
    if (!switched) return;
    // Product names, tips and notices arrive translated by the server: fetch them again.
    void queryClient.invalidateQueries();
    goBack();
  };

  return (
    <div className="screen">
      <PageHeader title={t('me.language')} />
      <div className="screen__body">
        <OptionList
          options={LANGUAGES.map((language) => ({
            key: language.code,
            title: language.name,
            lang: language.tag,
            dir: language.rtl ? 'rtl' : 'ltr',
          }))}
          selected={locale}
          busy={switching}
          onSelect={(code) => void choose(code)}
        />
      </div>
    </div>
  );
}
