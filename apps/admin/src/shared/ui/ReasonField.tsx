import { Form, Input } from 'antd';
import { STRINGS } from '../strings';

/**
 * The reason every operator change carries (kept in the audit log), as a form field `reason`.
 * `help` says where it goes; `rows` makes it a text area.
 */
export function ReasonField(props: { help?: boolean; testId?: string; rows?: number }) {
  const C = STRINGS.common;
  return (
    <Form.Item
      name="reason"
      label={C.reason}
      extra={props.help ? C.reasonHelp : undefined}
      rules={[{ required: true, whitespace: true, message: C.reasonRequired }]}
    >
      {props.rows ? (
        <Input.TextArea rows={props.rows} maxLength={500} data-testid={props.testId} />
      ) : (
        <Input maxLength={500} data-testid={props.testId} />
      )}
    </Form.Item>
  );
}
