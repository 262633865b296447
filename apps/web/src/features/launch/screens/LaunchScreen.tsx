import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { currentHomePath } from '../../../shared/layouts/use-layout-paths';
import { useSiteInfo } from '../../../shared/platform/api/get-site-info';
import { Splash } from '../../../shared/ui/Splash';
import { loadLaunchData } from '../load-launch-data';

/** `/` and `/pages/index/index`: the brand splash while launch data loads, then home (the layout `app_home_layout` names). */
export default function LaunchScreen() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const siteInfo = useSiteInfo();

  useEffect(() => {
    let active = true;
    void loadLaunchData(queryClient).then((ready) => {
      // Home is read after the load: the otherValue map that names its layout has just arrived.
      if (active && ready) navigate(currentHomePath(), { replace: true });
    });
    return () => {
      active = false;
    };
  }, [queryClient, navigate]);

  return <Splash siteName={siteInfo.data?.siteName} footer={siteInfo.data?.copyright} />;
}
