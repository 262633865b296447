import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PATHS } from '../paths';
import { useIsLoggedIn } from '../store/session';
import { LoginRedirect } from '../ui/LoginRedirect';
import { NavButton } from '../ui/NavButton';
import { Notice } from '../ui/Notice';
import { useIsDemo } from './demo';

/** The look of the demo notice's button: a text link, or an outlined button. */
const ACTION_CLASS = {
  link: 'k-link',
  outline: 'k-action k-action-button k-action-button--outline',
} as const;

/**
 * A screen that belongs to the real account (identity verification, the team, the invitation poster):
 * logged out, the login page (back here after); on a demo account, `frame` around a notice that says so
 * (the server refuses a demo session anyway), with the way to the wallet, where the customer switches
 * back; otherwise `frame` around `children`. The notice's words are the screen's own, `<screen>.demo_title`,
 * `.demo_body` and `.demo_action`; its test ids `<screen>-demo-notice` and `<screen>-demo-wallet`.
 */
export function RealAccountOnly({
  screen,
  frame,
  actionLook = 'link',
  children,
}: {
  /** The screen's name: its language keys' prefix and its test ids'. */
  screen: string;
  frame: (body: ReactNode) => ReactNode;
  actionLook?: keyof typeof ACTION_CLASS;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const loggedIn = useIsLoggedIn();
  const demo = useIsDemo();
  if (!loggedIn) return <LoginRedirect />;
  const body = demo ? (
    <Notice
      tone="demo"
      title={t(`${screen}.demo_title`)}
      testId={`${screen}-demo-notice`}
      action={
        <NavButton to={PATHS.wallet} className={ACTION_CLASS[actionLook]} testId={`${screen}-demo-wallet`}>
          {t(`${screen}.demo_action`)}
        </NavButton>
      }
    >
      {t(`${screen}.demo_body`)}
    </Notice>
  ) : (
    children
  );
  return <>{frame(body)}</>;
}
