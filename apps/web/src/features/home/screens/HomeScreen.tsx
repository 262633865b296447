import { useLocation } from 'react-router-dom';
import { Refreshable } from '../../../shared/ui/Refreshable';
import { HomeHeader } from '../components/HomeHeader';
import { HomeModule } from '../components/HomeModule';
import { PopUpNotice } from '../components/PopUpNotice';
import { HOME_LAYOUTS, needsHeaderLogin } from '../compositions';
import { homeLayoutOfPath } from '../../../shared/layouts/layout-routes';
import { useHomeProducts } from '../use-home-products';
import { useHomeRefresh } from '../use-home-refresh';
import './home-screen.css';

/**
 * Every home route (`/pages/tabs/home/home-d` and the five alternatives): the brand header with the
 * unread dot, the layout's modules in its order (features/home/compositions.ts), pull to refresh, and the
 * pop-up notice. The route names the layout, so each stays reachable by its own path while the Home
 * tab opens the one the operator chose.
 */
export default function HomeScreen() {
  const { pathname } = useLocation();
  const layout = homeLayoutOfPath(pathname);
  const products = useHomeProducts();
  const refresh = useHomeRefresh();
  return (
    <div className={`screen home-screen home-screen--${layout}`} data-testid={`home-layout-${layout}`}>
      <HomeHeader guestLogin={needsHeaderLogin(layout)} />
      <Refreshable onRefresh={refresh}>
        <div className="screen__body home-screen__body">
          {HOME_LAYOUTS[layout].map((module) => (
            <HomeModule key={module} id={module} products={products} />
          ))}
        </div>
      </Refreshable>
      <PopUpNotice />
    </div>
  );
}
