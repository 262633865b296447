import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { TimelineItem } from '../lib/timeline';

/** Within this many pixels of the end the list counts as "at the newest message". */
const BOTTOM_SLACK_PX = 64;
/** Within this many pixels of the top the next older page is fetched. */
const TOP_SLACK_PX = 240;

function isMine(item: TimelineItem | undefined): boolean {
  return item?.kind === 'outgoing' || (item?.kind === 'message' && item.message.sender === 'customer');
}

/**
 * The chat list's scrolling: it opens at the newest message and stays there while the customer is
 * there (new messages, a growing composer, a picture's height arriving); a message of theirs always
 * brings it down. Scrolled up, a message from support does not move the list but counts as unseen (the
 * "new messages" chip). Older pages added above keep what the customer is reading in place. Near the
 * top, `onNearTop` asks for the next older page.
 */
export function useChatScroll(
  scroller: RefObject<HTMLDivElement | null>,
  items: TimelineItem[],
  onNearTop: () => void,
) {
  const [atBottom, setAtBottom] = useState(true);
  const atBottomRef = useRef(true);
  const [unseen, setUnseen] = useState(0);
  const previous = useRef<{ first: string | undefined; last: string | undefined; height: number }>({
    first: undefined,
    last: undefined,
    height: 0,
  });
  const nearTop = useRef(onNearTop);
  nearTop.current = onNearTop;

  const toBottom = useCallback(
    (smooth = false) => {
      const element = scroller.current;
      if (!element) return;
      if (smooth && typeof element.scrollTo === 'function') {
        element.scrollTo({ top: element.scrollHeight, behavior: 'smooth' });
      } else {
        element.scrollTop = element.scrollHeight;
      }
      atBottomRef.current = true;
      setAtBottom(true);
      setUnseen(0);
    },
    [scroller],
  );

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const first = items[0]?.key;
    const last = items[items.length - 1]?.key;
    const before = previous.current;
    if (before.last === undefined) {
      if (last !== undefined) toBottom();
    } else if (first !== before.first && last === before.last) {
      // Older messages above: keep the same message under the customer's eyes.
      element.scrollTop += element.scrollHeight - before.height;
    } else if (last !== before.last) {
      const newest = items[items.length - 1];
      if (atBottomRef.current || isMine(newest)) toBottom();
      else if (newest?.kind === 'message') setUnseen((count) => count + 1);
    }
    previous.current = { first, last, height: element.scrollHeight };
  }, [items, scroller, toBottom]);

  // The list's box changes (the composer grows, the keyboard opens): stay at the newest message.
  useEffect(() => {
    const element = scroller.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => {
      if (atBottomRef.current) element.scrollTop = element.scrollHeight;
      previous.current.height = element.scrollHeight;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [scroller]);

  const onScroll = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    const bottom = element.scrollHeight - element.scrollTop - element.clientHeight < BOTTOM_SLACK_PX;
    if (bottom !== atBottomRef.current) {
      atBottomRef.current = bottom;
      setAtBottom(bottom);
    }
    if (bottom) setUnseen(0);
    if (element.scrollTop < TOP_SLACK_PX) nearTop.current();
  }, [scroller]);

  /** A picture's height arrived: stay at the newest message if the customer is there. */
  const onMediaLoad = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    if (atBottomRef.current) element.scrollTop = element.scrollHeight;
    previous.current.height = element.scrollHeight;
  }, [scroller]);

  return { atBottom, unseen, onScroll, onMediaLoad, toBottom };
}
