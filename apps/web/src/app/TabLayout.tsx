import TabBar from 'antd-mobile/es/components/tab-bar';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useOtherValuesStore } from '../shared/platform/other-values';
import { StrokeIcon } from '../shared/ui/StrokeIcon';
import { ROUTES } from './routes';
import { TABS, tabTarget, type TabId } from './tabs';
import './tab-layout.css';

// Line icons of our own: the tab bar loads with the first screen, where library glyphs cost ~1 kB each.
const TAB_ICONS: Record<TabId, ReactNode> = {
  home: <StrokeIcon name="home" />,
  markets: <StrokeIcon name="markets" />,
  trade: <StrokeIcon name="trade" />,
  wallet: <StrokeIcon name="wallet" />,
  me: <StrokeIcon name="me" />,
};

/** Which tab a path belongs to (alternative home and profile layouts light up their tab too). */
function tabOf(pathname: string): TabId | undefined {
  return ROUTES.find((route) => route.path === pathname)?.tab;
}

/** The five-tab shell of SPEC §2: the screen above, the tab bar fixed to the bottom of the column. */
export function TabLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const otherValues = useOtherValuesStore((state) => state.values);

  return (
    <div className="tab-layout">
      {/* The page's one main landmark: screens under the tab bar render inside it. */}
      <main className="tab-layout__screen">
        <Outlet />
      </main>
      <nav className="tab-layout__bar">
        <TabBar
          activeKey={tabOf(pathname) ?? null}
          onChange={(key) => {
            const tab = TABS.find((entry) => entry.id === key);
            const target = tab ? tabTarget(tab, otherValues) : null;
            if (target && target !== pathname) navigate(target);
          }}
        >
          {TABS.map((tab) => (
            <TabBar.Item key={tab.id} icon={TAB_ICONS[tab.id]} title={t(tab.labelKey)} data-testid={`tab-${tab.id}`} />
          ))}
        </TabBar>
      </nav>
    </div>
  );
}
