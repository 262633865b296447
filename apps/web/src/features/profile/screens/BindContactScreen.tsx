import { CONSTANTS, type UserInfo } from '@kestrel/contract/web';
import Toast from 'antd-mobile/es/components/toast';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ltr } from '../../../shared/display/bidi';
import { ActionButton } from '../../../shared/ui/Buttons';
import { Notice } from '../../../shared/ui/Notice';
import { useBindEmail, useBindPhone } from '../api/bind-contact';
import { useSendCode } from '../api/send-code';
import { CodeField } from '../components/CodeField';
import { ProfileContactField } from '../components/ContactField';
import { SecurityPage } from '../components/SecurityPage';
import { maskEmail } from '@kestrel/domain';
import { maskPhone } from '../lib/masking';
import { refusalFrom, type Refusal } from '../lib/refusal';
import {
  codeError,
  contactError,
  MAINLAND_AREA_CODE,
  phoneAccount,
  type ContactKind,
} from '../../../shared/contact/validation';
import { PROFILE_PATHS } from '../paths';
import { useCountdown } from '../../../shared/contact/use-countdown';

/**
 * `/pages/user/security?view=email|phone`: bind an email or a phone, or change it, with a code sent to
 * the NEW address. Each field is checked before a call; a refusal (in use by another account, already
 * yours, a wrong or expired code) shows under the field it concerns and what was typed stays.
 */
export default function BindContactScreen({ kind }: { kind: ContactKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toCentre = () => navigate(PROFILE_PATHS.security, { replace: true });
  return (
    <SecurityPage title={t(kind === 'email' ? 'profile.email_title' : 'profile.phone_title')} onBack={toCentre}>
      {({ userInfo, demo }) => <BindContactForm kind={kind} userInfo={userInfo} demo={demo} onDone={toCentre} />}
    </SecurityPage>
  );
}

/** Whether the customer signs in with the address this form changes (then the sign-in changes too). */
function signsInWith(kind: ContactKind, userInfo: UserInfo): boolean {
  if (kind === 'email') return userInfo.email !== null && userInfo.userAccount === userInfo.email.toLowerCase();
  return userInfo.phone !== null && userInfo.userAccount === phoneAccount(userInfo.areaCode ?? '', userInfo.phone);
}

function BindContactForm({
  kind,
  userInfo,
  demo,
  onDone,
}: {
  kind: ContactKind;
  userInfo: UserInfo;
  demo: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const email = kind === 'email';
  const current = email ? userInfo.email : userInfo.phone;
  const sendCode = useSendCode('bind');
  const bindEmail = useBindEmail();
  const bindPhone = useBindPhone();
  const pending = email ? bindEmail.isPending : bindPhone.isPending;
  const [secondsLeft, startCountdown] = useCountdown();

  const [value, setValue] = useState('');
  const [areaCode, setAreaCode] = useState(userInfo.areaCode ?? MAINLAND_AREA_CODE);
  const [code, setCode] = useState('');
  const [checked, setChecked] = useState(false);
  const [contactChecked, setContactChecked] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const contact = email ? value.trim().toLowerCase() : value.trim();
  const sameAsCurrent =
    current !== null &&
    (email ? contact === current.toLowerCase() : contact === current && areaCode === (userInfo.areaCode ?? ''));
  const errors = {
    contact: contactError(kind, contact, areaCode) ?? (sameAsCurrent ? 'error.already_bound' : null),
    code: codeError(code),
  };
  const shown = (error: string | null, forced: boolean) => (forced && error ? t(error) : null);
  const refusalOn = (field: Refusal['field']) => (refusal?.field === field ? refusal.text : null);
  const target = email
    ? { kind: 'email' as const, email: contact }
    : { kind: 'phone' as const, phone: contact, areaCode };
  const shownTarget = email ? contact : `+${areaCode} ${contact}`;

  const send = () => {
    setContactChecked(true);
    if (errors.contact || secondsLeft > 0 || sendCode.isPending || demo) return;
    setRefusal(null);
    sendCode.mutate(target, {
      onSuccess: () => {
        startCountdown(CONSTANTS.verificationCodeCountdownSeconds);
        setSentTo(shownTarget);
        Toast.show({ content: t('tips.code_sent'), duration: CONSTANTS.toastDurationMs });
      },
      onError: (error) => setRefusal(refusalFrom(error, t, 'contact')),
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (errors.contact || errors.code || pending || demo) return;
    setRefusal(null);
    try {
      if (email) await bindEmail.bind({ email: contact, yzmCode: code });
      else await bindPhone.bind({ areaCode, phone: contact, yzmCode: code });
      Toast.show({
        content: t(email ? 'profile.email_bound' : 'profile.phone_bound'),
        duration: CONSTANTS.toastDurationMs,
      });
      onDone();
    } catch (error) {
      setRefusal(refusalFrom(error, t));
    }
  };

  const currentText = current ? (email ? maskEmail(current) : maskPhone(current, userInfo.areaCode)) : null;

  return (
    <form className="card profile-form" onSubmit={(event) => void submit(event)} noValidate data-testid="bind-form">
      <div className="profile-current">
        <span className="profile-current__label">{t(email ? 'profile.current_email' : 'profile.current_phone')}</span>
        {currentText ? (
          <span className="profile-current__value" dir="ltr" data-testid="bind-current">
            {currentText}
          </span>
        ) : (
          <span className="profile-current__value profile-muted">{t('profile.not_bound')}</span>
        )}
      </div>
      <p className="profile-hint">
        {t(email ? 'profile.email_code_note' : 'profile.phone_code_note')}
        {signsInWith(kind, userInfo) ? ` ${t(email ? 'profile.email_login_note' : 'profile.phone_login_note')}` : ''}
      </p>
      <ProfileContactField
        kind={kind}
        label={t(email ? 'profile.new_email' : 'profile.new_phone')}
        value={value}
        onChange={(next) => {
          setValue(next);
          if (refusal?.field === 'contact') setRefusal(null);
        }}
        areaCode={areaCode}
        onAreaCodeChange={(next) => {
          setAreaCode(next);
          if (refusal?.field === 'contact') setRefusal(null);
        }}
        error={refusalOn('contact') ?? shown(errors.contact, checked || contactChecked)}
        testId="bind-contact"
      />
      <CodeField
        value={code}
        onChange={(next) => {
          setCode(next);
          if (refusal?.field === 'code') setRefusal(null);
        }}
        error={refusalOn('code') ?? shown(errors.code, checked)}
        hint={sentTo ? t('profile.code_sent_to', { target: ltr(sentTo) }) : null}
        onSend={send}
        sending={sendCode.isPending}
        secondsLeft={secondsLeft}
        testId="bind-code"
      />
      {refusal && (refusal.field === 'form' || refusal.field === 'password') ? (
        <Notice tone="danger" testId="bind-refusal">
          {refusal.text}
        </Notice>
      ) : null}
      <ActionButton type="submit" loading={pending} disabled={demo} testId="bind-submit">
        {t(
          current
            ? email
              ? 'profile.change_email'
              : 'profile.change_phone'
            : email
              ? 'profile.bind_email'
              : 'profile.bind_phone',
        )}
      </ActionButton>
    </form>
  );
}
