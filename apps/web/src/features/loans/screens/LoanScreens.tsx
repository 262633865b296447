import { useLocation } from 'react-router-dom';
import '../i18n-english';
import { LOAN_PATHS } from '../paths';
import LoanApplyScreen from './LoanApplyScreen';
import LoanDetailScreen from './LoanDetailScreen';
import LoanRepayScreen from './LoanRepayScreen';
import LoanScreen from './LoanScreen';
import './loans.css';

/**
 * The four loan routes show this one screen module (app/routes.tsx), which picks the screen by path.
 * One module is one chunk with its English texts and stylesheet, and one preload entry in the first
 * screen instead of four: the first screen's budget (170 kB) has no room for more.
 */
export default function LoanScreens() {
  const { pathname } = useLocation();
  switch (pathname) {
    case LOAN_PATHS.apply:
      return <LoanApplyScreen />;
    case LOAN_PATHS.repay:
      return <LoanRepayScreen />;
    case LOAN_PATHS.detail:
      return <LoanDetailScreen />;
    default:
      return <LoanScreen />;
  }
}
