import { LogoutOutlined } from '@ant-design/icons';
import { funding, support } from '@kestrel/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar, Badge, Button, Layout, Menu, Result, Space, Spin, Tag, Typography } from 'antd';
import type { ItemType } from 'antd/es/menu/interface';
import { Suspense, useMemo } from 'react';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { call } from '../shared/api/call';
import { endpointKey, useEndpoint } from '../shared/api/queries';
import { writeSession, type StaffSession } from '../shared/api/session';
import { mayCall } from '../shared/api/use-session';
import { useStaffEvents } from '../shared/realtime/staff-socket';
import { STRINGS } from '../shared/strings';
import { ScreenNameContext } from '../shared/ui/Screen';
import { CONSOLE_ROUTES, type Area } from './routes';

const ROLE_COLORS: Record<string, string> = { admin: 'red', finance: 'gold', support: 'blue', content: 'green' };

function useSupportUnread(session: StaffSession): number {
  const allowed = mayCall(session, support.operatorSupportUnreadCount);
  const queryClient = useQueryClient();
  const live = useStaffEvents(() => {
    void queryClient.invalidateQueries({ queryKey: endpointKey(support.operatorSupportUnreadCount) });
  }, allowed);
  const unread = useEndpoint(support.operatorSupportUnreadCount, undefined, {
    enabled: allowed,
    refetchInterval: live ? 60_000 : 10_000,
  });
  return unread.data?.staffUnreadTotal ?? 0;
}

/** The console around every screen: the menu by area (only what the role may open), the header, the screen. */
export function Shell(props: { session: StaffSession }) {
  const { session } = props;
  const location = useLocation();
  const routes = useMemo(
    () =>
      CONSOLE_ROUTES.filter((route) => mayCall(session, route.gate)).map((route) => ({
        ...route,
        // The screen's own head reads its title and test id from here (shared/ui/Screen.tsx).
        name: { title: route.label, testId: `screen-${route.path.slice(1)}` },
      })),
    [session],
  );
  const unread = useSupportUnread(session);

  const items = useMemo<ItemType[]>(() => {
    const areas = Object.keys(STRINGS.areas) as Area[];
    return areas
      .map((area) => {
        const children = routes
          .filter((route) => route.area === area)
          .map((route) => ({
            key: route.path,
            icon: route.icon,
            label: (
              <Link to={route.path} data-testid={`menu-${route.path.slice(1)}`}>
                {route.path === '/support' && unread > 0 ? (
                  <Space>
                    {route.label}
                    <Badge count={unread} size="small" data-testid="support-unread" />
                  </Space>
                ) : (
                  route.label
                )}
              </Link>
            ),
          }));
        return children.length > 0 ? { type: 'group' as const, key: area, label: STRINGS.areas[area], children } : null;
      })
      .filter((item): item is NonNullable<typeof item> => item !== null);
  }, [routes, unread]);

  const current = routes.find((route) => location.pathname.startsWith(route.path));
  const home = routes[0]?.path ?? '/dashboard';

  const signOut = async () => {
    try {
      await call(funding.operatorLogout);
    } catch {
      // The session ends here whatever the server said.
    }
    writeSession(null);
  };

  return (
    <Layout className="shell">
      <Layout.Sider width={224} theme="dark" className="shell-sider">
        <div className="shell-brand">
          <div className="brand-mark small">K</div>
          <span>{STRINGS.product}</span>
        </div>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={current ? [current.path] : []}
          items={items}
          className="shell-menu"
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="shell-header">
          <Typography.Text strong className="shell-title">
            {current?.label ?? ''}
          </Typography.Text>
          <Space size={12}>
            <Avatar size="small" style={{ background: '#1677ff' }}>
              {session.staff.username.charAt(0).toUpperCase()}
            </Avatar>
            <span data-testid="staff-name">{session.staff.username}</span>
            <Tag color={ROLE_COLORS[session.staff.role]} data-testid="staff-role">
              {session.staff.role}
            </Tag>
            <Button icon={<LogoutOutlined />} onClick={signOut} data-testid="sign-out">
              {STRINGS.shell.signOut}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content className="shell-content">
          <Suspense
            fallback={
              <div className="screen-loading">
                <Spin />
              </div>
            }
          >
            <Routes>
              {routes.map((route) => (
                <Route
                  key={route.path}
                  path={`${route.path}/*`}
                  element={
                    <ScreenNameContext.Provider value={route.name}>
                      <route.screen />
                    </ScreenNameContext.Provider>
                  }
                />
              ))}
              <Route path="/" element={<Navigate to={home} replace />} />
              <Route
                path="*"
                element={
                  <Result
                    status="404"
                    title={
                      CONSOLE_ROUTES.some((route) => location.pathname.startsWith(route.path))
                        ? STRINGS.shell.forbidden
                        : STRINGS.shell.notFound
                    }
                    extra={
                      <Link to={home}>
                        <Button type="primary">{STRINGS.shell.backHome}</Button>
                      </Link>
                    }
                  />
                }
              />
            </Routes>
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
