import { Alert, Form, Modal, type FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useSubmission } from './use-submission';

/**
 * A short form in a dialog (a request, a new member, a role): the fields are checked, then
 * `onSubmit` runs with the values; a refusal shows under the form and the dialog stays open. What
 * to do once it succeeds (a toast, closing, resetting) is the caller's, in `onSubmit`.
 */
export function FormModal<Values extends object>(props: {
  open: boolean;
  title: string;
  okText: string;
  form: FormInstance<Values>;
  onCancel: () => void;
  onSubmit: (values: Values) => Promise<unknown>;
  /** The form starts empty every time it opens: nothing typed is kept after a cancel. */
  fresh?: boolean;
  children: ReactNode;
}) {
  const submission = useSubmission(props.open);
  const submit = async () => {
    const values = await props.form.validateFields();
    await submission.run(() => props.onSubmit(values));
  };

  return (
    <Modal
      open={props.open}
      title={props.title}
      onCancel={props.onCancel}
      onOk={submit}
      okText={props.okText}
      confirmLoading={submission.busy}
      destroyOnClose={props.fresh}
    >
      <Form form={props.form} layout="vertical" preserve={props.fresh ? false : undefined}>
        {props.children}
      </Form>
      {submission.error ? <Alert type="error" showIcon message={submission.error} /> : null}
    </Modal>
  );
}
