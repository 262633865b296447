import { sql, type Kysely } from 'kysely';
import { ACCOUNT_TYPE } from '@kestrel/contract';
import type { Database } from '../../db/schema';
import type { DialectName } from '../../db/connection';
import type { Once } from '../../core/idempotency';
import { refuse } from '../../core/errors';
import { recordAudit } from '../staff/audit';
import { parseTranslations } from '../language/language-packs';
import { languageOr } from './customer-language';
import { checkLanguageTexts, textIn, type LanguageTexts } from './language-texts';
import { siteMessageRow } from './site-message-writer';

/**
 * An operator's broadcast: one site message per recipient (every real customer, or one), each in the
 * recipient's language (English where the operator left that language blank). Content is plain text,
 * shown as text, never as HTML.
 *
 * The request records the broadcast and its audit line in one transaction (idempotent: a retried
 * request gets the first answer and creates nothing); delivery then runs in batches of
 * BROADCAST_BATCH customers, each batch one transaction that inserts the messages and moves the
 * broadcast's cursor past them. Messages are keyed (customer, 'broadcast', `broadcast:<id>`), so a
 * batch run twice (a crash between commit and answer, two runners) writes nothing twice. A delivery
 * cut off by a restart is finished by the resume job (BROADCAST_RESUME_MS).
 */

export const BROADCAST_BATCH = 500;
/** Batches one delivery call runs at most (5,000,000 customers); the resume job continues after it. */
export const BROADCAST_BATCHES_PER_CALL = 10_000;
/** How often unfinished broadcasts are looked for, and how many per look. */
export const BROADCAST_RESUME_MS = 30_000;
export const BROADCASTS_PER_RESUME = 10;

export interface BroadcastInput {
  userId?: number | undefined;
  titleLang: Record<string, string>;
  contentLang: Record<string, string>;
  reason: string;
}

/** Records the broadcast (not yet delivered); answers its id and how many customers it addresses. */
export async function createBroadcast(
  db: Kysely<Database>,
  staffId: number,
  input: BroadcastInput,
  request: { once: Once; now: number },
): Promise<{ broadcastId: number; recipients: number }> {
  const texts = checkLanguageTexts(input.titleLang, input.contentLang, (text) => text);
  if (input.userId !== undefined) {
    const customer = await db
      .selectFrom('user_account')
      .select('id')
      .where('id', '=', input.userId)
      .where('account_type', '=', ACCOUNT_TYPE.real)
      .executeTakeFirst();
    if (!customer) refuse('error.broadcast_recipient_not_found');
  }
  const now = request.now;
  return request.once(async (transaction) => {
    const inserted = await transaction
      .insertInto('site_broadcast')
      .values({
        title_lang: JSON.stringify(texts.titles),
        content_lang: JSON.stringify(texts.contents),
        target_user_id: input.userId ?? null,
        staff_id: staffId,
        reason: input.reason,
        cursor_user_id: 0,
        recipients: 0,
        created_at: now,
        finished_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(
      transaction,
      {
        staffId,
        action: 'site_message.broadcast',
        targetType: input.userId === undefined ? 'all_customers' : 'customer',
        targetId: input.userId ?? inserted.id,
        reason: input.reason,
        entryId: null,
      },
      now,
    );
    const recipients =
      input.userId !== undefined
        ? 1
        : Number(
            (
              await transaction
                .selectFrom('user_account')
                .select(sql<number>`count(*)`.as('total'))
                .where('account_type', '=', ACCOUNT_TYPE.real)
                .executeTakeFirstOrThrow()
            ).total,
          );
    return { broadcastId: inserted.id, recipients };
  });
}

/** Delivers a broadcast to the rest of its recipients, batch by batch; answers the messages written. */
export async function deliverBroadcast(
  database: { db: Kysely<Database>; dialect: DialectName },
  broadcastId: number,
  clock: () => number,
): Promise<number> {
  let written = 0;
  for (let batch = 0; batch < BROADCAST_BATCHES_PER_CALL; batch += 1) {
    const step = await deliverBatch(database, broadcastId, clock());
    written += step.written;
    if (step.finished) break;
  }
  return written;
}

/** One batch in one transaction: the broadcast's row locked, the next customers after its cursor, their messages, the cursor moved. */
async function deliverBatch(
  { db, dialect }: { db: Kysely<Database>; dialect: DialectName },
  broadcastId: number,
  now: number,
): Promise<{ written: number; finished: boolean }> {
  return db.transaction().execute(async (transaction) => {
    let lookup = transaction.selectFrom('site_broadcast').selectAll().where('id', '=', broadcastId);
    // Two runners of one broadcast take turns per batch (SQLite serializes every write transaction).
    if (dialect === 'postgres') lookup = lookup.forUpdate();
    const broadcast = await lookup.executeTakeFirst();
    if (!broadcast || broadcast.finished_at !== null) return { written: 0, finished: true };
    let customers = transaction
      .selectFrom('user_account')
      .select(['id', 'language'])
      .where('account_type', '=', ACCOUNT_TYPE.real)
      .where('id', '>', broadcast.cursor_user_id)
      .orderBy('id')
      .limit(BROADCAST_BATCH);
    if (broadcast.target_user_id !== null) customers = customers.where('id', '=', broadcast.target_user_id);
    const batch = await customers.execute();
    const titles: LanguageTexts = parseTranslations(broadcast.title_lang);
    const contents: LanguageTexts = parseTranslations(broadcast.content_lang);
    const reference = `broadcast:${broadcast.id}`;
    const rows = batch.map((customer) => {
      const language = languageOr(customer.language);
      return siteMessageRow(
        { userId: customer.id, language, book: 'real' },
        {
          kind: 'broadcast',
          reference,
          params: '{}',
          title: textIn(titles, language),
          content: textIn(contents, language),
        },
        now,
      );
    });
    const inserted =
      rows.length === 0
        ? []
        : await transaction
            .insertInto('site_message')
            .values(rows)
            .onConflict((conflict) => conflict.columns(['user_id', 'kind', 'reference']).doNothing())
            .returning('id')
            .execute();
    const finished = batch.length < BROADCAST_BATCH || broadcast.target_user_id !== null;
    await transaction
      .updateTable('site_broadcast')
      .set({
        cursor_user_id: batch.at(-1)?.id ?? broadcast.cursor_user_id,
        recipients: broadcast.recipients + inserted.length,
        finished_at: finished ? now : null,
      })
      .where('id', '=', broadcast.id)
      .execute();
    return { written: inserted.length, finished };
  });
}

/** Finishes broadcasts a restart cut off (the resume job), oldest first, a few per run. */
export async function resumeBroadcasts(
  database: { db: Kysely<Database>; dialect: DialectName },
  clock: () => number,
): Promise<number> {
  const open = await database.db
    .selectFrom('site_broadcast')
    .select('id')
    .where('finished_at', 'is', null)
    .orderBy('id')
    .limit(BROADCASTS_PER_RESUME)
    .execute();
  let written = 0;
  for (const broadcast of open) written += await deliverBroadcast(database, broadcast.id, clock);
  return written;
}
