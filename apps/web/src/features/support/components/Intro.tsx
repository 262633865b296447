import { GlobalOutline, MailOutline, MessageOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { PATHS, withFrom } from '../../../shared/paths';
import { NavButton } from '../../../shared/ui/NavButton';
import { useOtherSupportEntries } from '../api/support-entries';
import { HELP_CENTRE_PATH } from '../paths';

/** The other ways to reach support the operator published (an email address, a web page). */
function OtherChannels() {
  const { t } = useTranslation();
  const entries = useOtherSupportEntries();
  if (entries.length === 0) return null;
  return (
    <ul className="sp-channels" aria-label={t('support.other_channels')}>
      {entries.map((entry) => (
        <li key={`${entry.kind}-${entry.value}`}>
          <a
            className="sp-channel"
            href={entry.kind === 'email' ? `mailto:${entry.value}` : entry.value}
            target={entry.kind === 'link' ? '_blank' : undefined}
            rel="noopener noreferrer"
          >
            {entry.kind === 'email' ? <MailOutline aria-hidden="true" /> : <GlobalOutline aria-hidden="true" />}
            <span className="sp-channel__label">
              {entry.kind === 'email' ? t('support.email') : t('support.website')}
            </span>
            <span className="sp-channel__value" dir="ltr">
              {entry.value.replace(/^https?:\/\//, '')}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}

function IntroCard({
  title,
  hint,
  children,
  testId,
}: {
  title: string;
  hint: string;
  children?: ReactNode;
  testId: string;
}) {
  return (
    <section className="sp-intro" data-testid={testId}>
      <span className="sp-intro__icon" aria-hidden="true">
        <MessageOutline />
      </span>
      <h2 className="sp-intro__title">{title}</h2>
      <p className="sp-intro__hint">{hint}</p>
      {children}
    </section>
  );
}

/** A conversation with nothing in it yet: what the chat is for, and the other ways to reach support. */
export function ChatIntro() {
  const { t } = useTranslation();
  return (
    <IntroCard title={t('support.empty_title')} hint={t('support.empty_hint')} testId="support-intro">
      <OtherChannels />
    </IntroCard>
  );
}

/** Logged out: the chat belongs to an account; log in (back here afterwards), or read the help centre. */
export function LoginPrompt() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <IntroCard title={t('support.login_title')} hint={t('support.login_hint')} testId="support-login-prompt">
      <div className="sp-intro__actions">
        <NavButton
          to={withFrom(PATHS.login, location.pathname + location.search)}
          className="k-button k-button--primary"
          testId="support-login"
        >
          {t('auth.login')}
        </NavButton>
        <NavButton to={HELP_CENTRE_PATH} className="k-button k-button--soft">
          {t('support.help_centre')}
        </NavButton>
      </div>
      <OtherChannels />
    </IntroCard>
  );
}
