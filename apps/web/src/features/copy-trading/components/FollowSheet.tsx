import { CONSTANTS, copyTrading } from '@kestrel/contract/web';
import Popup from 'antd-mobile/es/components/popup';
import Toast from 'antd-mobile/es/components/toast';
import { CloseOutline } from 'antd-mobile-icons';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAvailableBalance } from '../../../shared/account/api/user-balance';
import { ltr } from '../../../shared/display/bidi';
import { usePlatformCurrencies } from '../../../shared/platform/api/platform-currency-list';
import { refusalOf } from '../../../shared/trading/refusal-field';
import { ActionButton } from '../../../shared/ui/Buttons';
import { AmountField, FieldError } from '../../../shared/ui/FormFields';
import { SheetHeader } from '../../../shared/ui/PageHeader';
import { useFollow } from '../api/follow';
import {
  checkFollowForm,
  DEFAULT_MAX_OPEN,
  refusalFieldOf,
  type FieldProblem,
  type FollowField,
  type FollowFormValues,
  type FollowMode,
} from '../lib/follow-form';
import { shareText } from '../lib/record';
import { MaxOpenField } from './MaxOpenField';
import { SheetTitle } from './SheetTitle';
import { isolate, useCopyFigures, USDT } from './texts';

/** Whom the sheet follows: enough of a trader's row or record to name them and their profit share. */
export interface FollowTarget {
  traderId: number;
  nickName: string;
  profitShareRate: string;
}

/** The decimals of USDT when the platform's list has not answered (the wire's finest). */
const FALLBACK_MONEY_SCALE = 8;

const EMPTY_VALUES: FollowFormValues = {
  mode: 'fixed',
  amount: '',
  ratio: '',
  maxOpen: String(DEFAULT_MAX_OPEN),
  stopLoss: '',
};

/**
 * The follow form in a bottom sheet: how much each copy uses (a fixed margin, or a ratio of the trader's
 * margin), how many copies may be open at once, an optional stop-loss for the whole follow, what the
 * trader receives and the live account's available USDT. Every problem shows under its field as the
 * customer types (after sending for an empty one), and so does the server's refusal of a field; one
 * about the follow as a whole shows above the button.
 */
