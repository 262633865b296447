import { useQueryClient } from '@tanstack/react-query';
import { DownOutline } from 'antd-mobile-icons';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionToken } from '../../../shared/api/customer-keys';
import { compressImage } from '../../../shared/images/image-compression';
import { useUpload } from '../../../shared/images/image-upload';
import { privateTopic } from '../../../shared/realtime/topics';
import { useTopic } from '../../../shared/realtime/use-topic';
import { LoadFailed } from '../../../shared/ui/LoadFailed';
import { Skeleton } from '../../../shared/ui/Skeleton';
import { supportUnreadKey, type SupportUnread } from '../../../shared/account/api/support-unread';
import { fetchNewestMessages, useSupportMessages } from '../api/support-messages';
import { useSupportSend } from '../api/support-send';
import { useSupportMarkRead, useSupportUnread } from '../api/support-unread';
import { checkPickedImage, PICK_BYTES_MAX } from '../lib/composer';
import { failureOf } from '../lib/refusal';
import {
  buildTimeline,
  mergeMessages,
  newestOwnId,
  newestStaffId,
  patchOutgoing,
  type Outgoing,
  type Refusal,
  type SupportMessage,
} from '../lib/timeline';
import { DaySeparator, MessageBubble, OutgoingBubble } from './Bubbles';
import { Composer } from './Composer';
import { ImageView } from './ImageView';
import { ChatIntro } from './Intro';
import { useChatScroll } from './use-chat-scroll';
import { useDocumentVisible } from './use-document-visible';

let localSequence = 0;
const nextLocalId = () => `local-${Date.now()}-${(localSequence += 1)}`;

/**
 * The conversation of a logged-in customer: the history (older pages as they scroll up), messages
 * arriving live on `private:support`, and theirs on the way; the composer at the bottom. Support's
 * messages count as read once the newest is on screen while the page is visible.
 */
