import { Alert, Button, Descriptions, Space } from 'antd';
import { useState, type ReactNode } from 'react';
import { STRINGS } from '../strings';
import { ReasonModal } from './ReasonModal';
import { useNotify } from './notify';

/** What a reviewer does with a pending request; a deposit's "confirm" is its approval. */
export type ReviewKind = 'approve' | 'reject';

export interface Review<Row> {
  kind: ReviewKind;
  row: Row;
}

/** A review queue's dialog state: the request under review, if any. */
export interface Reviewing<Row> {
  review: Review<Row> | null;
  start: (kind: ReviewKind, row: Row) => void;
  close: () => void;
}

/** The request under review, if any: `start` opens the dialog, `close` ends it. */
export function useReview<Row>(): Reviewing<Row> {
  const [review, setReview] = useState<Review<Row> | null>(null);
  return {
    review,
    start: (kind: ReviewKind, row: Row) => setReview({ kind, row }),
    close: () => setReview(null),
  };
}

/** A pending row's approve and reject buttons. */
export function ReviewButtons<Row>(props: {
  row: Row;
  start: (kind: ReviewKind, row: Row) => void;
  approveLabel?: string;
  approveTestId?: string;
}) {
  const C = STRINGS.common;
  return (
    <Space>
      <Button
        type="primary"
        size="small"
        onClick={() => props.start('approve', props.row)}
        data-testid={props.approveTestId}
      >
        {props.approveLabel ?? C.approve}
      </Button>
      <Button danger size="small" onClick={() => props.start('reject', props.row)}>
        {C.reject}
      </Button>
    </Space>
  );
}

/** A label and its value in the review dialog's summary of the request. */
export type ReviewFact = [label: string, value: ReactNode];

/**
 * The approve-or-reject dialog of a review queue: a summary of the request, then the reason. A
 * rejection's reason is required (the customer reads it); an approval's is optional, or not asked.
 */
export function ReviewDialog<Row>(props: {
  reviewing: Reviewing<Row>;
  title: Record<ReviewKind, string>;
  /** The buttons' texts; "Approve" and "Reject" unless given. */
  okText?: Record<ReviewKind, string>;
  /** The toast once done. */
  done: Record<ReviewKind, string>;
  onApprove: (row: Row, reason: string) => Promise<unknown>;
  onReject: (row: Row, reason: string) => Promise<unknown>;
  facts: (row: Row, kind: ReviewKind) => ReviewFact[];
  /** Shown above the summary when approving: what approval will do. */
  approveHint?: { type: 'info' | 'warning'; message: string };
  rejectReasonLabel?: string;
  /** The approval call takes no reason (the audit log records it by itself). */
  approveWithoutReason?: boolean;
  testId?: string;
}) {
  const notify = useNotify();
  const { approveHint } = props;
  const { review, close } = props.reviewing;
  const okText = props.okText ?? { approve: STRINGS.common.approve, reject: STRINGS.common.reject };
  const kind = review?.kind;
  const summary = (current: Review<Row>) => (
    <Descriptions column={1} size="small" bordered>
      {props.facts(current.row, current.kind).map(([label, value]) => (
        <Descriptions.Item key={label} label={label}>
          {value}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
  const body = (current: Review<Row>) =>
    approveHint ? (
      <Space direction="vertical" style={{ width: '100%' }}>
        {current.kind === 'approve' ? <Alert type={approveHint.type} showIcon message={approveHint.message} /> : null}
        {summary(current)}
      </Space>
    ) : (
      summary(current)
    );
  return (
    <ReasonModal
      open={review !== null}
      title={kind === 'approve' ? props.title.approve : props.title.reject}
      okText={kind === 'approve' ? okText.approve : okText.reject}
      danger={kind === 'reject'}
      reasonRequired={kind === 'reject'}
      reasonLabel={kind === 'reject' ? props.rejectReasonLabel : undefined}
      noReason={props.approveWithoutReason && kind === 'approve'}
      onCancel={close}
      testId={props.testId}
      onSubmit={async (reason) => {
        if (!review) return;
        if (review.kind === 'approve') await props.onApprove(review.row, reason);
        else await props.onReject(review.row, reason);
        notify.done(props.done[review.kind]);
        close();
      }}
    >
      {review ? body(review) : null}
    </ReasonModal>
  );
}
