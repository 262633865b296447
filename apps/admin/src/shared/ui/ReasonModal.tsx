import { Alert, Form, Input, Modal } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { useSubmission } from './use-submission';

export interface ReasonModalProps {
  open: boolean;
  title: string;
  /** What the operator is about to do: amounts, the customer, the consequences. */
  children?: ReactNode;
  okText: string;
  danger?: boolean;
  /** A rejection's reason is required (the customer reads it); an approval's is optional. */
  reasonRequired: boolean;
  reasonLabel?: string;
  /** The call takes no reason (an approval the audit log records by itself). */
  noReason?: boolean;
  onCancel: () => void;
  /** Resolves when done; a rejection shows its message in the dialog and keeps it open. */
  onSubmit: (reason: string) => Promise<unknown>;
  testId?: string;
}

/** A confirmation that asks for the reason the audit log (and sometimes the customer) reads. */
export function ReasonModal(props: ReasonModalProps) {
  const [form] = Form.useForm<{ reason: string }>();
  const submission = useSubmission(props.open);
  useEffect(() => {
    if (props.open) form.resetFields();
  }, [props.open, form]);

  const submit = async () => {
    const { reason } = await form.validateFields();
    await submission.run(() => props.onSubmit((reason ?? '').trim()));
  };

  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={props.okText}
      okButtonProps={{
        danger: props.danger,
        loading: submission.busy,
        ...({ 'data-testid': 'modal-ok' } as Record<string, string>),
      }}
      onOk={submit}
      onCancel={props.onCancel}
      destroyOnClose
      width={560}
    >
      <div data-testid={props.testId}>
        {props.children}
        <Form form={form} layout="vertical" style={{ marginTop: 16 }} onFinish={submit} hidden={props.noReason}>
          <Form.Item
            name="reason"
            label={props.reasonLabel ?? (props.reasonRequired ? 'Reason (required)' : 'Note (optional)')}
            rules={props.reasonRequired ? [{ required: true, whitespace: true, message: 'Give a reason' }] : []}
          >
            <Input.TextArea rows={3} maxLength={500} showCount data-testid="reason-input" />
          </Form.Item>
        </Form>
        {submission.error ? <Alert type="error" showIcon message={submission.error} data-testid="modal-error" /> : null}
      </div>
    </Modal>
  );
}
