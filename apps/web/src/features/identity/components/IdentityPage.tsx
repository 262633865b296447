import { identity } from '@kestrel/contract/web';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { RealAccountOnly } from '../../../shared/account/RealAccountOnly';
import { useIdentitySummary } from '../../../shared/identity/api/identity-summary';
import { IDENTITY_PATHS } from '../../../shared/identity/paths';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { LevelStatusChip } from './LevelState';

const { IDENTITY_LEVEL } = identity;

/**
 * A verification screen: the title bar, the two steps, and the level's content. Logged out, the login
 * page (back here after). On a demo account only a notice: verification belongs to the real account
 * (the server refuses a demo session), with the way to the wallet, where the customer switches back.
 */
export function IdentityPage({ title, level, children }: { title: string; level: number; children: ReactNode }) {
  return (
    <RealAccountOnly
      screen="identity"
      frame={(body) => (
        <div className="screen idv-screen">
          <PageHeader title={title} />
          <div className="screen__body idv-body">{body}</div>
        </div>
      )}
      actionLook="outline"
    >
      <Steps current={level} />
      {children}
    </RealAccountOnly>
  );
}

/** The two steps, the current one marked, each with its status once the summary is known. */
function Steps({ current }: { current: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const summary = useIdentitySummary().data;
  const steps = [
    {
      level: IDENTITY_LEVEL.basic,
      name: t('identity.level_basic'),
      path: IDENTITY_PATHS.basic,
      status: summary?.basicStatus,
    },
    {
      level: IDENTITY_LEVEL.advanced,
      name: t('identity.level_advanced'),
      path: IDENTITY_PATHS.advanced,
      status: summary?.advancedStatus,
    },
  ];
  return (
    <nav className="idv-steps" aria-label={t('identity.steps')}>
      {steps.map((step, index) => {
        const isCurrent = step.level === current;
        return (
          <button
            key={step.level}
            type="button"
            className={`idv-step${isCurrent ? ' idv-step--current' : ''}`}
            aria-current={isCurrent ? 'step' : undefined}
            onClick={() => {
              if (!isCurrent) navigate(step.path, { replace: true });
            }}
            data-testid={`identity-step-${step.level}`}
          >
            <span className="idv-step__number numeric" aria-hidden="true">
              {index + 1}
            </span>
            <span className="idv-step__text">
              <span className="idv-step__name">{step.name}</span>
              <LevelStatusChip status={step.status} />
            </span>
          </button>
        );
      })}
    </nav>
  );
}
