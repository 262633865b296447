import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { PATHS, withFrom } from '../../../shared/paths';
import { Segmented } from '../../../shared/ui/Segmented';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { modesOf, pickMode, type TradeMode } from '../lib/trade-modes';
import type { TradeContext } from '../use-trade-context';
import { ContractForm } from './ContractForm';
import { FastTradeForm } from './FastTradeForm';
import { MyTrades } from './MyTrades';
import { SpotBuyForm } from './SpotForm';
import { SpotHoldingsList } from './SpotHoldingsList';
import './trade-forms.css';

export const BIBI_PATH = '/pages/quoteDetail/bibi';

/** The mode chosen last, kept for this visit so switching products keeps the customer's kind of trade. */
let lastMode: TradeMode | null = null;

/**
 * The order area of the trade tab: a segmented control of the modes the product offers (contract,
 * spot, fast; a coin-to-coin entry for crypto), the chosen form (or a login prompt), and the
 * customer's own trades in this product.
 */
export function TradePanel({ context }: { context: TradeContext }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { modes, coinToCoin } = modesOf(context.product.PositionType);
  const [chosen, setChosen] = useState<TradeMode | null>(lastMode);
  const [spotSide, setSpotSide] = useState<'buy' | 'sell'>('buy');
  const mode = pickMode(chosen, modes);
  const labels: Record<TradeMode, string> = {
    contract: t('trading.mode_contract'),
    spot: t('trading.mode_spot'),
    fast: t('trading.mode_fast'),
  };

  if (!mode && !coinToCoin) {
    return (
      <section className="card tf-panel">
        <p className="tf-empty-note">{t('error.position_type_unavailable')}</p>
      </section>
    );
  }

  return (
    <>
      <section className="card tf-panel tr-fields" data-testid="trade-panel">
        <div className="tf-modes">
          {modes.length > 0 ? (
            <Segmented
              label={t('trading.trade_type')}
              testId="trade-mode"
              value={mode ?? modes[0]!}
              onChange={(next) => {
                lastMode = next;
                setChosen(next);
              }}
              options={modes.map((value) => ({ value, label: labels[value] }))}
            />
          ) : null}
          {coinToCoin ? (
            <button
              type="button"
              className="tf-bibi"
              onClick={() => navigate(`${BIBI_PATH}?productCode=${encodeURIComponent(context.product.productCode)}`)}
              data-testid="trade-bibi"
            >
              {t('page.bibi')}
            </button>
          ) : null}
        </div>
        {!mode ? null : !context.loggedIn ? (
          <LoginPrompt />
        ) : !context.setting ? (
          context.settingFailed ? (
            <div className="tf-empty-note">
              <p>{t('trading.settings_failed')}</p>
              <button type="button" className="k-button k-button--soft" onClick={context.retrySetting}>
                {t('common.retry')}
              </button>
            </div>
          ) : (
            <div className="tf-form" aria-busy="true">
              <Skeleton height={44} radius={12} />
              <Skeleton height={58} radius={12} />
              <Skeleton height={120} radius={12} />
            </div>
          )
        ) : mode === 'contract' ? (
          <ContractForm key={context.product.productCode} context={context} />
        ) : mode === 'spot' ? (
          <>
            <Segmented
              label={t('trading.mode_spot')}
              testId="spot-side"
              value={spotSide}
              onChange={setSpotSide}
              options={[
                { value: 'buy', label: t('trading.buy'), tone: 'rise' },
                { value: 'sell', label: t('trading.sell'), tone: 'fall' },
              ]}
            />
            {spotSide === 'buy' ? (
              <SpotBuyForm key={context.product.productCode} context={context} />
            ) : (
              <div className="tf-form">
                <SpotHoldingsList context={context} />
              </div>
            )}
          </>
        ) : (
          <FastTradeForm key={context.product.productCode} context={context} />
        )}
      </section>
      {mode && context.setting && !(mode === 'spot' && spotSide === 'sell') ? (
        <MyTrades mode={mode} context={context} />
      ) : null}
    </>
  );
}

function LoginPrompt() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const from = `${location.pathname}${location.search}`;
  return (
    <div className="tf-login" data-testid="trade-login-prompt">
      <p className="tf-login__text">{t('trading.login_prompt')}</p>
      <div className="tf-login__buttons">
        <button
          type="button"
          className="k-action tr-button k-action--brand"
          onClick={() => navigate(withFrom(PATHS.login, from))}
        >
          {t('auth.login')}
        </button>
        <button
          type="button"
          className="k-action tr-button tr-button--outline"
          onClick={() => navigate(withFrom(PATHS.register, from))}
        >
          {t('auth.register')}
        </button>
      </div>
    </div>
  );
}
