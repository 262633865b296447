import type { Kysely } from 'kysely';
import type { messages } from '@kestrel/contract';
import type { Database } from '../../db/schema';
import { privateOwner, type RealtimeHub } from '../../realtime/hub';
import { unreadCounts } from './message-repository';

/**
 * Pushes each new site message to its owner on `private:messages`, with the owner's unread count, so
 * the red dot changes without a request.
 *
 * Messages are written inside other features' transactions, so nothing here is called by a writer:
 * a poll (every PUSH_INTERVAL_MS) reads the rows committed since the last one, which also works when
 * the writer is another process on the same PostgreSQL. It reads by id: rows above the highest id
 * seen, a page at a time. On PostgreSQL a lower id can commit after a higher one (ids are drawn when
 * the insert runs, not at commit), so every id skipped over is watched for GAP_WATCH_POLLS polls and
 * pushed if it appears; ids that never appear (a rolled-back event, an insert that met the unique key)
 * stop being watched. Both the page and the watched set are bounded. Messages that exist when the
 * server starts are not pushed: the app reads them with the list.
 */

export const PUSH_INTERVAL_MS = 500;
/** New rows one poll reads at most; a longer backlog continues in the next poll. */
export const PUSH_PAGE = 500;
/** Polls a skipped id is watched for (about 10 s). */
export const GAP_WATCH_POLLS = 20;
/** Skipped ids watched at most; the oldest are dropped first. */
export const GAPS_MAX = 2_000;

interface PushRow {
  id: number;
  user_id: number;
  book: 'real' | 'demo';
  kind: string;
  reference: string;
  title: string;
  created_at: number;
}

export class MessagePusher {
  /** The highest id seen; null until start() has read where the table stands. */
  private highWater: number | null = null;
  /** Skipped id -> the poll number it was first skipped at. Insertion order is age order. */
  private readonly gaps = new Map<number, number>();
  private polls = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly hub: RealtimeHub,
  ) {}

  /** Reads where the table stands: only messages after this are pushed. */
  async start(): Promise<void> {
    const row = await this.db
      .selectFrom('site_message')
      .select((select) => select.fn.max('id').as('id'))
      .executeTakeFirst();
    this.highWater = row?.id === null || row?.id === undefined ? 0 : Number(row.id);
  }

  /** One poll: answers how many messages were pushed to a listening owner. */
  async poll(): Promise<number> {
    if (this.highWater === null) await this.start();
    this.polls += 1;
    const found = [...(await this.readFresh()), ...(await this.readGaps())];
    this.expireGaps();
    return this.push(found);
  }

  private columns() {
    return this.db
      .selectFrom('site_message')
      .select(['id', 'user_id', 'book', 'kind', 'reference', 'title', 'created_at']);
  }

  private async readFresh(): Promise<PushRow[]> {
    const from = this.highWater ?? 0;
    const rows = (await this.columns().where('id', '>', from).orderBy('id').limit(PUSH_PAGE).execute()) as PushRow[];
    const last = rows.at(-1);
    if (!last) return rows;
    // Ids skipped over may still commit: watch them, at most the newest GAPS_MAX.
    const present = new Set(rows.map((row) => row.id));
    for (let id = Math.max(from + 1, last.id - GAPS_MAX); id < last.id; id += 1) {
      if (!present.has(id)) this.watchGap(id);
    }
    this.highWater = last.id;
    return rows;
  }

  private watchGap(id: number): void {
    this.gaps.set(id, this.polls);
    while (this.gaps.size > GAPS_MAX) this.gaps.delete(this.gaps.keys().next().value!);
  }

  private async readGaps(): Promise<PushRow[]> {
    if (this.gaps.size === 0) return [];
    const rows = (await this.columns()
      .where('id', 'in', [...this.gaps.keys()])
      .execute()) as PushRow[];
    for (const row of rows) this.gaps.delete(row.id);
    return rows;
  }

  private expireGaps(): void {
    for (const [id, firstPoll] of this.gaps) {
      if (this.polls - firstPoll < GAP_WATCH_POLLS) break; // insertion order: the rest are younger
      this.gaps.delete(id);
    }
  }

  private async push(rows: PushRow[]): Promise<number> {
    const listening = rows.filter((row) =>
      this.hub.hasPrivateSubscribers(privateOwner(row.user_id, row.book), 'messages'),
    );
    if (listening.length === 0) return 0;
    const counts = await unreadCounts(this.db, [...new Set(listening.map((row) => row.user_id))]);
    for (const row of listening) {
      const message: messages.SiteMessagePush = {
        siteMessageId: row.id,
        kind: row.kind,
        reference: row.reference,
        title: row.title,
        createTime: Number(row.created_at),
        demo: row.book === 'demo' ? 1 : 0,
        notReadMessageCount: counts.get(row.user_id) ?? 0,
      };
      this.hub.publishPrivate(privateOwner(row.user_id, row.book), 'messages', message);
    }
    return listening.length;
  }
}
