import { CONSTANTS, profile } from '@kestrel/contract/web';
import Toast from 'antd-mobile/es/components/toast';
import { CloseOutline } from 'antd-mobile-icons';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { refusalOf } from '../../../shared/trading/refusal-field';
import { ActionButton } from '../../../shared/ui/Buttons';
import { describedBy, FieldFrame } from '../../../shared/ui/FormFields';
import { HeadedSheet } from '../../../shared/ui/HeadedSheet';
import { useModifyNickName } from '../api/modify-profile';

const { NICKNAME_LENGTH_MAX, isValidNickName } = profile;

/**
 * Edits the nickname in a bottom sheet: the rule under the field (1 to 32 characters, no < or >), a
 * count, the same check as the server's before sending, and a refusal under the field. What the
 * customer typed stays on a refusal; nothing else of the profile changes.
 */
export function NicknameSheet({ open, current, onClose }: { open: boolean; current: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <HeadedSheet
      visible={open}
      title={t('profile.nickname_title')}
      onClose={onClose}
      closeIcon={<CloseOutline />}
      className="nickname-sheet"
    >
      {open ? <NicknameForm current={current} onDone={onClose} /> : null}
    </HeadedSheet>
  );
}

function NicknameForm({ current, onDone }: { current: string; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const modify = useModifyNickName();
  const [value, setValue] = useState(current);
  const [checked, setChecked] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  const trimmed = value.trim();
  const length = Array.from(trimmed).length;
  const problem =
    trimmed === '' ? 'profile.nickname_empty' : isValidNickName(trimmed) ? null : 'error.nickname_invalid';
  const error =
    refusal ?? (problem && (checked || length > NICKNAME_LENGTH_MAX || /[<>]/.test(trimmed)) ? t(problem) : null);
  const unchanged = trimmed === current.trim();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (problem || modify.isPending) return;
    if (unchanged) {
      onDone();
      return;
    }
    try {
      await modify.save(trimmed);
      Toast.show({ content: t('profile.nickname_saved'), duration: CONSTANTS.toastDurationMs });
      onDone();
    } catch (failure) {
      const found = refusalOf(failure);
      if (found) setRefusal(t(found.key, found.params ?? {}));
    }
  };

  const rule = t('profile.nickname_rule', { max: NICKNAME_LENGTH_MAX });
  return (
    <form className="nickname-form" onSubmit={(event) => void submit(event)} noValidate>
      <FieldFrame
        id={id}
        label={t('me.nick_name')}
        extra={
          <span className={`numeric${length > NICKNAME_LENGTH_MAX ? ' nickname-form__over' : ''}`} dir="ltr">
            {length}/{NICKNAME_LENGTH_MAX}
          </span>
        }
        hint={rule}
        keepHint
        error={error}
        errorTestId="nickname-error"
      >
        <div className="k-field__box">
          <input
            id={id}
            className="k-field__input"
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setRefusal(null);
            }}
            autoComplete="nickname"
            enterKeyHint="done"
            dir="auto"
            maxLength={NICKNAME_LENGTH_MAX * 4}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(id, error, rule)}
            data-testid="nickname-input"
          />
        </div>
      </FieldFrame>
      <ActionButton type="submit" loading={modify.isPending} testId="nickname-save">
        {t('common.save')}
      </ActionButton>
    </form>
  );
}
