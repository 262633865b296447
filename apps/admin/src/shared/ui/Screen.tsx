import type { Endpoint } from '@kestrel/contract';
import { Alert, Button, Card, Space, Tabs, Typography } from 'antd';
import { createContext, useContext, type ReactNode } from 'react';
import { errorText } from '../api/errors';
import { useMayCall } from '../api/use-session';

/** What the shell says of the screen it opened: the menu's label as its title, `screen-<path>` as its test id. */
export interface ScreenName {
  title: string;
  testId: string;
}

/**
 * The name of the screen being shown, provided by the shell from the screen's route, so that a
 * screen's title and test id are written once (in the routes) and never again in the screen.
 */
export const ScreenNameContext = createContext<ScreenName>({ title: '', testId: '' });

/** One console screen: its title (from its route) with the screen's actions, then its cards. */
export function Screen(props: { subtitle?: ReactNode; extra?: ReactNode; children: ReactNode }) {
  const name = useContext(ScreenNameContext);
  return (
    <div className="screen" data-testid={name.testId}>
      <div className="screen-head">
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {name.title}
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

/** One tab of a tabbed screen; with a `gate`, only roles that may call that endpoint see the tab. */
export interface ScreenTab {
  key: string;
  label: string;
  children: ReactNode;
  gate?: Endpoint;
}

/**
 * A screen whose one card holds tabs (a list and its settings, say), declared by its subtitle and
 * its tabs: the screen component a route opens.
 */
export function tabbedScreen(subtitle: ReactNode, tabs: readonly ScreenTab[]) {
  return function TabbedScreen() {
    const may = useMayCall();
    const shown = tabs
      .filter((tab) => !tab.gate || may(tab.gate))
      .map(({ key, label, children }) => ({
        key,
        label,
        children,
      }));
    return (
      <Screen subtitle={subtitle}>
        <Section>
          <Tabs items={shown} />
        </Section>
      </Screen>
    );
  };
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
