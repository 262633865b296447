import { Segmented } from 'antd';
import { useState } from 'react';
import { STRINGS } from '../strings';
import type { StatusStyle } from './StatusTag';
import { usePaging } from './paging';

/** Shown in a status filter for "every status"; the query then leaves `status` out. */
const ALL = -1;

/**
 * A queue's status filter and its server paging: `query` is what the list endpoint reads. Choosing
 * another status goes back to the first page.
 */
export function useStatusFilter(initialStatus: number, initialPageSize?: number) {
  const [status, setStatus] = useState(initialStatus);
  const paging = usePaging(initialPageSize);
  const choose = (next: number) => {
    setStatus(next);
    paging.reset();
  };
  return { status, choose, paging, query: { ...paging.page, status: status >= 0 ? status : undefined } };
}

/** A queue's statuses as filter options, from its table of statuses: all of them, or `values` in that order. */
export function statusOptions(styles: Record<number, StatusStyle>, values?: number[]) {
  return (values ?? Object.keys(styles).map(Number)).map((value) => ({ label: styles[value]?.label ?? '', value }));
}

/** The statuses a queue can be filtered by, then "All"; choosing one sets `filter` (`useStatusFilter`). */
export function StatusFilter(props: {
  filter: ReturnType<typeof useStatusFilter>;
  options: { label: string; value: number }[];
  testId?: string;
}) {
  return (
    <Segmented
      options={[...props.options, { label: STRINGS.common.all, value: ALL }]}
      value={props.filter.status}
      onChange={(value) => props.filter.choose(Number(value))}
      data-testid={props.testId}
    />
  );
}
