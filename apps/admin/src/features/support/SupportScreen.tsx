import { support, type AnswerOf } from '@kestrel/contract';
import { SendOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Card, Empty, Input, List, Space, Switch, Tag, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { errorText } from '../../shared/api/errors';
import { endpointKey, useAction, useEndpoint } from '../../shared/api/queries';
import { formatTime } from '../../shared/format/format';
import { useStaffEvents } from '../../shared/realtime/staff-socket';
import { LoadError, Screen } from '../../shared/ui/Screen';
import { STRINGS, SUPPORT_STRINGS as T } from '../../shared/strings';

type Conversation = AnswerOf<typeof support.operatorSupportConversations>;
type Message = AnswerOf<typeof support.operatorSupportMessages>;

function Conversation(props: { conversation: Conversation; live: boolean }) {
  const { conversation } = props;
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const messages = useEndpoint(
    support.operatorSupportMessages,
    { conversationId: conversation.id, pageSize: 50 },
    { refetchInterval: props.live ? false : 4000 },
  );
  const send = useAction(support.operatorSupportSend, [
    support.operatorSupportMessages,
    support.operatorSupportConversations,
  ]);
  const markRead = useAction(support.operatorSupportMarkRead, [
    support.operatorSupportConversations,
    support.operatorSupportUnreadCount,
  ]);
  const rows: Message[] = useMemo(() => messages.data?.rows ?? [], [messages.data]);
  const bottom = useRef<HTMLDivElement>(null);
  const newest = rows[rows.length - 1]?.id ?? 0;

  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [newest]);
  // Reading the conversation marks the customer's messages read.
  useEffect(() => {
    if (conversation.staffUnreadCount > 0 && newest > 0) markRead.mutate({ body: { conversationId: conversation.id } });
  }, [conversation.id, newest, conversation.staffUnreadCount]);

  const submit = async () => {
    const text = draft.trim();
    if (!text) return;
    setError(null);
    try {
      await send.mutateAsync({ body: { conversationId: conversation.id, text } });
      setDraft('');
      void queryClient.invalidateQueries({ queryKey: endpointKey(support.operatorSupportMessages) });
    } catch (failure) {
      setError(errorText(failure));
    }
  };

  return (
    <Card
      className="chat-panel"
      title={
        <Space>
          <span data-testid="chat-contact">{conversation.contact}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            #{conversation.userId}
          </Typography.Text>
        </Space>
      }
      extra={<Tag color={props.live ? 'green' : 'default'}>{props.live ? T.live : T.polling}</Tag>}
      size="small"
    >
      <div className="chat-messages" data-testid="chat-messages">
        {messages.error ? <LoadError error={messages.error} onRetry={() => messages.refetch()} /> : null}
        {rows.length === 0 && !messages.isLoading ? <Empty description={T.noMessages} /> : null}
        {rows.map((message) => (
          <div
            key={message.id}
            className={`chat-bubble ${message.sender}`}
            data-testid={`chat-message-${message.sender}`}
          >
            {message.kind === 'image' ? (
              <a href={message.imageUrl} target="_blank" rel="noreferrer">
                <img src={message.imageUrl} alt={T.image} style={{ maxWidth: 220, borderRadius: 6 }} />
              </a>
            ) : (
              message.text
            )}
            <div className="meta">
              {message.sender === 'staff' ? message.staffUsername : T.you} · {formatTime(message.createdAt)}
            </div>
          </div>
        ))}
        <div ref={bottom} />
      </div>
      {error ? <Alert type="error" showIcon message={error} banner /> : null}
      <div className="chat-compose">
        <Input.TextArea
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          autoSize={{ minRows: 1, maxRows: 4 }}
          maxLength={support.SUPPORT_TEXT_MAX}
          placeholder={T.placeholder}
          onPressEnter={(event) => {
            if (!event.shiftKey) {
              event.preventDefault();
              void submit();
            }
          }}
          data-testid="chat-input"
        />
        <Button
          type="primary"
          icon={<SendOutlined />}
          onClick={submit}
          loading={send.isPending}
          data-testid="chat-send"
        >
          {T.send}
        </Button>
      </div>
    </Card>
  );
}

export default function SupportScreen() {
  const C = STRINGS.common;
  const queryClient = useQueryClient();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [selected, setSelected] = useState<number | null>(null);
  const live = useStaffEvents(() => {
    void queryClient.invalidateQueries({ queryKey: endpointKey(support.operatorSupportConversations) });
    void queryClient.invalidateQueries({ queryKey: endpointKey(support.operatorSupportMessages) });
  });
  const list = useEndpoint(
    support.operatorSupportConversations,
    { pageNum: 1, pageSize: 50, unreadOnly: unreadOnly ? 1 : 0 },
    { refetchInterval: live ? 30_000 : 5000 },
  );
  const rows = list.data?.rows ?? [];
  const current = rows.find((row) => row.id === selected) ?? null;

  return (
    <Screen subtitle={T.subtitle}>
      <div className="chat-layout">
        <Card
          size="small"
          className="chat-list"
          title={`${list.data?.total ?? 0} conversations`}
          extra={
            <Space>
              <Typography.Text type="secondary">{T.unreadOnly}</Typography.Text>
              <Switch size="small" checked={unreadOnly} onChange={setUnreadOnly} />
            </Space>
          }
        >
          {list.error ? <LoadError error={list.error} onRetry={() => list.refetch()} /> : null}
          <List
            loading={list.isLoading}
            dataSource={rows}
            locale={{ emptyText: C.empty }}
            renderItem={(row) => (
              <List.Item
                className={`conversation-item ${row.id === selected ? 'active' : ''}`}
                onClick={() => setSelected(row.id)}
                data-testid={`conversation-${row.userId}`}
              >
                <List.Item.Meta
                  title={
                    <Space style={{ width: '100%', justifyContent: 'space-between' }}>
                      <span>{row.contact}</span>
                      <Badge count={row.staffUnreadCount} size="small" />
                    </Space>
                  }
                  description={
                    <Space direction="vertical" size={0} style={{ width: '100%' }}>
                      <Typography.Text type="secondary" ellipsis style={{ maxWidth: 270 }}>
                        {row.lastSender === 'staff' ? '↩ ' : ''}
                        {row.lastPreview || T.image}
                      </Typography.Text>
                      <Typography.Text type="secondary" style={{ fontSize: 11 }}>
                        {formatTime(row.lastMessageAt)}
                      </Typography.Text>
                    </Space>
                  }
                />
              </List.Item>
            )}
          />
        </Card>
        {current ? (
          <Conversation key={current.id} conversation={current} live={live} />
        ) : (
          <Card className="chat-panel" size="small">
            <div style={{ margin: 'auto', padding: 40 }}>
              <Empty description={T.noConversation} />
            </div>
          </Card>
        )}
      </div>
    </Screen>
  );
}
