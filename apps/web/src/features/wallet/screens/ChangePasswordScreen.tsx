import { CONSTANTS } from '@kestrel/contract/web';
import Toast from 'antd-mobile/es/components/toast';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ActionButton } from '../../../shared/ui/Buttons';
import { PasswordField } from '../../../shared/ui/FormFields';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { Notice } from '../../../shared/ui/Notice';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { TabStrip } from '../../../shared/ui/TabStrip';
import { useGoBack } from '../../../shared/ui/use-go-back';
import { useIsSetWithPwd } from '../api/is-set-with-pwd';
import { useUpdateUserPwd } from '../api/update-user-pwd';
import { useUpdateUserWithPwd } from '../api/update-user-with-pwd';
import { MoneyPage } from '../components/MoneyPage';
import { passwordProblems } from '../lib/passwords';
import { MONEY_PATHS } from '../lib/paths';

const TABS = ['login', 'withdraw'] as const;
type Tab = (typeof TABS)[number];

/**
 * `/pages/user/change`: change the login password, or set / change the withdrawal password (the first
 * time it is confirmed with the login password). `?tab=withdraw` opens the second tab.
 */
export default function ChangePasswordScreen() {
  const { t } = useTranslation();
  const [parameters, setParameters] = useSearchParams();
  const tab: Tab = parameters.get('tab') === 'withdraw' ? 'withdraw' : 'login';
  const select = (next: Tab) => setParameters(next === 'withdraw' ? { tab: 'withdraw' } : {}, { replace: true });

  return (
    <MoneyPage>
      <div className="screen__body m-body">
        <TabStrip
          className="k-segmented m-segmented"
          tabClassName="k-segmented__option"
          label={t('wallet.security')}
          tabs={TABS.map((id) => ({
            id,
            label: id === 'login' ? t('wallet.login_password') : t('wallet.withdraw_password'),
            testId: `change-tab-${id}`,
          }))}
          value={tab}
          onChange={select}
        />
        {tab === 'login' ? <LoginPasswordForm /> : <WithdrawPasswordForm />}
      </div>
    </MoneyPage>
  );
}

/** What both tabs send: the current password (or the login one, the first time) and the new one. */
interface PasswordUpdate {
  mutateAsync: (body: { oldPwd: string; newPwd: string }) => Promise<unknown>;
}

function usePasswordForm(update: PasswordUpdate) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const problems = passwordProblems(current, next, confirm);
  const valid = !problems.current && !problems.next && !problems.confirm;
  const reset = () => {
    setCurrent('');
    setNext('');
    setConfirm('');
    setSubmitted(false);
  };
  /**
   * Shows the problems, and sends a valid form; once the password is changed the fields empty and
   * `changed` runs. A refusal (a wrong current password, a lock, a withdrawal password equal to the
   * login one) arrives as a translated toast and leaves the fields as typed.
   */
  const submit = async (event: FormEvent, changed: () => void) => {
    event.preventDefault();
    setSubmitted(true);
    if (!valid) return;
    try {
      await update.mutateAsync({ oldPwd: current, newPwd: next });
    } catch {
      return;
    }
    reset();
    changed();
  };
  return { current, setCurrent, next, setNext, confirm, setConfirm, submitted, problems, submit };
}

type PasswordForm = ReturnType<typeof usePasswordForm>;

/**
 * Current, new and confirm: the three fields both tabs ask for. Problems show only after a submit, and
 * the current-password problem names the field it is about (login or withdrawal password).
 */
function PasswordFields({
  form,
  currentLabel,
  nextLabel,
  nextHint,
  testIdPrefix,
}: {
  form: PasswordForm;
  currentLabel: string;
  nextLabel: string;
  nextHint: string;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  const shown = (key: string | null, field?: string) => (form.submitted && key ? t(key, { field }) : null);
  return (
    <>
      <PasswordField
        label={currentLabel}
        value={form.current}
        onChange={form.setCurrent}
        testId={`${testIdPrefix}-current`}
        error={shown(form.problems.current, currentLabel)}
      />
      <PasswordField
        label={nextLabel}
        value={form.next}
        onChange={form.setNext}
        testId={`${testIdPrefix}-new`}
        autoComplete="new-password"
        hint={nextHint}
        error={shown(form.problems.next)}
      />
      <PasswordField
        label={t('auth.confirm_password')}
        value={form.confirm}
        onChange={form.setConfirm}
        testId={`${testIdPrefix}-confirm`}
        autoComplete="new-password"
        error={shown(form.problems.confirm)}
      />
    </>
  );
}

function LoginPasswordForm() {
  const { t } = useTranslation();
  const update = useUpdateUserPwd();
  const form = usePasswordForm(update);
  const changed = () => Toast.show({ content: t('tips.password_changed'), duration: CONSTANTS.toastDurationMs });

  return (
    <form className="card m-section" onSubmit={(event) => void form.submit(event, changed)} noValidate>
      <p className="m-hint">{t('wallet.login_password_note')}</p>
      <PasswordFields
        form={form}
        currentLabel={t('auth.old_password')}
        nextLabel={t('auth.new_password')}
        nextHint={t('auth.password_hint')}
        testIdPrefix="loginpwd"
      />
      <ActionButton type="submit" loading={update.isPending} testId="loginpwd-submit">
        {t('auth.change_password')}
      </ActionButton>
    </form>
  );
}

function WithdrawPasswordForm() {
  const { t } = useTranslation();
  const isSet = useIsSetWithPwd();
  const update = useUpdateUserWithPwd();
  const form = usePasswordForm(update);
  const goBack = useGoBack(MONEY_PATHS.withdraw);
  const [parameters] = useSearchParams();

  if (isSet.isPending) {
    return (
      <section className="card m-section" aria-busy="true">
        <Skeleton height={48} radius={12} />
        <Skeleton height={48} radius={12} />
        <Skeleton height={48} radius={12} />
      </section>
    );
  }
  if (isSet.isError)
    return <LoadFailed variant="plain" title={t('wallet.load_failed')} onRetry={() => void isSet.refetch()} />;
  const firstTime = !isSet.data;

  const changed = () => {
    Toast.show({
      content: firstTime ? t('wallet.withdraw_password_set') : t('tips.password_changed'),
      duration: CONSTANTS.toastDurationMs,
    });
    if (parameters.get('from') === 'withdraw') goBack();
  };

  return (
    <form className="card m-section" onSubmit={(event) => void form.submit(event, changed)} noValidate>
      <Notice tone={firstTime ? 'warning' : 'info'} title={firstTime ? t('wallet.set_withdraw_password') : undefined}>
        {firstTime ? t('wallet.withdraw_password_first_note') : t('wallet.withdraw_password_note')}
      </Notice>
      <PasswordFields
        form={form}
        currentLabel={firstTime ? t('wallet.login_password') : t('wallet.current_withdraw_password')}
        nextLabel={t('wallet.new_withdraw_password')}
        nextHint={t('wallet.withdraw_password_rule')}
        testIdPrefix="withpwd"
      />
      <ActionButton type="submit" loading={update.isPending} testId="withpwd-submit">
        {firstTime ? t('wallet.set_withdraw_password') : t('wallet.change_withdraw_password')}
      </ActionButton>
    </form>
  );
}
