import { STAFF_ROLES, operatorStaff, type AnswerOf, type StaffRole } from '@kestrel/contract';
import { Alert, Button, Descriptions, Form, Input, Modal, Select, Space, Tag, Typography } from 'antd';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useAction, useEndpoint } from '../../shared/api/queries';
import { useStaffSession } from '../../shared/api/use-session';
import { formatTime } from '../../shared/format/format';
import { ReasonModal } from '../../shared/ui/ReasonModal';
import { FormModal } from '../../shared/ui/FormModal';
import { ListScreen } from '../../shared/ui/ListScreen';
import { CreateButton, RefreshButton } from '../../shared/ui/buttons';
import { timeColumn } from '../../shared/ui/columns';
import { useNotify } from '../../shared/ui/notify';
import { usePaging } from '../../shared/ui/paging';
import { ReasonField } from '../../shared/ui/ReasonField';
import { STAFF_STRINGS as T, STRINGS } from '../../shared/strings';

type Member = AnswerOf<typeof operatorStaff.operatorStaffList>;
type Enrolment = AnswerOf<typeof operatorStaff.operatorStaffCreate>;

const ROLE_COLORS: Record<string, string> = { admin: 'red', finance: 'gold', support: 'blue', content: 'green' };
const roleOptions = STAFF_ROLES.map((role) => ({
  value: role,
  label: (
    <Space>
      <Tag color={ROLE_COLORS[role]}>{role}</Tag>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {T.roles[role]}
      </Typography.Text>
    </Space>
  ),
}));

/** The one-time TOTP enrolment: the otpauth URI as a QR code, and the secret to type by hand. */
function EnrolmentModal(props: { enrolment: Enrolment | null; onClose: () => void }) {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    setImage(null);
    if (props.enrolment) void QRCode.toDataURL(props.enrolment.otpauthUri, { margin: 1, width: 220 }).then(setImage);
  }, [props.enrolment]);
  return (
    <Modal
      open={props.enrolment !== null}
      title={`${T.enrolTitle}: ${props.enrolment?.member.username ?? ''}`}
      onCancel={props.onClose}
      footer={
        <Button type="primary" onClick={props.onClose} data-testid="enrolment-close">
          {STRINGS.common.done}
        </Button>
      }
      maskClosable={false}
    >
      <Space direction="vertical" style={{ width: '100%' }} align="center" data-testid="enrolment">
        <Alert type="warning" showIcon message={T.enrolHelp} />
        {image ? <img src={image} width={220} height={220} alt="TOTP QR code" data-testid="enrolment-qr" /> : null}
        <Typography.Text>{T.secret}:</Typography.Text>
        <Typography.Text code copyable className="mono" data-testid="enrolment-secret">
          {props.enrolment?.totpSecret}
        </Typography.Text>
      </Space>
    </Modal>
  );
}

