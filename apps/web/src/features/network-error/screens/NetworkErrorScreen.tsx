import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { clearNetworkError } from '../../../shared/api/network-errors';
import { useHomePath } from '../../../shared/layouts/use-layout-paths';
import { PATHS, withFrom } from '../../../shared/paths';
import { useFromRoute } from '../../../shared/use-from-route';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { SignalLostArt } from '../components/SignalLostArt';
import './network-error.css';

/**
 * `/pages/networdError/networdError?from=<route>` (SPEC §2, §8): what failed to load, a retry that
 * returns to that route, and a way to switch lines.
 */
export default function NetworkErrorScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const homePath = useHomePath();
  const from = useFromRoute() ?? homePath;

  const retry = () => {
    clearNetworkError(from);
    navigate(from, { replace: true });
  };

  return (
    <div className="screen network-error">
      <PageHeader title="" onBack={retry} />
      <div className="network-error__body">
        <SignalLostArt />
        <h1 className="network-error__title">{t('request.network_lost')}</h1>
        <p className="network-error__text">{t('neterr.body')}</p>
        <div className="network-error__actions">
          <Button block color="primary" shape="rounded" size="large" onClick={retry}>
            {t('neterr.retry')}
          </Button>
          <Button
            block
            color="primary"
            fill="outline"
            shape="rounded"
            size="large"
            onClick={() => navigate(withFrom(PATHS.line, from))}
          >
            {t('neterr.switch_line')}
          </Button>
        </div>
      </div>
    </div>
  );
}
