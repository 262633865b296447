import { createHashRouter, Navigate, type RouteObject } from 'react-router-dom';
import { useHomePath } from '../shared/layouts/use-layout-paths';
import type { RouteHandle } from '../shared/route-title';
import { AppRoot } from './AppRoot';
import { ROUTES, type ScreenRoute } from './routes';
import { TabLayout } from './TabLayout';

/** An unknown route (an old bookmark, a typo) lands on home, the layout the operator chose. */
function ToHome() {
  return <Navigate to={useHomePath()} replace />;
}

function toRouteObject(route: ScreenRoute): RouteObject {
  const Screen = route.screen;
  const handle: RouteHandle = { titleKey: route.titleKey };
  return { path: route.path, element: <Screen />, handle };
}

/** Hash routing (SPEC §2): `#/pages/tabs/home/home-d` and so on, exactly as the route table lists them. */
export function createAppRouter() {
  return createHashRouter([
    {
      element: <AppRoot />,
      children: [
        { element: <TabLayout />, children: ROUTES.filter((route) => route.tab).map(toRouteObject) },
        ...ROUTES.filter((route) => !route.tab).map(toRouteObject),
        // An unknown route (an old bookmark, a typo) lands on home rather than on a blank page.
        { path: '*', element: <ToHome /> },
      ],
    },
  ]);
}
