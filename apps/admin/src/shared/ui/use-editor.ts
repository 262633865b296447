import { Form } from 'antd';
import { useState } from 'react';

/**
 * The record an edit drawer is open on: a new one (no id) or an existing one, with the form's
 * starting values. `drawer` is what `<EditDrawer>` takes of it; `title` picks the drawer's title.
 */
export function useEditor<Values>() {
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState<{ id?: number; values: Partial<Values> } | null>(null);
  const close = () => setEditing(null);
  return {
    form,
    /** The record's id, once it exists. */
    id: editing?.id,
    create: (values: Partial<Values>) => setEditing({ values }),
    edit: (id: number, values: Partial<Values>) => setEditing({ id, values }),
    close,
    drawer: { open: editing !== null, form, initialValues: editing?.values, onClose: close },
    title: (newTitle: string, editTitle: string) => (editing?.id ? editTitle : newTitle),
  };
}

/**
 * The row an edit drawer is open on, in lists whose rows are edited but never created here:
 * `edit(row)` opens the drawer with the form's values taken from the row (`valuesOf`, once, so the
 * form is not reset while it is open), and `submit` hands the save the row it is open on.
 */
export function useRowEditor<Row, Values>(valuesOf: (row: Row) => Partial<Values>) {
  const [form] = Form.useForm<Values>();
  const [editing, setEditing] = useState<{ row: Row; values: Partial<Values> } | null>(null);
  const close = () => setEditing(null);
  return {
    form,
    /** The row being edited, if any. */
    row: editing?.row ?? null,
    edit: (row: Row) => setEditing({ row, values: valuesOf(row) }),
    drawer: { open: editing !== null, form, initialValues: editing?.values, onClose: close },
    submit:
      (save: (row: Row, values: Values & { reason: string }) => Promise<unknown>) =>
      async (values: Values & { reason: string }) => {
        if (editing) await save(editing.row, values);
      },
  };
}
