import { identity } from '@kestrel/contract/web';
import { useTranslation } from 'react-i18next';
import { useIdentitySummary } from '../../../shared/identity/api/identity-summary';
import { IDENTITY_PATHS } from '../../../shared/identity/paths';
import { NavButton } from '../../../shared/ui/NavButton';
import { Notice } from '../../../shared/ui/Notice';
import { useIdentityDetail } from '../api/identity-detail';
import { AdvancedForm } from '../components/AdvancedForm';
import { IdentityPage } from '../components/IdentityPage';
import { PassedCard, PendingCard, RejectedNotice } from '../components/StatusCards';
import { LevelFailed, LevelLoading } from '../components/LevelState';

const { IDENTITY_LEVEL, IDENTITY_STATUS } = identity;

/** Why advanced verification cannot start yet, by the basic status. */
const BASIC_FIRST = {
  [IDENTITY_STATUS.none]: 'identity.basic_first_none',
  [IDENTITY_STATUS.pending]: 'identity.basic_first_pending',
  [IDENTITY_STATUS.rejected]: 'identity.basic_first_rejected',
} as const;

/**
 * `/pages/user/authentication1`: advanced verification, by its status as the basic screen does. It
 * needs basic verification passed: until then the screen says why (basic not sent, under review, or
 * rejected) and leads to the basic step.
 */
export default function AdvancedScreen() {
  const { t } = useTranslation();
  return (
    <IdentityPage title={t('page.identity_advanced')} level={IDENTITY_LEVEL.advanced}>
      <AdvancedLevel />
    </IdentityPage>
  );
}

function AdvancedLevel() {
  const detail = useIdentityDetail(IDENTITY_LEVEL.advanced);
  const summary = useIdentitySummary();
  if (detail.isPending || summary.isPending) return <LevelLoading />;
  if (detail.isError || summary.isError) {
    return (
      <LevelFailed
        onRetry={() => {
          if (detail.isError) void detail.refetch();
          if (summary.isError) void summary.refetch();
        }}
      />
    );
  }
  const record = detail.data;
  if (record.status === IDENTITY_STATUS.pending) return <PendingCard record={record} />;
  if (record.status === IDENTITY_STATUS.passed) return <PassedCard record={record} />;
  if (summary.data.basicStatus !== IDENTITY_STATUS.passed) return <BasicFirst basicStatus={summary.data.basicStatus} />;
  if (record.status === IDENTITY_STATUS.rejected) {
    return (
      <>
        <RejectedNotice record={record} />
        <AdvancedForm key={`rejected-${record.id ?? 0}`} record={record} />
      </>
    );
  }
  return <AdvancedForm key="new" record={null} />;
}

function BasicFirst({ basicStatus }: { basicStatus: number }) {
  const { t } = useTranslation();
  const reason =
    basicStatus === IDENTITY_STATUS.pending
      ? BASIC_FIRST[IDENTITY_STATUS.pending]
      : basicStatus === IDENTITY_STATUS.rejected
        ? BASIC_FIRST[IDENTITY_STATUS.rejected]
        : BASIC_FIRST[IDENTITY_STATUS.none];
  return (
    <Notice
      tone={basicStatus === IDENTITY_STATUS.pending ? 'info' : 'warning'}
      title={t('identity.basic_first_title')}
      testId="identity-basic-first"
      action={
        <NavButton
          to={IDENTITY_PATHS.basic}
          className="k-action k-action-button k-action-button--outline"
          testId="identity-go-basic"
        >
          {basicStatus === IDENTITY_STATUS.pending ? t('identity.view_basic') : t('identity.go_basic')}
        </NavButton>
      }
    >
      {t(reason)}
    </Notice>
  );
}
