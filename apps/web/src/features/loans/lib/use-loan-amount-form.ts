import { useTranslation } from 'react-i18next';
import { useReviewedForm, type FieldRefusal } from '../../../shared/invest/use-reviewed-form';
import { amountParams, type FieldProblem } from './apply-form';
import { useLoanAmount } from './format';

/** A refusal kept under the amount: only the server's `error.` keys, which the loan rule also speaks. */
function fieldProblemOf(refusal: FieldRefusal | null): FieldProblem | null {
  if (!refusal?.key.startsWith('error.')) return null;
  return { key: refusal.key as `error.${string}`, params: refusal.params ?? {} };
}

/**
 * The amount of a loan form (apply, repay): the reviewed-form steps, and the one line under the field:
 * the server's refusal, else the amount's own problem once the customer has typed or tried to send,
 * else "required" (naming `fieldLabel`) when it was sent empty. Amounts in a problem read as every other
 * amount of `currencyName` on the screen.
 */
export function useLoanAmountForm(currencyName: string, fieldLabel: string) {
  const { t } = useTranslation();
  const amountText = useLoanAmount();
  const form = useReviewedForm('');
  const refusal = fieldProblemOf(form.refusal);
  const problemText = (problem: FieldProblem) =>
    t(
      problem.key,
      amountParams(problem, (value) => `${amountText(value, currencyName)} ${currencyName}`),
    );
  const fieldError = (amountProblem: FieldProblem | null, empty: boolean): string | null =>
    refusal !== null
      ? problemText(refusal)
      : amountProblem !== null && (form.submitted || form.text !== '')
        ? problemText(amountProblem)
        : empty && form.submitted
          ? t('error.required', { field: fieldLabel })
          : null;
  return { ...form, fieldError };
}
