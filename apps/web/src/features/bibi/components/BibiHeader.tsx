import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useRouteTitleKey } from '../../../shared/route-title';
import { PageHeader } from '../../../shared/ui/PageHeader';

/**
 * The top of the two coin-to-coin screens: the route's title (or the screen's own when the route has
 * none) and a link across to the other screen (exchange to orders, orders back to the exchange).
 */
export function BibiHeader({
  fallbackTitleKey,
  linkTo,
  linkLabelKey,
  linkTestId,
}: {
  fallbackTitleKey: string;
  linkTo: string;
  linkLabelKey: string;
  linkTestId: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleKey = useRouteTitleKey();
  return (
    <PageHeader
      title={titleKey ? t(titleKey) : t(fallbackTitleKey)}
      right={
        <button type="button" className="k-link bibi-link" onClick={() => navigate(linkTo)} data-testid={linkTestId}>
          {t(linkLabelKey)}
        </button>
      }
    />
  );
}
