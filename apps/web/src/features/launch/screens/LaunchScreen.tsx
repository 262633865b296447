import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { PATHS } from '../../../shared/paths';
import { useSiteInfo } from '../../../shared/platform/api/get-site-info';
import { Splash } from '../../../shared/ui/Splash';
import { loadLaunchData } from '../load-launch-data';

/** `/` and `/pages/index/index`: the brand splash while launch data loads, then home. */
export default function LaunchScreen() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const siteInfo = useSiteInfo();

  useEffect(() => {
    let active = true;
    void loadLaunchData(queryClient).then((ready) => {
      if (active && ready) navigate(PATHS.home, { replace: true });
    });
    return () => {
      active = false;
    };
  }, [queryClient, navigate]);

  return <Splash siteName={siteInfo.data?.siteName} footer={siteInfo.data?.copyright} />;
}
