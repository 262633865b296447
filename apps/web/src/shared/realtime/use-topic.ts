import { useEffect, useRef } from 'react';
import { realtime } from './realtime';
import type { Topic } from './topics';

/**
 * Listens to one topic while the component is mounted. `topic` null means "nothing yet" (for example
 * before a product is chosen). The latest `onMessage` is always called, without resubscribing.
 */
export function useTopic<Message>(topic: Topic<Message> | null, onMessage: (message: Message) => void): void {
  const latest = useRef(onMessage);
  latest.current = onMessage;
  useEffect(() => {
    if (topic === null) return undefined;
    // The server sends what the topic's name promises; the Topic brand carries that promise.
    return realtime.subscribe(topic, (data) => latest.current(data as Message));
  }, [topic]);
}
