import { Space } from 'antd';
import type { ReactNode } from 'react';
import { QueryTable, type QueryTableProps } from './QueryTable';
import { Screen, Section } from './Screen';

/**
 * A list with its toolbar above it (a status filter, a search, a create button), then what its rows
 * open (drawers, dialogs): the body of a list screen or of a list tab.
 */
export function ListPanel<Row extends object>(
  props: QueryTableProps<Row> & { toolbar?: ReactNode; children?: ReactNode },
) {
  const { toolbar, children, ...table } = props;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12}>
      {toolbar}
      <QueryTable<Row> {...table} />
      {children}
    </Space>
  );
}

/**
 * A screen that is one list: the head (the title from the route, the subtitle, the screen's actions),
 * one card with the toolbar, if any, over the table, then what the rows open (`children`).
 */
export function ListScreen<Row extends object>(
  props: QueryTableProps<Row> & { subtitle: ReactNode; extra?: ReactNode; toolbar?: ReactNode; children?: ReactNode },
) {
  const { subtitle, extra, toolbar, children, ...table } = props;
  return (
    <Screen subtitle={subtitle} extra={extra}>
      <Section>{toolbar ? <ListPanel<Row> toolbar={toolbar} {...table} /> : <QueryTable<Row> {...table} />}</Section>
      {children}
    </Screen>
  );
}
