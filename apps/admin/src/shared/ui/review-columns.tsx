import { Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { formatTime } from '../format/format';
import { STRINGS } from '../strings';
import { ReviewButtons, type ReviewKind } from './ReviewDialog';
import { StatusWithReason, type StatusStyle } from './StatusTag';

const C = STRINGS.common;

/** A queue's status column: the row's status from the queue's table of statuses, the reviewer's reason under it. */
export function reviewStatusColumn<Row extends { status: number; reviewReason?: string | null }>(
  styles: Record<number, StatusStyle>,
  width: number,
): ColumnType<Row> {
  return {
    title: C.status,
    dataIndex: 'status',
    width,
    render: (value: number, row) => <StatusWithReason status={value} styles={styles} reason={row.reviewReason} />,
  };
}

/** When a reviewed request was reviewed, for the actions column of a row that has no buttons left. */
export function reviewedAt(row: { reviewTime: number | null }): ReactNode {
  return <Typography.Text type="secondary">{row.reviewTime ? formatTime(row.reviewTime) : '—'}</Typography.Text>;
}

/**
 * A queue's actions column: a pending row (status 0) gets the approve and reject buttons when the
 * role may review; any other row shows what `settled` gives, or nothing.
 */
export function reviewActionsColumn<Row extends { status: number }>(options: {
  allowed: boolean;
  start: (kind: ReviewKind, row: Row) => void;
  width?: number;
  approveLabel?: string;
  approveTestId?: (row: Row) => string;
  settled?: (row: Row) => ReactNode;
}): ColumnType<Row> {
  return {
    title: C.actions,
    width: options.width ?? 180,
    fixed: 'right',
    render: (_, row) =>
      row.status === 0 && options.allowed ? (
        <ReviewButtons
          row={row}
          start={options.start}
          approveLabel={options.approveLabel}
          approveTestId={options.approveTestId?.(row)}
        />
      ) : (
        (options.settled?.(row) ?? null)
      ),
  };
}
