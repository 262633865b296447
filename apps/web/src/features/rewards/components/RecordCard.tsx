import { useMoneyText } from '../../../shared/invest/amounts';
import { formatDateTime } from '../../../shared/display/date-time';
import type { RewardRecord } from '../api/reward-records';

/** A reward earned: the task's title, what it paid and when. */
export function RecordCard({ record }: { record: RewardRecord }) {
  const money = useMoneyText();
  return (
    <li className="card iv-section rw-record" data-testid="reward-record">
      <div className="iv-head rw-record__head">
        <div className="iv-head__names rw-names">
          <span className="iv-name" dir="auto" data-testid="record-title">
            {record.title}
          </span>
          <span className="rw-record__time numeric" dir="ltr" data-testid="record-time">
            {formatDateTime(record.createTime)}
          </span>
        </div>
        <span className="rw-record__amount numeric" dir="ltr" data-testid="record-amount">
          +{money(record.amount, record.currencyName)}
        </span>
      </div>
    </li>
  );
}
