import { useLocation } from 'react-router-dom';
import '../i18n-english';
import { MESSAGE_PATHS } from '../paths';
import MessageDetailScreen from './MessageDetailScreen';
import MessageListScreen from './MessageListScreen';
import NotifyListScreen from './NotifyListScreen';
import './messages.css';

/**
 * The three messages routes show this one module (app/ServiceScreens.tsx), which picks the screen by
 * path: one chunk with its English texts and stylesheet.
 */
export default function MessageScreens() {
  const { pathname } = useLocation();
  switch (pathname) {
    case MESSAGE_PATHS.detail:
      return <MessageDetailScreen />;
    case MESSAGE_PATHS.notices:
      return <NotifyListScreen />;
    default:
      return <MessageListScreen />;
  }
}
