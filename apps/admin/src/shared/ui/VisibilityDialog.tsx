import { Button, Space } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { STRINGS } from '../strings';
import { ReasonModal } from './ReasonModal';
import { EditButton } from './buttons';

/** A row's "Edit" button and the one that hides it from customers or shows it again. */
export function EditAndToggleButtons(props: { visible: boolean | number; onEdit: () => void; onToggle: () => void }) {
  const C = STRINGS.common;
  return (
    <Space>
      <EditButton onClick={props.onEdit} />
      <Button size="small" onClick={props.onToggle}>
        {props.visible ? C.hide : C.show}
      </Button>
    </Space>
  );
}

/**
 * A table's actions column of each row's "Edit" and "Hide"/"Show" buttons; empty where `allowed` is
 * false (the role may not change the rows).
 */
export function editAndToggleColumn<Row>(options: {
  visible: (row: Row) => boolean | number;
  onEdit: (row: Row) => void;
  onToggle: (row: Row) => void;
  allowed?: boolean;
}): ColumnType<Row> {
  return {
    title: STRINGS.common.actions,
    width: 160,
    render: (_, row) =>
      options.allowed === false ? null : (
        <EditAndToggleButtons
          visible={options.visible(row)}
          onEdit={() => options.onEdit(row)}
          onToggle={() => options.onToggle(row)}
        />
      ),
  };
}

/**
 * Hides a visible record from customers, or shows a hidden one, with the reason the audit log
 * keeps. `target` is the record being toggled, if any.
 */
export function VisibilityDialog<Row>(props: {
  target: Row | null;
  visible: (row: Row) => boolean | number;
  name: (row: Row) => string;
  onCancel: () => void;
  onToggle: (row: Row, reason: string) => Promise<unknown>;
}) {
  const C = STRINGS.common;
  const { target } = props;
  const visible = target ? props.visible(target) : false;
  return (
    <ReasonModal
      open={target !== null}
      title={`${visible ? C.hide : C.show}: ${target ? props.name(target) : ''}`}
      okText={visible ? C.hide : C.show}
      reasonRequired
      onCancel={props.onCancel}
      onSubmit={async (reason) => {
        if (!target) return;
        await props.onToggle(target, reason);
        props.onCancel();
      }}
    />
  );
}
