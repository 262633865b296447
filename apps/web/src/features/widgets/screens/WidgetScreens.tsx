import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { invalidateCustomerData } from '../../../shared/api/customer-keys';
import { useRouteTitleKey } from '../../../shared/route-title';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { Refreshable } from '../../../shared/ui/Refreshable';
import { AssetSummaryWidget } from '../../../shared/widgets/AssetSummaryWidget';
import { NewsWidget } from '../../../shared/widgets/NewsWidget';
import { QuoteListWidget } from '../../../shared/widgets/QuoteListWidget';
import '../i18n-english';

/** The spec's component pages (SPEC §2), each showing its widget from shared/widgets under a title bar. */
export const WIDGET_PATHS = {
  news: '/components/m-news/m-news',
  assets: '/components/m-zichan/m-zichan',
  quotes: '/components/m-quolist/m-quolist',
} as const;

/** How many notices the news page lists (the widget shows the latest; the notices screen has them all). */
const NEWS_COUNT = 10;

/**
 * `/components/m-news/m-news`, `/components/m-zichan/m-zichan` and `/components/m-quolist/m-quolist`:
 * one module (one chunk with its texts) picks the widget by path. Pull to refresh reloads what it shows.
 */
export default function WidgetScreens() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const titleKey = useRouteTitleKey();
  const queryClient = useQueryClient();

  let widget;
  let refresh: () => Promise<unknown>;
  switch (pathname) {
    case WIDGET_PATHS.assets:
      widget = <AssetSummaryWidget />;
      refresh = () => invalidateCustomerData(queryClient, 'balances');
      break;
    case WIDGET_PATHS.quotes:
      widget = <QuoteListWidget />;
      refresh = () => queryClient.invalidateQueries({ queryKey: ['market', 'quoteList'] });
      break;
    default:
      widget = <NewsWidget count={NEWS_COUNT} />;
      refresh = () => queryClient.invalidateQueries({ queryKey: ['notices'] });
  }

  return (
    <div className="screen">
      <PageHeader title={titleKey ? t(titleKey) : ''} />
      <Refreshable onRefresh={refresh}>
        <div className="screen__body">{widget}</div>
      </Refreshable>
    </div>
  );
}
