import { CONSTANTS } from '@kestrel/contract/web';
import { useTranslation } from 'react-i18next';
import { inviteLinkOf } from '../../../shared/account/invite-link';
import { copyText } from '../../../shared/copy-text';
import { NavButton } from '../../../shared/ui/NavButton';
import { showToast } from '../../../shared/ui/toast';
import { SHARE_PATH } from '../paths';

/** Copies `text` and says whether it worked. */
function CopyChip({ text, label, testId }: { text: string; label: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="tm-invite__copy"
      data-testid={testId}
      onClick={() => {
        void copyText(text).then((copied) =>
          showToast({ content: t(copied ? 'tips.copied' : 'tips.copy_failed'), duration: CONSTANTS.toastDurationMs }),
        );
      }}
    >
      {label}
    </button>
  );
}

/** A labelled line of the card: the value, left to right, and its copy button. */
function CopyRow({
  label,
  value,
  valueClass,
  testId,
  copyLabel,
  copyTestId,
}: {
  label: string;
  value: string;
  valueClass: string;
  testId: string;
  copyLabel: string;
  copyTestId: string;
}) {
  return (
    <>
      <p className="tm-invite__label">{label}</p>
      <div className="tm-invite__row">
        <span className={valueClass} dir="ltr" data-testid={testId}>
          {value}
        </span>
        <CopyChip text={value} label={copyLabel} testId={copyTestId} />
      </div>
    </>
  );
}

/**
 * The head of the team screen: my invite code and invite link, each with a copy button, and the way to
 * the invitation poster. The link opens the register form with the code filled in.
 */
export function InviteCard({ inviteCode }: { inviteCode: string }) {
  const { t } = useTranslation();
  const link = inviteLinkOf(inviteCode);
  return (
    <section className="k-balance-card tm-invite" data-testid="team-invite">
      <CopyRow
        label={t('team.invite_code')}
        value={inviteCode}
        valueClass="tm-invite__code numeric"
        testId="team-invite-code"
        copyLabel={t('common.copy')}
        copyTestId="team-copy-code"
      />
      <CopyRow
        label={t('team.invite_link')}
        value={link}
        valueClass="tm-invite__link"
        testId="team-invite-link"
        copyLabel={t('team.copy_link')}
        copyTestId="team-copy-link"
      />
      <NavButton to={SHARE_PATH} className="k-button tm-invite__poster" testId="team-poster">
        {t('team.poster')}
      </NavButton>
    </section>
  );
}