export function FollowSheet({ target, onClose }: { target: FollowTarget | null; onClose: () => void }) {
  return (
    <Popup
      visible={target !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="k-sheet ct-sheet"
      destroyOnClose
    >
      {target ? <FollowForm key={target.traderId} target={target} onClose={onClose} /> : null}
    </Popup>
  );
}

function FollowForm({ target, onClose }: { target: FollowTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const figures = useCopyFigures();
  const follow = useFollow();
  const modeLabelId = useId();
  const available = useAvailableBalance(CONSTANTS.usdtCurrencyId);
  const moneyScale = usePlatformCurrencies().data?.byId.get(CONSTANTS.usdtCurrencyId)?.scale ?? FALLBACK_MONEY_SCALE;
  const [values, setValues] = useState<FollowFormValues>(EMPTY_VALUES);
  const [submitted, setSubmitted] = useState(false);
  const [refusal, setRefusal] = useState<{ field: FollowField; problem: FieldProblem } | null>(null);

  const availableText = figures.usdt(available);
  const check = checkFollowForm(values, {
    moneyScale,
    available,
    availableText: figures.usdtNumber(available),
  });

  /** A field's words: the server's refusal of it, else its problem once the customer typed or sent. */
  const errorOf = (field: Exclude<FollowField, 'form'>, value: string): string | null => {
    if (refusal?.field === field) return t(refusal.problem.key, refusal.problem.params);
    const problem = check.problems[field];
    return problem && (submitted || value.trim() !== '') ? t(problem.key, problem.params) : null;
  };

  const change = (field: keyof FollowFormValues, value: string) => {
    if (refusal) setRefusal(null);
    setValues((current) => ({ ...current, [field]: value }));
  };

  const submit = async () => {
    setSubmitted(true);
    setRefusal(null);
    if (!check.body) return;
    try {
      await follow.mutateAsync({ traderId: target.traderId, ...check.body });
      Toast.show({
        content: t('copy.followed_toast', { name: isolate(target.nickName) }),
        duration: CONSTANTS.toastDurationMs,
      });
      onClose();
    } catch (error) {
      // The request layer has said why in a toast; it also stays under the field it concerns.
      const refused = refusalOf(error);
      if (refused) {
        setRefusal({
          field: refusalFieldOf(refused.key, values.mode),
          problem: { key: refused.key, params: refused.params },
        });
      }
    }
  };

  const modes: { id: FollowMode; label: string }[] = [
    { id: 'fixed', label: t('copy.mode_fixed') },
    { id: 'ratio', label: t('copy.mode_ratio') },
  ];

  return (
    <div
      className="ct-sheet__content"
      role="dialog"
      aria-label={t('copy.follow_title', { name: isolate(target.nickName) })}
      data-testid="follow-sheet"
    >
      <SheetHeader
        title={<SheetTitle kicker={t('copy.follow')} name={target.nickName} />}
        onClose={onClose}
        closeIcon={<CloseOutline />}
      />
      <div className="ct-sheet__body ct-form">
        <div className="k-field">
          <span className="k-field__label" id={modeLabelId}>
            {t('copy.mode')}
          </span>
          <div className="k-segmented ct-tabs" role="group" aria-labelledby={modeLabelId}>
            {modes.map((mode) => (
              <button
                key={mode.id}
                type="button"
                className="k-segmented__option"
                aria-pressed={values.mode === mode.id}
                onClick={() => change('mode', mode.id)}
                data-testid={`follow-mode-${mode.id}`}
              >
                {mode.label}
              </button>
            ))}
          </div>
        </div>
        {values.mode === 'fixed' ? (
          <AmountField
            label={t('copy.amount')}
            value={values.amount}
            onChange={(value) => change('amount', value)}
            unit={USDT}
            testId="follow-amount"
            extra={<span data-testid="follow-available">{t('copy.available', { amount: ltr(availableText) })}</span>}
            hint={t('copy.mode_fixed_hint')}
            error={errorOf('amount', values.amount)}
          />
        ) : (
          <AmountField
            label={t('copy.ratio')}
            value={values.ratio}
            onChange={(value) => change('ratio', value)}
            placeholder="1"
            testId="follow-ratio"
            extra={<span data-testid="follow-available">{t('copy.available', { amount: ltr(availableText) })}</span>}
            hint={t('copy.mode_ratio_hint', {
              min: ltr(copyTrading.COPY_RATIO_MIN),
              max: ltr(copyTrading.COPY_RATIO_MAX),
            })}
            error={errorOf('ratio', values.ratio)}
          />
        )}
        <MaxOpenField
          value={values.maxOpen}
          onChange={(value) => change('maxOpen', value)}
          error={errorOf('maxOpen', values.maxOpen)}
        />
        <AmountField
          label={t('copy.stop_loss_optional')}
          value={values.stopLoss}
          onChange={(value) => change('stopLoss', value)}
          unit={USDT}
          placeholder={t('copy.none')}
          testId="follow-stop-loss"
          hint={t('copy.stop_loss_hint')}
          error={errorOf('stopLoss', values.stopLoss)}
        />
        <div className="iv-notice" role="note" data-testid="follow-share-note">
          <p className="ct-note-text">
            {t('copy.profit_share_rule', { rate: ltr(shareText(target.profitShareRate)) })}
          </p>
        </div>
        <p className="iv-hint">{t('copy.live_account_note')}</p>
        <FieldError
          message={refusal?.field === 'form' ? t(refusal.problem.key, refusal.problem.params) : null}
          testId="follow-form-error"
        />
        <ActionButton onClick={() => void submit()} loading={follow.isPending} testId="follow-submit">
          {t('copy.start_following')}
        </ActionButton>
      </div>
    </div>
  );
}
