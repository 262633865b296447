import type { newShares } from '@kestrel/contract/web';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../shared/ui/Buttons';
import { shortHash } from '../lib/hash';
import { useCountText } from './counts';

/** A long hex value shortened, with a copy button for the whole of it. */
function HashLine({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="ns-hash">
      <span className="ns-hash__label">{label}</span>
      <span className="ns-hash__row">
        <code className="ns-hash__value" dir="ltr" title={value} data-testid={testId}>
          {shortHash(value)}
        </code>
        <CopyButton
          text={value}
          copied={t('invest.common.copied')}
          failed={t('invest.common.copy_failed')}
          testId={`${testId}-copy`}
        />
      </span>
    </div>
  );
}

/**
 * How the offer is allocated, in plain words (the contract's published rule), and the proof: the seed's
 * SHA-256 published before anyone subscribed, the seed itself once allocated, and the line saying that
 * anyone can recompute every result from them and the public allocation list.
 */
export function FairnessCard({ offer }: { offer: newShares.NewShareProduct }) {
  const { t } = useTranslation();
  const count = useCountText();
  const supply = count(offer.supplyLots);
  return (
    <section className="card iv-section" data-testid="fairness">
      <h2 className="iv-section__title">{t('invest.new_shares.how_allocated')}</h2>
      <p className="ns-rule__name">
        {offer.allocationRule === 'lottery'
          ? t('invest.new_shares.rule_lottery')
          : t('invest.new_shares.rule_pro_rata')}
      </p>
      <p className="iv-text" data-testid="rule-explained">
        {offer.allocationRule === 'lottery'
          ? t('invest.new_shares.rule_lottery_explained', { supply })
          : t('invest.new_shares.rule_pro_rata_explained', { supply })}
      </p>
      <p className="iv-text">{t('invest.new_shares.rule_undersubscribed')}</p>
      <HashLine label={t('invest.new_shares.seed_commitment')} value={offer.seedCommitment} testId="seed-commitment" />
      {offer.seed ? (
        <HashLine label={t('invest.new_shares.seed_revealed')} value={offer.seed} testId="seed" />
      ) : (
        <p className="iv-hint" data-testid="seed-pending">
          {t('invest.new_shares.seed_pending')}
        </p>
      )}
      <p className="iv-hint" data-testid="recompute-note">
        {offer.seed ? t('invest.new_shares.recompute_note') : t('invest.new_shares.commitment_note')}
      </p>
    </section>
  );
}
