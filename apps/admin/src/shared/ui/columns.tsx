import type { ColumnType } from 'antd/es/table';
import { formatTime } from '../format/format';
import { STRINGS } from '../strings';
import { EditButton } from './buttons';

const C = STRINGS.common;

/** A row's number, `width` wide. */
export function idColumn<Row extends { id: number }>(width: number): ColumnType<Row> {
  return { title: C.id, dataIndex: 'id', width };
}

/** The customer a row concerns, by login name. */
export function customerColumn<Row extends { userAccount: string }>(): ColumnType<Row> {
  return { title: C.customer, dataIndex: 'userAccount' };
}

/** A time (epoch milliseconds in `dataIndex`) in the operator's local time. */
export function timeColumn<Row>(title: string, dataIndex: keyof Row & string, width = 170): ColumnType<Row> {
  return { title, dataIndex, width, render: formatTime };
}

/**
 * The actions column of a list whose rows are edited in a drawer: each row's "Edit" button. Without
 * `edit` (the role may not save) the column stays empty.
 */
export function editColumn<Row>(edit: ((row: Row) => void) | undefined): ColumnType<Row> {
  return {
    title: C.actions,
    width: 90,
    render: (_, row) => (edit ? <EditButton onClick={() => edit(row)} /> : null),
  };
}
