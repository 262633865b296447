import { useLocation } from 'react-router-dom';
import { lazyScreen } from '../shared/lazy/lazy-screen';

// Each screen set is its own chunk, loaded the first time one of its routes opens.
const MESSAGES = lazyScreen(() => import('../features/messages/screens/MessageScreens'));
const HELP = lazyScreen(() => import('../features/help/screens/HelpScreen'));
const SUPPORT = lazyScreen(() => import('../features/support/screens/SupportScreen'));
const WIDGETS = lazyScreen(() => import('../features/widgets/screens/WidgetScreens'));
const PROFILE = lazyScreen(() => import('../features/profile/screens/ProfileScreens'));

/**
 * The routes of messages, notices, the help centre, live support, the spec's component pages and the
 * account self-service screens share this one lazy module (app/routes.tsx), which picks the screen
 * set by path: the first screen carries one loader instead of five (its budget is 170 kB).
 */
export default function ServiceScreens() {
  const { pathname } = useLocation();
  if (pathname.startsWith('/pages/msg/') || pathname.startsWith('/pages/notifyList/')) return <MESSAGES />;
  if (pathname.startsWith('/pages/QA/')) return <HELP />;
  if (pathname.startsWith('/pages/service/')) return <SUPPORT />;
  if (pathname.startsWith('/components/')) return <WIDGETS />;
  return <PROFILE />;
}
