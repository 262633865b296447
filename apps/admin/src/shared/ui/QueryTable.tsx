import { Table, type TableProps } from 'antd';
import { STRINGS } from '../strings';
import { LoadError } from './Screen';
import type { usePaging } from './paging';

/** What a table needs of one endpoint's read (`useEndpoint` of a rows endpoint). */
export interface RowsRead<Row> {
  data?: { rows: Row[]; total: number };
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/** A table of one endpoint's rows: antd's table props but the rows and the loading state, which the read gives. */
export type QueryTableProps<Row extends object> = Omit<TableProps<Row>, 'dataSource' | 'loading' | 'children'> & {
  read: RowsRead<Row>;
  paging?: ReturnType<typeof usePaging>;
  /** The retry link on a failed read; off where the read has nothing to retry alone. */
  retry?: boolean;
};

/**
 * The rows of one endpoint as a table: a failed read shows above it with a retry, the table shows the
 * read's loading state and the console's empty text. With `paging` the server pages the rows;
 * otherwise `pagination` is antd's own (false, or a local page size).
 */
export function QueryTable<Row extends object>(props: QueryTableProps<Row>) {
  const { read, paging, retry = true, ...table } = props;
  return (
    <>
      {read.error ? <LoadError error={read.error} onRetry={retry ? () => read.refetch() : undefined} /> : null}
      <Table<Row>
        rowKey="id"
        locale={{ emptyText: STRINGS.common.empty }}
        pagination={paging ? paging.pagination(read.data?.total) : undefined}
        {...table}
        loading={read.isFetching}
        dataSource={read.data?.rows ?? []}
      />
    </>
  );
}
