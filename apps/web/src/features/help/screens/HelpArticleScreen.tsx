import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { refusalOf } from '../../../shared/trading/refusal-field';
import { ltr } from '../../../shared/display/bidi';
import { formatDateTime } from '../../../shared/display/date-time';
import { RichText } from '../../../shared/display/rich-text';
import { useSettingsStore } from '../../../shared/store/settings';
import { EmptyState } from '../../../shared/ui/EmptyState';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { Notice } from '../../../shared/ui/Notice';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { useGoBack } from '../../../shared/ui/use-go-back';
import { useHelpArticle } from '../api/help-detail';
import { ContactSupport } from '../components/ContactSupport';
import { fallbackLanguageName } from '../lib/language-note';
import { HELP_PATH } from '../paths';

const NOT_FOUND = 'error.help_article_not_found';

/**
 * `/pages/QA/QA?id=<article>`: one article in the app's language: its category, title and last update,
 * a note when it is shown in English for want of a text in the app's language, and its text (operator
 * HTML, sanitized again here by shared/display/rich-text), then the way to the support chat. Back
 * returns to the list (or opens it when the article was opened from a link).
 */
export default function HelpArticleScreen({ id }: { id: number | null }) {
  const { t } = useTranslation();
  const goBack = useGoBack(HELP_PATH);
  return (
    <div className="screen hc-screen">
      <PageHeader title={t('me.help')} onBack={goBack} />
      <div className="screen__body hc-body">
        {id === null ? <Missing /> : <Article id={id} />}
        <ContactSupport testId="help-article-contact" />
      </div>
    </div>
  );
}

function Article({ id }: { id: number }) {
  const { t } = useTranslation();
  const locale = useSettingsStore((state) => state.locale);
  const article = useHelpArticle(id);
  if (article.isPending) {
    return (
      <article className="card hc-article" aria-busy="true" role="status" data-testid="help-article-loading">
        <Skeleton width="30%" height={12} />
        <Skeleton width="85%" height={22} />
        <Skeleton width="40%" height={12} />
        <div className="hc-article__skeleton-body">
          {[100, 96, 92, 60].map((width, index) => (
            <Skeleton key={index} width={`${width}%`} height={14} />
          ))}
        </div>
      </article>
    );
  }
  if (article.isError) {
    if (refusalOf(article.error)?.key === NOT_FOUND) return <Missing />;
    return (
      <div className="card">
        <LoadFailed onRetry={() => void article.refetch()} />
      </div>
    );
  }
  const { data } = article;
  const fallback = fallbackLanguageName(data.language, locale);
  const updated = formatDateTime(data.updatedAt).split(' ')[0] ?? '';
  return (
    <article className="card hc-article" data-testid="help-article">
      <p className="hc-article__category" dir="auto">
        {data.categoryName}
      </p>
      <h2 className="hc-article__title" dir="auto" data-testid="help-article-title">
        {data.title}
      </h2>
      <p className="hc-article__updated">{t('help.updated', { date: ltr(updated) })}</p>
      {fallback ? (
        <Notice testId="help-article-fallback">{t('help.article_fallback_note', { language: fallback })}</Notice>
      ) : null}
      <RichText html={data.content} className="hc-article__content" data-testid="help-article-content" />
    </article>
  );
}

/** No such article (hidden, deleted or a wrong link): say so and offer the list. */
function Missing() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="card" data-testid="help-article-missing">
      <EmptyState
        title={t('help.article_missing')}
        action={
          <button
            type="button"
            className="k-button k-button--soft"
            onClick={() => navigate(HELP_PATH, { replace: true })}
          >
            {t('help.all_articles')}
          </button>
        }
      />
    </div>
  );
}