export default function StaffScreen() {
  const C = STRINGS.common;
  const session = useStaffSession();
  const notify = useNotify();
  const paging = usePaging();
  const list = useEndpoint(operatorStaff.operatorStaffList, paging.page);
  const create = useAction(operatorStaff.operatorStaffCreate, [operatorStaff.operatorStaffList]);
  const setRole = useAction(operatorStaff.operatorStaffSetRole, [operatorStaff.operatorStaffList]);
  const setDisabled = useAction(operatorStaff.operatorStaffSetDisabled, [operatorStaff.operatorStaffList]);
  const resetTotp = useAction(operatorStaff.operatorStaffResetTotp, [operatorStaff.operatorStaffList]);
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [creating, setCreating] = useState(false);
  const [roleFor, setRoleFor] = useState<Member | null>(null);
  const [acting, setActing] = useState<{ kind: 'disable' | 'enable' | 'totp'; member: Member } | null>(null);
  const [createForm] = Form.useForm<{ username: string; role: StaffRole; password: string; reason: string }>();
  const [roleForm] = Form.useForm<{ role: StaffRole; reason: string }>();

  return (
    <ListScreen<Member>
      subtitle={T.subtitle}
      extra={
        <>
          <RefreshButton onClick={() => list.refetch()} />
          <CreateButton onClick={() => setCreating(true)} testId="staff-add">
            {T.add}
          </CreateButton>
        </>
      }
      read={list}
      paging={paging}
      columns={[
        {
          title: T.username,
          dataIndex: 'username',
          width: 220,
          render: (value: string, member) => (
            <Space wrap={false} style={{ whiteSpace: 'nowrap' }}>
              <Typography.Text strong>{value}</Typography.Text>
              {member.id === session?.staff.id ? <Tag>you</Tag> : null}
            </Space>
          ),
        },
        {
          title: T.role,
          dataIndex: 'role',
          render: (value: string) => (
            <Space direction="vertical" size={0}>
              <Tag color={ROLE_COLORS[value]}>{value}</Tag>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {T.roles[value]}
              </Typography.Text>
            </Space>
          ),
        },
        {
          title: C.status,
          dataIndex: 'disabled',
          width: 110,
          render: (disabled: boolean) =>
            disabled ? <Tag color="error">{T.disabled}</Tag> : <Tag color="success">{T.active}</Tag>,
        },
        timeColumn(C.created, 'createdAt'),
        {
          title: T.lastSignIn,
          dataIndex: 'lastSignInAt',
          width: 170,
          render: (value: number | null) => (value ? formatTime(value) : T.never),
        },
        {
          title: C.actions,
          width: 330,
          render: (_, member) =>
            member.id === session?.staff.id ? null : (
              <Space wrap>
                <Button
                  size="small"
                  onClick={() => {
                    roleForm.setFieldsValue({ role: member.role, reason: '' });
                    setRoleFor(member);
                  }}
                >
                  {T.changeRole}
                </Button>
                <Button size="small" onClick={() => setActing({ kind: 'totp', member })}>
                  {T.resetTotp}
                </Button>
                <Button
                  size="small"
                  danger={!member.disabled}
                  onClick={() => setActing({ kind: member.disabled ? 'enable' : 'disable', member })}
                >
                  {member.disabled ? T.enable : T.disable}
                </Button>
              </Space>
            ),
        },
      ]}
    >
      <FormModal
        open={creating}
        title={T.add}
        okText={C.create}
        form={createForm}
        fresh
        onCancel={() => setCreating(false)}
        onSubmit={async (values) => {
          const answer = await create.mutateAsync({ body: values });
          notify.done(T.created);
          setCreating(false);
          createForm.resetFields();
          setEnrolment(answer);
        }}
      >
        <Form.Item name="username" label={T.username} rules={[{ required: true }]}>
          <Input autoComplete="off" data-testid="staff-username" />
        </Form.Item>
        <Form.Item name="role" label={T.role} rules={[{ required: true }]}>
          <Select options={roleOptions} data-testid="staff-role-select" />
        </Form.Item>
        <Form.Item name="password" label={T.password} extra={T.passwordHelp} rules={[{ required: true, min: 12 }]}>
          <Input.Password autoComplete="new-password" data-testid="staff-password" />
        </Form.Item>
        <ReasonField testId="staff-reason" />
      </FormModal>

      <FormModal
        open={roleFor !== null}
        title={`${T.changeRole}: ${roleFor?.username ?? ''}`}
        okText={C.save}
        form={roleForm}
        onCancel={() => setRoleFor(null)}
        onSubmit={async (values) => {
          if (!roleFor) return;
          await setRole.mutateAsync({ body: { id: roleFor.id, ...values } });
          notify.done(T.roleChanged);
          setRoleFor(null);
        }}
      >
        <Form.Item name="role" label={T.role} rules={[{ required: true }]}>
          <Select options={roleOptions} />
        </Form.Item>
        <ReasonField />
      </FormModal>
      <ReasonModal
        open={acting !== null}
        title={
          acting?.kind === 'totp'
            ? `${T.resetTotp}: ${acting.member.username}`
            : `${acting?.kind === 'disable' ? T.disable : T.enable}: ${acting?.member.username ?? ''}`
        }
        okText={acting?.kind === 'totp' ? T.resetTotp : acting?.kind === 'disable' ? T.disable : T.enable}
        danger={acting?.kind !== 'enable'}
        reasonRequired
        onCancel={() => setActing(null)}
        onSubmit={async (reason) => {
          if (!acting) return;
          if (acting.kind === 'totp') {
            const answer = await resetTotp.mutateAsync({ body: { id: acting.member.id, reason } });
            notify.done(T.totpReset);
            setActing(null);
            setEnrolment(answer);
            return;
          }
          await setDisabled.mutateAsync({
            body: { id: acting.member.id, disabled: acting.kind === 'disable', reason },
          });
          notify.done(acting.kind === 'disable' ? T.disabledDone : T.enabledDone);
          setActing(null);
        }}
      >
        {acting ? (
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={T.username}>{acting.member.username}</Descriptions.Item>
            <Descriptions.Item label={T.role}>{acting.member.role}</Descriptions.Item>
          </Descriptions>
        ) : null}
      </ReasonModal>
      <EnrolmentModal enrolment={enrolment} onClose={() => setEnrolment(null)} />
    </ListScreen>
  );
}
