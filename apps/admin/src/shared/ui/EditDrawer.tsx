import { Alert, Button, Drawer, Form, Space, type FormInstance } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useSubmission } from './use-submission';
import { ReasonField } from './ReasonField';
import { useNotify } from './notify';
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
  /** The toast once saved; without it `onSubmit` says what it did. */
  done?: string;
  children: ReactNode;
  width?: number;
  /** The call takes no reason. */
  noReason?: boolean;
  testId?: string;
}) {
  const C = STRINGS.common;
  const { open, form, initialValues } = props;
  const submission = useSubmission(open);
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (initialValues) form.setFieldsValue(initialValues as Parameters<typeof form.setFieldsValue>[0]);
  }, [open, form, initialValues]);

  const notify = useNotify();
  const submit = (values: Values & { reason: string }) =>
    submission.run(async () => {
      await props.onSubmit(values);
      if (props.done) notify.done(props.done);
      props.onClose();
    });

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
          <Button type="primary" loading={submission.busy} onClick={() => form.submit()} data-testid="drawer-save">
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
        {submission.error ? (
          <Alert type="error" showIcon message={submission.error} data-testid="drawer-error" />
        ) : null}
      </Form>
    </Drawer>
  );
}

/** A decimal text field: money and rates stay strings end to end. */
export const DECIMAL_RULE = { pattern: /^\d+(\.\d+)?$/, message: 'A number such as 100 or 0.0015' };
