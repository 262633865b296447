import { identity, type AnswerOf } from '@kestrel/contract';
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Descriptions, Image, Segmented, Space, Spin, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { fetchPrivateBlob } from '../../shared/api/call';
import { useAction, useEndpoint } from '../../shared/api/queries';
import { useMayCall } from '../../shared/api/use-session';
import { formatTime } from '../../shared/format/format';
import { ReasonModal } from '../../shared/ui/ReasonModal';
import { LoadError, Screen, Section } from '../../shared/ui/Screen';
import { StatusTag } from '../../shared/ui/StatusTag';
import { useNotify } from '../../shared/ui/notify';
import { usePaging } from '../../shared/ui/paging';
import { IDENTITY_STRINGS as T, STRINGS } from '../../shared/strings';

type Row = AnswerOf<typeof identity.operatorIdentityList>;

const STATUS = {
  0: { label: T.none, color: 'default' },
  1: { label: T.pending, color: 'processing' },
  2: { label: T.passed, color: 'success' },
  3: { label: T.rejected, color: 'error' },
};

/** An identity photo: private, so fetched with the staff token as a blob. */
function PrivatePhoto(props: { imageKey: string; label: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!props.imageKey) return undefined;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    setFailed(false);
    fetchPrivateBlob(`/api/operator/identity/image/${encodeURIComponent(props.imageKey)}`, controller.signal)
      .then((created) => {
        objectUrl = created;
        setUrl(created);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [props.imageKey]);
  const box = {
    width: 96,
    height: 72,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    background: '#f3f5f8',
    borderRadius: 6,
  };
  let content;
  if (!props.imageKey)
    content = (
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {T.photoMissing}
      </Typography.Text>
    );
  else if (failed)
    content = (
      <Typography.Text type="danger" style={{ fontSize: 12 }}>
        {T.photoFailed}
      </Typography.Text>
    );
  else if (!url) content = <Spin size="small" />;
  else
    content = (
      <Image
        src={url}
        width={96}
        height={72}
        style={{ objectFit: 'cover', borderRadius: 6 }}
        data-testid="identity-photo"
      />
    );
  return (
    <Space direction="vertical" size={2} style={{ alignItems: 'center' }}>
      <div style={box}>{content}</div>
      <Typography.Text type="secondary" style={{ fontSize: 11 }}>
        {props.label}
      </Typography.Text>
    </Space>
  );
}

export default function IdentityScreen() {
  const C = STRINGS.common;
  const [status, setStatus] = useState(1);
  const { page, pagination, reset } = usePaging(5);
  const list = useEndpoint(identity.operatorIdentityList, { ...page, status: status >= 0 ? status : undefined });
  const may = useMayCall();
  const notify = useNotify();
  const review = useAction(identity.operatorIdentityReview, [identity.operatorIdentityList]);
  const [acting, setActing] = useState<{ approve: boolean; row: Row } | null>(null);

  return (
    <Screen
      title={STRINGS.screens.identity}
      subtitle={T.subtitle}
      testId="screen-identity"
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => list.refetch()}>
          {C.refresh}
        </Button>
      }
    >
      <Section>
        <Space direction="vertical" style={{ width: '100%' }} size={12}>
          <Segmented
            value={status}
            onChange={(value) => {
              setStatus(Number(value));
              reset();
            }}
            options={[
              { label: T.pending, value: 1 },
              { label: T.passed, value: 2 },
              { label: T.rejected, value: 3 },
              { label: C.all, value: -1 },
            ]}
          />
          {list.error ? <LoadError error={list.error} onRetry={() => list.refetch()} /> : null}
          <Table<Row>
            rowKey="id"
            loading={list.isFetching}
            dataSource={list.data?.rows ?? []}
            pagination={pagination(list.data?.total)}
            scroll={{ x: 1080 }}
            locale={{ emptyText: C.empty }}
            columns={[
              {
                title: C.customer,
                dataIndex: 'userAccount',
                width: 200,
                render: (value: string, row) => (
                  <Space direction="vertical" size={0}>
                    <span>{value}</span>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {T.submitted} {formatTime(row.submitTime)}
                    </Typography.Text>
                  </Space>
                ),
              },
              {
                title: T.level,
                width: 170,
                render: (_, row) => (
                  <Space direction="vertical" size={0}>
                    <Tag color={row.authLevel === 0 ? 'blue' : 'purple'}>
                      {row.authLevel === 0 ? T.basic : T.advanced}
                    </Tag>
                    <span>{T.methods[row.authMethod] ?? row.authMethod}</span>
                  </Space>
                ),
              },
              {
                title: `${T.realName} / ${T.idNumber}`,
                width: 300,
                render: (_, row) => (
                  <Descriptions size="small" column={1} colon>
                    <Descriptions.Item label={T.realName}>{row.realName || '—'}</Descriptions.Item>
                    <Descriptions.Item label={T.idNumber}>
                      <span className="mono" style={{ whiteSpace: 'nowrap' }}>
                        {row.idNumber || '—'}
                      </span>
                    </Descriptions.Item>
                  </Descriptions>
                ),
              },
              {
                title: T.photos,
                width: 330,
                render: (_, row) => (
                  <Image.PreviewGroup>
                    <Space size={8}>
                      {row.img1Key ? <PrivatePhoto imageKey={row.img1Key} label={T.front} /> : null}
                      {row.img2Key ? <PrivatePhoto imageKey={row.img2Key} label={T.back} /> : null}
                      {row.img3Key ? <PrivatePhoto imageKey={row.img3Key} label={T.selfie} /> : null}
                    </Space>
                  </Image.PreviewGroup>
                ),
              },
              {
                title: C.status,
                width: 170,
                fixed: 'right',
                render: (_, row) =>
                  row.status === 1 && may(identity.operatorIdentityReview) ? (
                    <Space>
                      <Button
                        type="primary"
                        size="small"
                        onClick={() => setActing({ approve: true, row })}
                        data-testid={`identity-approve-${row.id}`}
                      >
                        {C.approve}
                      </Button>
                      <Button danger size="small" onClick={() => setActing({ approve: false, row })}>
                        {C.reject}
                      </Button>
                    </Space>
                  ) : (
                    <Space direction="vertical" size={0}>
                      <StatusTag status={row.status} styles={STATUS} />
                      {row.reason ? (
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {row.reason}
                        </Typography.Text>
                      ) : null}
                    </Space>
                  ),
              },
            ]}
          />
        </Space>
      </Section>
      <ReasonModal
        open={acting !== null}
        title={acting?.approve ? T.approveTitle : T.rejectTitle}
        okText={acting?.approve ? C.approve : C.reject}
        danger={acting?.approve === false}
        reasonRequired={acting?.approve === false}
        reasonLabel={acting?.approve === false ? T.rejectReason : undefined}
        onCancel={() => setActing(null)}
        onSubmit={async (reason) => {
          if (!acting) return;
          await review.mutateAsync({ body: { id: acting.row.id, approve: acting.approve ? 1 : 0, reason } });
          notify.done(acting.approve ? T.approved : T.rejectedDone);
          setActing(null);
        }}
      >
        {acting ? (
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={C.customer}>{acting.row.userAccount}</Descriptions.Item>
            <Descriptions.Item label={T.level}>{acting.row.authLevel === 0 ? T.basic : T.advanced}</Descriptions.Item>
            <Descriptions.Item label={T.realName}>{acting.row.realName || '—'}</Descriptions.Item>
            <Descriptions.Item label={T.idNumber}>{acting.row.idNumber || '—'}</Descriptions.Item>
          </Descriptions>
        ) : null}
      </ReasonModal>
    </Screen>
  );
}
