import type { operatorCustomers } from '@kestrel/contract';
import { Alert, Button, Space, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { formatTime } from '../../shared/format/format';
import { DASHBOARD_STRINGS as T } from '../../shared/strings';

/**
 * The ledger alarm at the top of the dashboard: red while the latest reconcile found differences,
 * amber while halts still stand after a clean run (they stay until an admin lifts them), nothing
 * otherwise. The reconcile card below lists the differences.
 */
export function LedgerAlarmBanner(props: { alarm: operatorCustomers.LedgerAlarm }) {
  const { alarm } = props;
  if (!alarm.differencesFound && alarm.standingHalts === 0) return null;
  const scheduled = alarm.latestScheduledRun;
  const halts = (
    <Space>
      <Typography.Text strong>
        {alarm.standingHalts} {T.haltsStanding}
      </Typography.Text>
      {alarm.standingHalts > 0 ? (
        <Link to="/halts">
          <Button size="small" danger={Boolean(alarm.differencesFound)}>
            {T.haltsOpen}
          </Button>
        </Link>
      ) : null}
    </Space>
  );
  return (
    <Alert
      type={alarm.differencesFound ? 'error' : 'warning'}
      showIcon
      data-testid="ledger-alarm"
      message={alarm.differencesFound ? T.alarmTitle : `${alarm.standingHalts} ${T.haltsStanding}`}
      description={
        <Space direction="vertical" size={4}>
          {alarm.differencesFound ? <span>{T.alarmBody}</span> : null}
          <span>
            {T.alarmScheduled}:{' '}
            {scheduled
              ? `${formatTime(scheduled.ranAt)}: ${scheduled.ok ? T.reconcileOk : `${T.reconcileBad} (${scheduled.differences})`}`
              : T.alarmNever}
          </span>
          {halts}
        </Space>
      }
    />
  );
}
