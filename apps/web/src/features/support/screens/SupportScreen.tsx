import { QuestionCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSessionToken } from '../../../shared/api/customer-keys';
import { useRouteTitleKey } from '../../../shared/route-title';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { Chat } from '../components/Chat';
import { LoginPrompt } from '../components/Intro';
import '../i18n-english';
import { HELP_CENTRE_PATH } from '../paths';
import './support.css';

/**
 * `/pages/service/service`: the live chat with support (text and pictures, history upward, live
 * replies) for a logged-in customer; a login prompt (back here afterwards) for a visitor. The help
 * centre is one tap away in the header.
 */
export default function SupportScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleKey = useRouteTitleKey();
  const token = useSessionToken();
  return (
    <div className="screen sp-screen">
      <PageHeader
        title={titleKey ? t(titleKey) : t('me.service')}
        right={
          <button
            type="button"
            className="sp-header-button"
            onClick={() => navigate(HELP_CENTRE_PATH)}
            aria-label={t('support.help_centre')}
            data-testid="support-help-centre"
          >
            <QuestionCircleOutline aria-hidden="true" />
          </button>
        }
      />
      {token === null ? (
        <div className="sp-guest">
          <LoginPrompt />
        </div>
      ) : (
        // A new session (login, the demo switch) starts the chat afresh: nothing of the last one stays.
        <Chat key={token} />
      )}
    </div>
  );
}
