import { funding } from '@kestrel/contract';
import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../shared/api/call';
import { isApiError } from '../../shared/api/errors';
import { writeSession } from '../../shared/api/session';
import { STRINGS } from '../../shared/strings';

interface Values {
  username: string;
  password: string;
  totpCode: string;
}

/** Which field a sign-in refusal belongs under. */
function fieldOf(key: string, field: string | undefined): keyof Values | null {
  if (field === 'username' || field === 'password' || field === 'totpCode') return field;
  if (/totp|code/.test(key)) return 'totpCode';
  // error.invalid_credentials deliberately does not say which of the three was wrong: shown above the button.
  return null;
}

export function SignInScreen(props: { expired?: boolean }) {
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [general, setGeneral] = useState<string | null>(null);
  const text = STRINGS.signIn;

  const submit = async (values: Values) => {
    setBusy(true);
    setGeneral(null);
    try {
      const answer = await call(funding.operatorLogin, { body: values });
      writeSession({ token: answer.token, staff: answer.staff });
    } catch (error) {
      const message = error instanceof Error ? error.message : text.failed;
      const field = isApiError(error) ? fieldOf(error.key, error.field) : null;
      if (field) {
        form.setFields([{ name: field, errors: [message] }]);
        if (field === 'totpCode') form.setFieldValue('totpCode', '');
      } else setGeneral(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="sign-in-page">
      <Card className="sign-in-card" data-testid="sign-in">
        <div className="sign-in-brand">
          <div className="brand-mark">K</div>
          <div>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {text.title}
            </Typography.Title>
            <Typography.Text type="secondary">{text.subtitle}</Typography.Text>
          </div>
        </div>
        {props.expired ? <Alert type="warning" showIcon message={text.expired} style={{ marginBottom: 16 }} /> : null}
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} disabled={busy}>
          <Form.Item name="username" label={text.username} rules={[{ required: true, message: text.usernameRequired }]}>
            <Input prefix={<UserOutlined />} autoComplete="username" autoFocus data-testid="sign-in-username" />
          </Form.Item>
          <Form.Item name="password" label={text.password} rules={[{ required: true, message: text.passwordRequired }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" data-testid="sign-in-password" />
          </Form.Item>
          <Form.Item
            name="totpCode"
            label={text.totp}
            extra={text.totpHelp}
            rules={[
              { required: true, message: text.totpRequired },
              { pattern: /^\d{6}$/, message: text.totpFormat },
            ]}
          >
            <Input
              prefix={<SafetyOutlined />}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              data-testid="sign-in-totp"
            />
          </Form.Item>
          {general ? (
            <Alert type="error" showIcon message={general} style={{ marginBottom: 16 }} data-testid="sign-in-error" />
          ) : null}
          <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="sign-in-submit">
            {text.submit}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
