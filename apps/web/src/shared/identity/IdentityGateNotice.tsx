import { identity } from '@kestrel/contract/web';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ltr } from '../display/bidi';
import { formatWithRules, useDisplayRules } from '../display/display-rules';
import { Notice } from '../ui/Notice';
import { useIdentityGate } from './api/identity-summary';
import { identityStepPath } from './paths';
import './i18n-english';

const { IDENTITY_LEVEL, IDENTITY_STATUS } = identity;

/** What each gate needs, as the notice's title. */
const NEEDS = {
  withdrawal: 'identity.gate_withdrawal',
  contract: 'identity.gate_contract',
  loan: 'identity.gate_loan',
} as const;

/** What opens once the verification under review is approved. */
const OPENS_AFTER_REVIEW = {
  withdrawal: 'identity.gate_pending_withdrawal',
  contract: 'identity.gate_pending_contract',
  loan: 'identity.gate_pending_loan',
} as const;

/** The withdrawal limit as the display rules write it, with the decimals it has ("1,000", "1,000.5"). */
function useLimitText(limit: string): string {
  const rules = useDisplayRules();
  const decimals = (/\.(\d*?)0*$/.exec(limit.trim())?.[1] ?? '').length;
  return formatWithRules(limit, rules, decimals);
}

/**
 * Above a form whose action an identity gate holds (a withdrawal above the limit, a contract order, a
 * loan): what verification the action needs and why, with a button to the step to take (basic first
 * when the gate needs advanced and basic has not passed). While that step is under review it says so
 * instead; after a rejection it leads back to the step, where the reason is shown. Nothing when the gate
 * is off or met, while the summary loads or failed, and for guests and demo accounts (the summary is
 * not asked for them). The server refuses the action anyway: this only says it first.
 */
export function IdentityGateNotice({ gate }: { gate: identity.IdentityGate }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useIdentityGate(gate);
  const limit = useLimitText(state?.summary.withdrawalLimit ?? '');
  if (!state || !state.view.enabled || state.view.met) return null;

  const { view, summary } = state;
  const basicPassed = summary.basicStatus === IDENTITY_STATUS.passed;
  const stepLevel = view.level === IDENTITY_LEVEL.advanced && !basicPassed ? IDENTITY_LEVEL.basic : view.level;
  const stepStatus = stepLevel === IDENTITY_LEVEL.basic ? summary.basicStatus : summary.advancedStatus;
  const params = { limit: ltr(limit) };
  const testId = `identity-gate-${gate}`;
  const goToStep = (label: string) => (
    <button
      type="button"
      className="k-action k-action-button k-action-button--outline"
      onClick={() => navigate(identityStepPath(stepLevel))}
      data-testid={`${testId}-action`}
    >
      {label}
    </button>
  );

  if (stepStatus === IDENTITY_STATUS.pending) {
    return (
      <Notice
        tone="info"
        title={t('identity.gate_pending_title')}
        testId={testId}
        action={goToStep(t('identity.gate_view'))}
      >
        {t(OPENS_AFTER_REVIEW[gate], params)}
      </Notice>
    );
  }
  const rejected = stepStatus === IDENTITY_STATUS.rejected;
  return (
    <Notice
      tone="warning"
      title={t(NEEDS[gate], params)}
      testId={testId}
      action={goToStep(
        rejected
          ? t('identity.gate_action_retry')
          : stepLevel === IDENTITY_LEVEL.basic
            ? t('identity.gate_action_basic')
            : t('identity.gate_action_advanced'),
      )}
    >
      {rejected
        ? t('identity.gate_rejected_body')
        : stepLevel !== view.level
          ? t('identity.gate_basic_first_body')
          : t('identity.gate_why')}
    </Notice>
  );
}
