import { CONSTANTS } from '@kestrel/contract/web';
import Dialog from 'antd-mobile/es/components/dialog';
import Toast from 'antd-mobile/es/components/toast';
import { useTranslation } from 'react-i18next';
import { useLogout } from '../api/logout';

/** Log out on this device, after a confirmation; a toast says it is done. */
export function LogoutButton() {
  const { t } = useTranslation();
  const logout = useLogout();
  const confirmLogout = async () => {
    const confirmed = await Dialog.confirm({
      content: t('me.logout_confirm'),
      confirmText: t('auth.logout'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    await logout.mutateAsync();
    Toast.show({ content: t('tips.logged_out'), duration: CONSTANTS.toastDurationMs });
  };
  return (
    <button type="button" className="card me-logout" onClick={() => void confirmLogout()} disabled={logout.isPending}>
      {t('auth.logout')}
    </button>
  );
}
