import { identity } from '@kestrel/contract/web';
import { CheckShieldFill, ClockCircleFill, RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatDateTime } from '../../../shared/display/date-time';
import { useIdentitySummary } from '../../../shared/identity/api/identity-summary';
import { IDENTITY_PATHS } from '../../../shared/identity/paths';
import { Notice } from '../../../shared/ui/Notice';
import type { IdentityRecord } from '../api/identity-detail';
import { PHOTO_FIELDS } from '../lib/identity-form';
import { methodNameKey, photoSlotOf } from '../lib/labels';
import { LevelStatusChip } from './LevelState';
import { StoredPhoto } from './PhotoSlot';

const { IDENTITY_LEVEL, IDENTITY_STATUS } = identity;

/** What a submission sent, as label / value lines: the document or method, name, masked number, a time. */
function SentFacts({ record, time }: { record: IdentityRecord; time: { label: string; at: number | null } }) {
  const { t } = useTranslation();
  const method = methodNameKey(record.authMethod);
  const basic = record.authLevel === IDENTITY_LEVEL.basic;
  const rows: { label: string; value: ReactNode; testId: string }[] = [];
  if (method) {
    rows.push({
      label: basic ? t('identity.field_document') : t('identity.field_method'),
      value: t(method),
      testId: 'identity-fact-method',
    });
  }
  if (basic && record.realName) {
    rows.push({ label: t('identity.field_name'), value: <bdi>{record.realName}</bdi>, testId: 'identity-fact-name' });
  }
  if (basic && record.idNumber) {
    rows.push({
      label: t('identity.field_number'),
      value: (
        <span className="numeric" dir="ltr">
          {record.idNumber}
        </span>
      ),
      testId: 'identity-fact-number',
    });
  }
  rows.push({
    label: time.label,
    value: (
      <span className="numeric" dir="ltr">
        {formatDateTime(time.at)}
      </span>
    ),
    testId: 'identity-fact-time',
  });
  return (
    <dl className="k-facts idv-facts">
      {rows.map((row) => (
        <div key={row.testId}>
          <dt>{row.label}</dt>
          <dd data-testid={row.testId}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The head of a status card: its mark, title and the line under it. */
function StatusHead({ tone, icon, title, body }: { tone: string; icon: ReactNode; title: string; body: string }) {
  return (
    <div className="idv-status__head">
      <span className={`idv-status__icon idv-status__icon--${tone}`} aria-hidden="true">
        {icon}
      </span>
      <div className="idv-status__titles">
        <h2 className="idv-status__title">{title}</h2>
        <p className="idv-status__body">{body}</p>
      </div>
    </div>
  );
}

/** Status 1: under review. What was sent (the number masked), when, and the photos. */
export function PendingCard({ record }: { record: IdentityRecord }) {
  const { t } = useTranslation();
  const photos = (PHOTO_FIELDS[record.authLevel] ?? []).filter((field) => record[field] !== '');
  return (
    <section className="card idv-status" data-testid="identity-pending">
      <StatusHead
        tone="pending"
        icon={<ClockCircleFill />}
        title={t('identity.pending_title')}
        body={t('identity.pending_body')}
      />
      <h3 className="idv-status__subtitle">{t('identity.sent_details')}</h3>
      <SentFacts record={record} time={{ label: t('identity.field_submitted'), at: record.submitTime }} />
      {photos.length > 0 ? (
        <ul className={`idv-thumbs${photos.length === 1 ? ' idv-thumbs--single' : ''}`}>
          {photos.map((field) => {
            const caption = t(photoSlotOf(record.authMethod ?? 0, field).caption);
            return (
              <li key={field} className="idv-thumb">
                <span className="idv-thumb__frame">
                  <StoredPhoto photoKey={record[field]} alt={caption} testId={`identity-sent-${field}`} />
                </span>
                <span className="idv-thumb__caption">{caption}</span>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}

/** Status 2: verified. What was verified and when (no photos: nothing left to check). */
export function PassedCard({ record }: { record: IdentityRecord }) {
  const { t } = useTranslation();
  const basic = record.authLevel === IDENTITY_LEVEL.basic;
  return (
    <section className="card idv-status idv-status--passed" data-testid="identity-passed">
      <StatusHead
        tone="passed"
        icon={<CheckShieldFill />}
        title={basic ? t('identity.passed_title') : t('identity.advanced_passed_title')}
        body={basic ? t('identity.passed_body') : t('identity.advanced_passed_body')}
      />
      <SentFacts
        record={record}
        time={{ label: t('identity.field_reviewed'), at: record.reviewTime ?? record.submitTime }}
      />
    </section>
  );
}

/** Status 3: the operator's reason, first and prominent; the form follows, to send it again. */
export function RejectedNotice({ record }: { record: IdentityRecord }) {
  const { t } = useTranslation();
  return (
    <Notice tone="danger" title={t('identity.rejected_title')} testId="identity-rejected">
      {record.reason ? (
        <p className="idv-reason">
          <span className="idv-reason__label">{t('identity.rejected_reason')}</span>{' '}
          <bdi className="idv-reason__text" data-testid="identity-reason">
            {record.reason}
          </bdi>
        </p>
      ) : null}
      <p>{t('identity.rejected_retry')}</p>
    </Notice>
  );
}

/** On the basic screen once basic has passed: the way to advanced verification, unless it has passed too. */
export function AdvancedNextCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const status = useIdentitySummary().data?.advancedStatus;
  if (status === IDENTITY_STATUS.passed) return null;
  return (
    <button
      type="button"
      className="card idv-next"
      onClick={() => navigate(IDENTITY_PATHS.advanced)}
      data-testid="identity-advanced-link"
    >
      <span className="idv-next__text">
        <span className="idv-next__title">
          {t('identity.level_advanced')}
          <LevelStatusChip status={status === IDENTITY_STATUS.none ? undefined : status} />
        </span>
        <span className="idv-next__body">{t('identity.next_advanced_body')}</span>
      </span>
      <RightOutline className="idv-next__arrow" aria-hidden="true" />
    </button>
  );
}