export function Chat() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const token = useSessionToken();
  const history = useSupportMessages();
  const unread = useSupportUnread();
  const markRead = useSupportMarkRead();
  const send = useSupportSend();
  const upload = useUpload();
  const visible = useDocumentVisible();

  /** Confirmed messages that are not in the history pages: live ones, answers to sends, a catch-up. */
  const [live, setLive] = useState<SupportMessage[]>([]);
  const [outgoing, setOutgoing] = useState<Outgoing[]>([]);
  const [draft, setDraft] = useState('');
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);

  const messages = useMemo(
    () => mergeMessages(...(history.data?.pages.map((page) => page.rows) ?? []), live),
    [history.data, live],
  );
  const timeline = useMemo(() => buildTimeline(messages, outgoing, Date.now()), [messages, outgoing]);

  const scroller = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = history;
  const loadOlder = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const { atBottom, unseen, onScroll, onMediaLoad, toBottom } = useChatScroll(scroller, timeline, loadOlder);

  const addLive = useCallback((arrived: SupportMessage[]) => {
    if (arrived.length > 0) setLive((list) => mergeMessages(list, arrived));
  }, []);

  // Live: support's replies and my own messages from another device; the unread count and read marks.
  useTopic(privateTopic('support'), (event) => {
    if (event.kind === 'message') addLive([event.message]);
    const seen = event.kind === 'read' && event.side === 'staff' ? event.readUpTo : 0;
    queryClient.setQueryData<SupportUnread>(supportUnreadKey(token), (old) =>
      old ? { ...old, unreadCount: event.unreadCount, staffReadUpTo: Math.max(old.staffReadUpTo, seen) } : old,
    );
  });

  // Back on screen (the phone slept, another tab): fetch the newest page, in case the socket missed some.
  const wasVisible = useRef(visible);
  const { refetch: refetchUnread } = unread;
  useEffect(() => {
    if (visible && !wasVisible.current) {
      fetchNewestMessages().then(addLive, () => undefined);
      void refetchUnread();
    }
    wasVisible.current = visible;
  }, [visible, addLive, refetchUnread]);

  // Read: support's newest message is on screen, the page is visible, and something is unread.
  const staffNewest = newestStaffId(messages);
  const unreadCount = unread.data?.unreadCount ?? 0;
  const markedUpTo = useRef(0);
  const { mutate: mark } = markRead;
  useEffect(() => {
    if (!atBottom || !visible || unreadCount === 0 || staffNewest <= markedUpTo.current) return;
    markedUpTo.current = staffNewest;
    mark(staffNewest);
  }, [atBottom, visible, unreadCount, staffNewest, mark]);

  const update = (localId: string, patch: Partial<Outgoing>) =>
    setOutgoing((list) => patchOutgoing(list, localId, patch));
  const remove = (localId: string) => setOutgoing((list) => list.filter((item) => item.localId !== localId));
  const fail = (localId: string, error: unknown) => {
    const failure = failureOf(error);
    update(localId, { state: 'failed', error: failure });
    setRefusal(failure);
  };

  /** Sends a prepared message; on success it becomes a confirmed one, on failure it stays with why. */
  const deliver = async (item: Outgoing) => {
    if (item.kind === 'image' && item.imageKey === null) return;
    update(item.localId, { state: 'sending', error: null });
    try {
      const message = await send.mutateAsync(
        item.kind === 'text' ? { text: item.text } : { imageKey: item.imageKey ?? '' },
      );
      addLive([message]);
      remove(item.localId);
      setRefusal(null);
    } catch (error) {
      fail(item.localId, error);
    }
  };

  /** A picture: compressed in the browser (once), uploaded (once), then sent. */
  const prepareImage = async (item: Extract<Outgoing, { kind: 'image' }>, file?: File) => {
    let { preview, imageKey } = item;
    if (preview === '') {
      if (!file) return;
      try {
        preview = (await compressImage(file)).dataUrl;
      } catch {
        remove(item.localId);
        setRefusal({ key: 'support.image_unreadable' });
        return;
      }
      update(item.localId, { preview });
    }
    if (imageKey === null) {
      update(item.localId, { state: 'uploading', error: null });
      try {
        imageKey = (await upload.mutateAsync(preview)).key;
      } catch (error) {
        fail(item.localId, error);
        return;
      }
      update(item.localId, { imageKey });
    }
    await deliver({ ...item, preview, imageKey });
  };

  const sendText = (text: string) => {
    const item: Outgoing = {
      localId: nextLocalId(),
      createdAt: Date.now(),
      state: 'sending',
      error: null,
      kind: 'text',
      text,
    };
    setOutgoing((list) => [...list, item]);
    setDraft('');
    void deliver(item);
  };

  const pickImage = (file: File) => {
    const problem = checkPickedImage(file);
    if (problem !== null) {
      setRefusal(
        problem === 'not_image'
          ? { key: 'support.image_type' }
          : { key: 'support.image_too_large', params: { max: PICK_BYTES_MAX / 1024 / 1024 } },
      );
      return;
    }
    setRefusal(null);
    const item: Extract<Outgoing, { kind: 'image' }> = {
      localId: nextLocalId(),
      createdAt: Date.now(),
      state: 'compressing',
      error: null,
      kind: 'image',
      preview: '',
      imageKey: null,
    };
    setOutgoing((list) => [...list, item]);
    void prepareImage(item, file);
  };

  const retry = (item: Outgoing) => {
    setRefusal(null);
    if (item.kind === 'image') void prepareImage(item);
    else void deliver(item);
  };

  const staffReadUpTo = unread.data?.staffReadUpTo ?? 0;
  const ownNewest = newestOwnId(messages);
  const empty = messages.length === 0 && outgoing.length === 0;

  return (
    <div className="sp-chat">
      <div className="sp-scroll-area">
        <div
          className="sp-scroller"
          ref={scroller}
          onScroll={onScroll}
          role="log"
          aria-live="polite"
          aria-label={t('support.conversation')}
          data-testid="support-conversation"
        >
          {history.isPending ? (
            <ChatSkeleton />
          ) : history.isError && messages.length === 0 ? (
            <div className="card sp-failed-load">
              <LoadFailed onRetry={() => void history.refetch()} />
            </div>
          ) : (
            <>
              <div className="sp-history-top">
                {hasNextPage ? (
                  isFetchingNextPage ? (
                    <span className="spinner spinner--small" role="status" aria-label={t('common.loading')} />
                  ) : (
                    <button
                      type="button"
                      className="sp-load-older"
                      onClick={loadOlder}
                      data-testid="support-load-older"
                    >
                      {t('support.load_earlier')}
                    </button>
                  )
                ) : messages.length > 0 ? (
                  <span className="sp-history-start">{t('support.conversation_start')}</span>
                ) : null}
              </div>
              {empty ? <ChatIntro /> : null}
              <ol className="sp-list" data-testid="support-messages">
                {timeline.map((item) => {
                  if (item.kind === 'day') return <DaySeparator key={item.key} label={item.label} />;
                  if (item.kind === 'message') {
                    return (
                      <MessageBubble
                        key={item.key}
                        message={item.message}
                        runStart={item.runStart}
                        seen={item.message.id === ownNewest && staffReadUpTo >= item.message.id}
                        onOpenImage={setViewing}
                        onMediaLoad={onMediaLoad}
                      />
                    );
                  }
                  return (
                    <OutgoingBubble
                      key={item.key}
                      item={item.outgoing}
                      onRetry={() => retry(item.outgoing)}
                      onRemove={() => remove(item.outgoing.localId)}
                      onMediaLoad={onMediaLoad}
                    />
                  );
                })}
              </ol>
            </>
          )}
        </div>
        {unseen > 0 && !atBottom ? (
          <button
            type="button"
            className="sp-new-chip"
            onClick={() => toBottom(true)}
            data-testid="support-new-messages"
          >
            {t('support.new_messages')}
            <DownOutline aria-hidden="true" />
          </button>
        ) : null}
      </div>
      <Composer
        draft={draft}
        onDraft={(text) => {
          setDraft(text);
          if (refusal) setRefusal(null);
        }}
        onSend={sendText}
        onPickImage={pickImage}
        refusal={refusal}
      />
      {viewing ? <ImageView src={viewing} onClose={() => setViewing(null)} /> : null}
    </div>
  );
}

/** Bubbles on both sides while the history loads. */
function ChatSkeleton() {
  return (
    <div className="sp-skeleton" role="status" aria-busy="true" data-testid="support-loading">
      {[
        ['theirs', '62%'],
        ['mine', '48%'],
        ['theirs', '70%'],
        ['mine', '36%'],
      ].map(([side, width], index) => (
        <div className={`sp-skeleton__row sp-skeleton__row--${side}`} key={index}>
          <Skeleton width={width} height={40} radius={16} />
        </div>
      ))}
    </div>
  );
}
