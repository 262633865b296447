import { Alert, Button, Card, Space, Tabs, Typography, type TabsProps } from 'antd';
import type { ReactNode } from 'react';
import { errorText } from '../api/errors';

/** One console screen: a title with the screen's actions, then its cards. */
export function Screen(props: {
  title: string;
  subtitle?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className="screen" data-testid={props.testId}>
      <div className="screen-head">
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {props.title}
          </Typography.Title>
          {props.subtitle ? <Typography.Text type="secondary">{props.subtitle}</Typography.Text> : null}
        </div>
        {props.extra ? <Space wrap>{props.extra}</Space> : null}
      </div>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        {props.children}
      </Space>
    </div>
  );
}

export function Section(props: { title?: ReactNode; extra?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Card title={props.title} extra={props.extra} size="small" data-testid={props.testId}>
      {props.children}
    </Card>
  );
}

/** A screen whose one card holds tabs: a list and its settings, say. */
export function TabbedScreen(props: { title: string; subtitle: ReactNode; testId: string; tabs: TabsProps['items'] }) {
  return (
    <Screen title={props.title} subtitle={props.subtitle} testId={props.testId}>
      <Section>
        <Tabs items={props.tabs} />
      </Section>
    </Screen>
  );
}

/** A failed read: what went wrong and a retry. */
export function LoadError(props: { error: unknown; onRetry?: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      message="Could not load this"
      description={errorText(props.error)}
      action={
        props.onRetry ? (
          <Button size="small" onClick={props.onRetry}>
            Retry
          </Button>
        ) : undefined
      }
    />
  );
}
