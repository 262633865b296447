import { useTranslation } from 'react-i18next';
import { deviceNameOf } from '../lib/device';

/** "Chrome on Android" from a session's user agent; "Unknown device" when it says nothing we know. */
export function useDeviceLabel(): (userAgent: string) => string {
  const { t } = useTranslation();
  return (userAgent) => {
    const { browser, system, fallback } = deviceNameOf(userAgent);
    if (browser && system) return t('profile.device_on', { browser, system });
    return browser ?? system ?? (fallback || t('profile.device_unknown'));
  };
}
