import { team, type AnswerOf } from '@kestrel/contract/web';
import { useTranslation } from 'react-i18next';
import { useAmountFormat } from '../../../shared/display/display-rules';
import { useMoneyText } from '../../../shared/invest/amounts';

type Dashboard = AnswerOf<typeof team.teamDashboard>;

/** USDT: the currency the dashboard values deposits and commissions in. */
const USDT = 'USDT';

/**
 * The team at a glance: what my team has deposited and what I have earned from it (USDT values, by the
 * display rules), then the head counts: everyone, each level, who has deposited, who deposited today and
 * who was active lately.
 */
export function TeamFigures({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const amount = useAmountFormat();
  const levelTwo = Math.max(0, dashboard.teamPersonNum - dashboard.teamDirectPersonNum);
  const counts = [
    { id: 'team-size', label: t('team.team_size'), value: dashboard.teamPersonNum },
    { id: 'direct', label: t('team.direct_members'), value: dashboard.teamDirectPersonNum },
    { id: 'level2', label: t('team.level2_members'), value: levelTwo },
    { id: 'depositors', label: t('team.depositors'), value: dashboard.firstRechargePersonNum },
    { id: 'deposited-today', label: t('team.deposited_today'), value: dashboard.rechargePersonNumToday },
    {
      id: 'active',
      label: t('team.active_members', { days: team.TEAM_ACTIVE_DAYS }),
      value: dashboard.activePersonNum,
    },
  ];
  return (
    <section className="card iv-section" data-testid="team-figures">
      <h2 className="iv-section__title">{t('team.figures_title')}</h2>
      <dl className="tm-money">
        <div className="tm-money__item tm-money__item--earned">
          <dt>{t('team.total_commission')}</dt>
          <dd className="numeric" dir="ltr" data-testid="fig-commission">
            {money(dashboard.teamTotalCommissionAmount, USDT)}
          </dd>
        </div>
        <div className="tm-money__item">
          <dt>{t('team.total_deposits')}</dt>
          <dd className="numeric" dir="ltr" data-testid="fig-deposits">
            {money(dashboard.teamTotalRechargeAmount, USDT)}
          </dd>
        </div>
      </dl>
      <dl className="tm-counts">
        {counts.map((count) => (
          <div className="tm-counts__item" key={count.id}>
            <dt>{count.label}</dt>
            <dd className="numeric" data-testid={`fig-${count.id}`}>
              {amount(String(count.value), 0)}
            </dd>
          </div>
        ))}
      </dl>
      <p className="iv-hint">{t('team.usdt_note')}</p>
    </section>
  );
}
