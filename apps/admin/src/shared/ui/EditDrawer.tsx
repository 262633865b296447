import { Alert, Button, Drawer, Form, Space, type FormInstance } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { errorText } from '../api/errors';
import { ReasonField } from './ReasonField';
import { STRINGS } from '../strings';

/**
 * A form in a side drawer for creating or editing one record: the fields, then the reason every
 * operator change carries (kept in the audit log). A refusal stays in the drawer, under the form.
 */
export function EditDrawer<Values extends object>(props: {
  open: boolean;
  title: string;
  form: FormInstance<Values>;
  initialValues?: Partial<Values>;
  onClose: () => void;
  onSubmit: (values: Values & { reason: string }) => Promise<unknown>;
  children: ReactNode;
  width?: number;
  /** The call takes no reason. */
  noReason?: boolean;
  testId?: string;
}) {
  const C = STRINGS.common;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { open, form, initialValues } = props;
  useEffect(() => {
    if (!open) return;
    setError(null);
    form.resetFields();
    if (initialValues) form.setFieldsValue(initialValues as Parameters<typeof form.setFieldsValue>[0]);
  }, [open, form, initialValues]);

  const submit = async (values: Values & { reason: string }) => {
    setBusy(true);
    setError(null);
    try {
      await props.onSubmit(values);
      props.onClose();
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Drawer
      open={open}
      onClose={props.onClose}
      title={props.title}
      width={props.width ?? 560}
      destroyOnClose
      extra={
        <Space>
          <Button onClick={props.onClose}>{C.cancel}</Button>
          <Button type="primary" loading={busy} onClick={() => form.submit()} data-testid="drawer-save">
            {C.save}
          </Button>
        </Space>
      }
    >
      <Form
        form={form as unknown as FormInstance}
        layout="vertical"
        onFinish={(values) => submit(values as Values & { reason: string })}
        data-testid={props.testId}
        requiredMark="optional"
      >
        {props.children}
        {props.noReason ? null : <ReasonField help testId="drawer-reason" />}
        {error ? <Alert type="error" showIcon message={error} data-testid="drawer-error" /> : null}
      </Form>
    </Drawer>
  );
}

/** A decimal text field: money and rates stay strings end to end. */
export const DECIMAL_RULE = { pattern: /^\d+(\.\d+)?$/, message: 'A number such as 100 or 0.0015' };
