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
