import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { plainParagraphs } from '../../../shared/display/plain-text';
import { useTips } from '../../../shared/platform/api/text-lang-list';
import { useSettingsStore } from '../../../shared/store/settings';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { Skeleton } from '../../../shared/ui/Skeleton';
import '../content.css';
import '../i18n-english';

/** Titles of the texts the tips set carries, by remark; any other remark shows as "Details". */
const TITLES: Record<string, string> = {
  risk_warning: 'richtext.risk_warning',
  simulated_market: 'richtext.simulated_market',
  register_tip: 'richtext.register_tip',
};

/**
 * `/pages/richText?key=<remark>`: one text of the tips settings, in the customer's language, as plain
 * paragraphs. Operator text is never put into the page as HTML.
 */
export default function RichTextScreen() {
  const { t } = useTranslation();
  const [parameters] = useSearchParams();
  const key = parameters.get('key') ?? '';
  const locale = useSettingsStore((state) => state.locale);
  const tips = useTips();
  const tip = tips.data?.find((row) => row.remark === key && row.contentVisibleFlag === 1);
  const paragraphs = tip ? plainParagraphs(tip.contentLang[locale] ?? tip.content) : [];
  const titleKey = TITLES[key] ?? 'page.details';

  return (
    <div className="screen">
      <PageHeader title={t(titleKey)} />
      <div className="screen__body">
        <article className="card content-article" data-testid="rich-text">
          {tips.isPending ? (
            <div className="content-article__skeleton" aria-busy="true">
              <Skeleton width="90%" />
              <Skeleton width="75%" />
              <Skeleton width="82%" />
            </div>
          ) : paragraphs.length === 0 ? (
            <EmptyState title={t('richtext.not_found')} />
          ) : (
            paragraphs.map((paragraph, index) => (
              <p key={index} dir="auto">
                {paragraph}
              </p>
            ))
          )}
        </article>
      </div>
    </div>
  );
}
