import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { STRINGS } from '../strings';

/** A row's "Edit" button. */
export function EditButton(props: { onClick: () => void }) {
  return (
    <Button size="small" onClick={props.onClick}>
      {STRINGS.common.edit}
    </Button>
  );
}

/** Reads a list again. */
export function RefreshButton(props: { onClick: () => void }) {
  return (
    <Button icon={<ReloadOutlined />} onClick={props.onClick}>
      {STRINGS.common.refresh}
    </Button>
  );
}

/** Opens the form for a new record. */
export function CreateButton(props: { onClick: () => void; children: ReactNode; testId?: string }) {
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={props.onClick} data-testid={props.testId}>
      {props.children}
    </Button>
  );
}
