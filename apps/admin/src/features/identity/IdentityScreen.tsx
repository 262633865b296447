import { identity, type AnswerOf } from '@kestrel/contract';
import { Descriptions, Image, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { fetchPrivateBlob } from '../../shared/api/call';
import { useAction, useEndpoint } from '../../shared/api/queries';
import { useMayCall } from '../../shared/api/use-session';
import { formatTime } from '../../shared/format/format';
import { Note } from '../../shared/ui/Note';
import { ListScreen } from '../../shared/ui/ListScreen';
import { ReviewButtons, ReviewDialog, useReview } from '../../shared/ui/ReviewDialog';
import { StatusFilter, statusOptions, useStatusFilter } from '../../shared/ui/StatusFilter';
import { StatusWithReason } from '../../shared/ui/StatusTag';
import { RefreshButton } from '../../shared/ui/buttons';
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
  const filter = useStatusFilter(1, 5);
  const list = useEndpoint(identity.operatorIdentityList, filter.query);
  const may = useMayCall();
  const submitReview = useAction(identity.operatorIdentityReview, [identity.operatorIdentityList]);
  const reviewing = useReview<Row>();

  return (
    <ListScreen<Row>
      subtitle={T.subtitle}
      extra={<RefreshButton onClick={() => list.refetch()} />}
      toolbar={<StatusFilter filter={filter} options={statusOptions(STATUS, [1, 2, 3])} />}
      read={list}
      paging={filter.paging}
      scroll={{ x: 1080 }}
      columns={[
        {
          title: C.customer,
          dataIndex: 'userAccount',
          width: 200,
          render: (value: string, row) => (
            <Space direction="vertical" size={0}>
              <span>{value}</span>
              <Note>
                {T.submitted} {formatTime(row.submitTime)}
              </Note>
            </Space>
          ),
        },
        {
          title: T.level,
          width: 170,
          render: (_, row) => (
            <Space direction="vertical" size={0}>
              <Tag color={row.authLevel === 0 ? 'blue' : 'purple'}>{row.authLevel === 0 ? T.basic : T.advanced}</Tag>
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
              <ReviewButtons row={row} start={reviewing.start} approveTestId={`identity-approve-${row.id}`} />
            ) : (
              <StatusWithReason status={row.status} styles={STATUS} reason={row.reason} />
            ),
        },
      ]}
    >
      <ReviewDialog<Row>
        reviewing={reviewing}
        title={{ approve: T.approveTitle, reject: T.rejectTitle }}
        done={{ approve: T.approved, reject: T.rejectedDone }}
        rejectReasonLabel={T.rejectReason}
        onApprove={(row, reason) => submitReview.mutateAsync({ body: { id: row.id, approve: 1, reason } })}
        onReject={(row, reason) => submitReview.mutateAsync({ body: { id: row.id, approve: 0, reason } })}
        facts={(row) => [
          [C.customer, row.userAccount],
          [T.level, row.authLevel === 0 ? T.basic : T.advanced],
          [T.realName, row.realName || '—'],
          [T.idNumber, row.idNumber || '—'],
        ]}
      />
    </ListScreen>
  );
}
