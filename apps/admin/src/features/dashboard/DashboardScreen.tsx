import { operatorCustomers } from '@kestrel/contract';
import { CheckCircleTwoTone, CloseCircleTwoTone, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Descriptions, Row, Skeleton, Space, Statistic, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useAction, useEndpoint } from '../../shared/api/queries';
import { useMayCall } from '../../shared/api/use-session';
import { formatMoney, formatTime } from '../../shared/format/format';
import { LoadError, Screen } from '../../shared/ui/Screen';
import { useNotify } from '../../shared/ui/notify';
import { DASHBOARD_STRINGS as T, STRINGS } from '../../shared/strings';
import { LedgerAlarmBanner } from './LedgerAlarmBanner';

function Count(props: { title: string; value: number; to?: string; testId?: string }) {
  const body = (
    <Card size="small" hoverable={Boolean(props.to)} data-testid={props.testId}>
      <Statistic
        title={props.title}
        value={props.value}
        valueStyle={{ color: props.value > 0 && props.to ? '#d4380d' : undefined }}
      />
    </Card>
  );
  return props.to ? <Link to={props.to}>{body}</Link> : body;
}

function MoneyStat(props: { title: string; value: string }) {
  return (
    <Card size="small">
      <Statistic
        title={props.title}
        value={formatMoney(props.value)}
        valueStyle={{ fontSize: 20, fontVariantNumeric: 'tabular-nums' }}
      />
    </Card>
  );
}

export default function DashboardScreen() {
  const dashboard = useEndpoint(operatorCustomers.operatorDashboard, undefined, { refetchInterval: 30_000 });
  const run = useAction(operatorCustomers.operatorReconcileRun, [operatorCustomers.operatorDashboard]);
  const may = useMayCall();
  const notify = useNotify();
  const data = dashboard.data;

  return (
    <Screen
      subtitle={data ? `${T.subtitle} ${T.asOf} ${formatTime(data.asOf)}.` : T.subtitle}
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => dashboard.refetch()} loading={dashboard.isFetching}>
          {STRINGS.common.refresh}
        </Button>
      }
    >
      {dashboard.error ? <LoadError error={dashboard.error} onRetry={() => dashboard.refetch()} /> : null}
      {!data && dashboard.isLoading ? <Skeleton active /> : null}
      {data?.ledgerAlarm ? <LedgerAlarmBanner alarm={data.ledgerAlarm} /> : null}
      {data ? (
        <>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {T.queues}
          </Typography.Title>
          <Row gutter={[12, 12]}>
            <Col span={6}>
              <Count
                title={T.pendingDeposits}
                value={data.counts.pendingDeposits}
                to="/deposits"
                testId="dash-deposits"
              />
            </Col>
            <Col span={6}>
              <Count title={T.pendingWithdrawals} value={data.counts.pendingWithdrawals} to="/withdrawals" />
            </Col>
            <Col span={6}>
              <Count title={T.pendingIdentity} value={data.counts.pendingIdentityReviews} to="/identity" />
            </Col>
            <Col span={6}>
              <Count title={T.pendingLoans} value={data.counts.pendingLoans} to="/loans" />
            </Col>
            <Col span={6}>
              <Count title={T.pendingAdjustments} value={data.counts.pendingAdjustments} to="/adjustments" />
            </Col>
            <Col span={6}>
              <Count title={T.signUpsToday} value={data.counts.signUpsToday} />
            </Col>
            <Col span={6}>
              <Count title={T.signUps7} value={data.counts.signUpsLast7Days} />
            </Col>
          </Row>
          {data.money ? (
            <>
              <Typography.Title level={5} style={{ margin: '8px 0 0' }}>
                {T.money}
              </Typography.Title>
              <Row gutter={[12, 12]}>
                <Col span={6}>
                  <MoneyStat title={T.volumeSpot} value={data.money.volume24h.spot} />
                </Col>
                <Col span={6}>
                  <MoneyStat title={T.volumeContracts} value={data.money.volume24h.contracts} />
                </Col>
                <Col span={6}>
                  <MoneyStat title={T.volumeFast} value={data.money.volume24h.fastTrades} />
                </Col>
                <Col span={6}>
                  <MoneyStat title={T.volumeCoin} value={data.money.volume24h.coinToCoin} />
                </Col>
                <Col span={8}>
                  <MoneyStat title={T.feeIncome} value={data.money.feeIncome24h} />
                </Col>
                <Col span={8}>
                  <MoneyStat title={T.house24} value={data.money.houseResult24h} />
                </Col>
                <Col span={8}>
                  <MoneyStat title={T.houseTotal} value={data.money.houseResultTotal} />
                </Col>
              </Row>
              {data.money.unvaluedCurrencies.length > 0 ? (
                <Alert type="info" showIcon message={`${T.unvalued}: ${data.money.unvaluedCurrencies.join(', ')}`} />
              ) : null}
            </>
          ) : null}
          {data.money ? (
            <Card
              size="small"
              title={T.reconcile}
              data-testid="dash-reconcile"
              extra={
                may(operatorCustomers.operatorReconcileRun) ? (
                  <Button
                    loading={run.isPending}
                    onClick={() =>
                      run.mutate({}, { onSuccess: () => notify.done(T.ran), onError: (error) => notify.failed(error) })
                    }
                  >
                    {T.runNow}
                  </Button>
                ) : null
              }
            >
              {data.reconcile ? (
                <Space direction="vertical" style={{ width: '100%' }}>
                  <Descriptions size="small" column={5}>
                    <Descriptions.Item label={STRINGS.common.status}>
                      {data.reconcile.ok ? (
                        <Tag icon={<CheckCircleTwoTone twoToneColor="#52c41a" />} color="success">
                          {T.reconcileOk}
                        </Tag>
                      ) : (
                        <Tag icon={<CloseCircleTwoTone twoToneColor="#ff4d4f" />} color="error">
                          {T.reconcileBad}: {data.reconcile.differences}
                        </Tag>
                      )}
                    </Descriptions.Item>
                    <Descriptions.Item label={T.lastCheck}>{formatTime(data.reconcile.ranAt)}</Descriptions.Item>
                    <Descriptions.Item label={T.entries}>
                      {data.reconcile.entriesChecked.toLocaleString('en')}
                    </Descriptions.Item>
                    <Descriptions.Item label={T.duration}>{data.reconcile.durationMs} ms</Descriptions.Item>
                    <Descriptions.Item label={T.ranBy}>
                      {data.reconcile.staffId === null ? T.bySchedule : `${T.byStaff}${data.reconcile.staffId}`}
                    </Descriptions.Item>
                  </Descriptions>
                  {data.reconcile.problems.length > 0 ? (
                    <pre className="json-block mono">{data.reconcile.problems.join('\n')}</pre>
                  ) : null}
                </Space>
              ) : (
                <Typography.Text type="secondary">{T.reconcileNever}</Typography.Text>
              )}
            </Card>
          ) : null}
        </>
      ) : null}
    </Screen>
  );
}
