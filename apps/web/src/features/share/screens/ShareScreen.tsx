import { CONSTANTS } from '@kestrel/contract/web';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../../shared/account/api/user-info';
import { inviteLinkOf } from '../../../shared/account/invite-link';
import { RealAccountOnly } from '../../../shared/account/RealAccountOnly';
import { copyText } from '../../../shared/copy-text';
import { languageOf } from '../../../shared/i18n/document-language';
import { Page } from '../../../shared/invest/parts';
import { useSiteInfo } from '../../../shared/platform/api/get-site-info';
import { useSettingsStore } from '../../../shared/store/settings';
import { ActionButton } from '../../../shared/ui/Buttons';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { NavButton } from '../../../shared/ui/NavButton';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { showToast } from '../../../shared/ui/toast';
import { downloadBlob, loadPosterImage, posterPng } from '../lib/poster';
import { qrDataUrlOf } from '../lib/qr';
import { useQrMatrix } from '../lib/use-qr';
import '../i18n-english';
import './share.css';

/** The team screen, where the poster's footer link leads. */
const TEAM_PATH = '/pages/team/team';
/** Shown when the operator has not named the site. */
const DEFAULT_APP_NAME = 'Kestrel';
const DEFAULT_LOGO = '/logo.svg';

/**
 * `/pages/user/iwannashare`: the invitation poster: the app's name and a line of invitation, my invite
 * code, my invite link and its QR code; below it, save the poster as an image, copy the link, or share
 * it through the phone's share sheet where there is one. Logged out, the login page (back here after);
 * a demo session is told that invitations belong to the live account (the demo account's own code would
 * invite people to a paper account).
 */
export default function ShareScreen() {
  const userInfo = useUserInfo();
  return (
    <RealAccountOnly screen="share" frame={inPage}>
      {userInfo?.inviteCode ? (
        <Poster inviteCode={userInfo.inviteCode} />
      ) : (
        <div className="card iv-section" role="status" aria-busy="true">
          <Skeleton height={360} radius={16} />
        </div>
      )}
    </RealAccountOnly>
  );
}

const inPage = (body: ReactNode) => <Page>{body}</Page>;

const toast = (content: string) => showToast({ content, duration: CONSTANTS.toastDurationMs });

function Poster({ inviteCode }: { inviteCode: string }) {
  const { t } = useTranslation();
  // Right to left for Arabic (`ar` and `sa`: i18next alone knows only the first).
  const rightToLeft = useSettingsStore((state) => languageOf(state.locale).rtl);
  const siteInfo = useSiteInfo();
  const appName = siteInfo.data?.siteName || DEFAULT_APP_NAME;
  const logo = siteInfo.data?.logo || DEFAULT_LOGO;
  const link = inviteLinkOf(inviteCode);
  const { qr, retry } = useQrMatrix(link);
  const qrImage = useMemo(() => (qr.state === 'ready' ? qrDataUrlOf(qr.matrix) : null), [qr]);
  const [saving, setSaving] = useState(false);
  const canShare = typeof navigator.share === 'function';

  const texts = {
    headline: t('share.headline'),
    tagline: t('share.tagline'),
    scanHint: t('share.scan_hint'),
    codeLabel: t('share.code_label'),
  };

  const save = async () => {
    if (qr.state !== 'ready' || saving) return;
    setSaving(true);
    try {
      const png = await posterPng({
        appName,
        ...texts,
        inviteCode,
        link,
        qr: qr.matrix,
        logo: await loadPosterImage(logo),
        direction: rightToLeft ? 'rtl' : 'ltr',
        fontFamily: getComputedStyle(document.body).fontFamily || 'sans-serif',
      });
      downloadBlob(png, `${appName}-${inviteCode}.png`.replace(/[^\w.-]+/g, '-'));
    } catch {
      // SPEC: an image download that fails says so for 2 s.
      toast(t('img.err'));
    } finally {
      setSaving(false);
    }
  };

  const copyLink = async () => {
    toast(t((await copyText(link)) ? 'tips.copied' : 'tips.copy_failed'));
  };

  const share = async () => {
    try {
      await navigator.share({
        title: appName,
        text: t('share.share_text', { app: appName, code: inviteCode }),
        url: link,
      });
    } catch (error) {
      // Closing the share sheet is no failure; anything else falls back to copying the link.
      if (!(error instanceof DOMException && error.name === 'AbortError')) await copyLink();
    }
  };

  return (
    <div className="iv-stack">
      <section className="sh-poster" data-testid="share-poster">
        <div className="sh-poster__head">
          <img className="sh-poster__logo" src={logo} alt="" width={48} height={48} />
          <p className="sh-poster__app" dir="auto">
            {appName}
          </p>
          <h2 className="sh-poster__headline">{texts.headline}</h2>
          <p className="sh-poster__tagline">{texts.tagline}</p>
        </div>
        <div className="sh-poster__panel">
          <div className="sh-poster__qr-frame">
            {qrImage ? (
              <img
                className="sh-poster__qr"
                src={qrImage}
                alt={t('share.qr_alt')}
                width={200}
                height={200}
                data-testid="share-qr"
              />
            ) : qr.state === 'failed' ? (
              <LoadFailed variant="plain" onRetry={retry} />
            ) : (
              <Skeleton width={200} height={200} radius={8} />
            )}
          </div>
          <p className="sh-poster__hint">{texts.scanHint}</p>
          <hr className="sh-poster__divider" />
          <p className="sh-poster__label">{texts.codeLabel}</p>
          <p className="sh-poster__code numeric" dir="ltr" data-testid="share-code">
            {inviteCode}
          </p>
          <p className="sh-poster__link" dir="ltr" data-testid="share-link">
            {link}
          </p>
        </div>
      </section>
      <div className="sh-actions">
        <ActionButton onClick={() => void save()} loading={saving} disabled={!qrImage} testId="share-save">
          {t('share.save')}
        </ActionButton>
        <div className="sh-actions__row">
          <button
            type="button"
            className="k-button k-button--soft"
            onClick={() => void copyLink()}
            data-testid="share-copy-link"
          >
            {t('share.copy_link')}
          </button>
          {canShare ? (
            <button
              type="button"
              className="k-button k-button--soft"
              onClick={() => void share()}
              data-testid="share-native"
            >
              {t('share.share')}
            </button>
          ) : null}
        </div>
        <NavButton to={TEAM_PATH} className="k-link sh-actions__team" testId="share-team">
          {t('share.see_team')}
        </NavButton>
      </div>
    </div>
  );
}
