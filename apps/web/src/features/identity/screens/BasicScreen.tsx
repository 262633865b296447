import { identity } from '@kestrel/contract/web';
import { useTranslation } from 'react-i18next';
import { useIdentityDetail } from '../api/identity-detail';
import { BasicForm } from '../components/BasicForm';
import { IdentityPage } from '../components/IdentityPage';
import { AdvancedNextCard, PassedCard, PendingCard, RejectedNotice } from '../components/StatusCards';
import { LevelFailed, LevelLoading } from '../components/LevelState';

const { IDENTITY_LEVEL, IDENTITY_STATUS } = identity;

/**
 * `/pages/user/authentication`: basic verification, by its status: the form (none); what was sent,
 * under review (pending); verified, with the way to advanced verification (passed); the operator's
 * reason and the form again, prefilled (rejected).
 */
export default function BasicScreen() {
  const { t } = useTranslation();
  return (
    <IdentityPage title={t('me.verify_identity')} level={IDENTITY_LEVEL.basic}>
      <BasicLevel />
    </IdentityPage>
  );
}

function BasicLevel() {
  const detail = useIdentityDetail(IDENTITY_LEVEL.basic);
  if (detail.isPending) return <LevelLoading />;
  if (detail.isError) return <LevelFailed onRetry={() => void detail.refetch()} />;
  const record = detail.data;
  switch (record.status) {
    case IDENTITY_STATUS.pending:
      return <PendingCard record={record} />;
    case IDENTITY_STATUS.passed:
      return (
        <>
          <PassedCard record={record} />
          <AdvancedNextCard />
        </>
      );
    case IDENTITY_STATUS.rejected:
      return (
        <>
          <RejectedNotice record={record} />
          <BasicForm key={`rejected-${record.id ?? 0}`} record={record} />
        </>
      );
    default:
      return <BasicForm key="new" record={null} />;
  }
}
