import { useLocation } from 'react-router-dom';
import { AWARD_PATH } from '../paths';
import AwardScreen from './AwardScreen';
import WelfareScreen from './WelfareScreen';

/** The tasks (`/pages/user/welfare`) and what was earned (`/pages/user/award`): one chunk, picked by path. */
export default function RewardScreens() {
  const { pathname } = useLocation();
  return pathname.startsWith(AWARD_PATH) ? <AwardScreen /> : <WelfareScreen />;
}
