import type { Kysely, Selectable } from 'kysely';
import {
  canonicalChainLinkText,
  canonicalEntryText,
  GENESIS_HASH,
  type ActorType,
  type EntryDraft,
} from '@kestrel/domain';
import type { Database, JournalEntryTable, LedgerHeadTable } from '../../db/schema';
import { unitsText } from '../../core/columns';
import { entryHash } from './post-entry';
import { DIFFERENCES_MAX, type ReportDifference } from './differences';

/** Rows read per statement by every walk below: memory stays bounded on a ledger of any size. */
const ROWS_PER_PAGE = 1_000;

/** An account's chain head: how many postings it has and the chain hash of the last one. */
export interface ChainHead {
  count: number;
  hash: string;
}

/** Every account's chain head, read in one statement (the walk below stops at these). */
export async function readChainHeads(db: Kysely<Database>): Promise<Map<number, ChainHead>> {
  const rows = await db
    .selectFrom('ledger_account')
    .select(['id', unitsText('posting_count', 'count'), 'chain_hash'])
    .execute();
  return new Map(rows.map((row) => [row.id, { count: Number(row.count), hash: row.chain_hash }]));
}

type EntryRow = Selectable<JournalEntryTable>;

/** Does the entry's stored hash still cover what the entry and its postings say? */
function entryHashHolds(
  entry: EntryRow,
  postings: readonly { account_id: number; currency_id: number; amount: string }[],
) {
  const draft: EntryDraft = {
    reasonCode: entry.reason_code,
    referenceType: entry.reference_type,
    referenceId: entry.reference_id,
    actorType: entry.actor_type as ActorType,
    actorId: entry.actor_id,
    memo: entry.memo,
    tickId: entry.tick_id,
    tickSource: entry.tick_source,
    postings: postings.map((posting) => ({
      accountId: posting.account_id,
      currencyId: posting.currency_id,
      amount: BigInt(posting.amount),
    })),
  };
  return entryHash(canonicalEntryText(entry.previous_hash, entry.id, Number(entry.created_at), draft)) === entry.hash;
}

/** Walks entries with ids in [fromId, toId] in id order, a page at a time, each with its postings. */
async function walkEntries(
  db: Kysely<Database>,
  range: { fromId: number; toId: number | null },
  visit: (entry: EntryRow, postings: { account_id: number; currency_id: number; amount: string }[]) => void,
): Promise<void> {
  let afterId = range.fromId - 1;
  for (;;) {
    let query = db.selectFrom('journal_entry').selectAll().where('id', '>', afterId);
    if (range.toId !== null) query = query.where('id', '<=', range.toId);
    const entries = await query.orderBy('id').limit(ROWS_PER_PAGE).execute();
    if (entries.length === 0) return;
    const postings = await db
      .selectFrom('posting')
      .select(['entry_id', 'account_id', 'currency_id', unitsText('amount_units', 'amount')])
      .where('entry_id', '>=', entries[0]!.id)
      .where('entry_id', '<=', entries[entries.length - 1]!.id)
      .orderBy('id')
      .execute();
    const byEntry = new Map<number, typeof postings>();
    for (const posting of postings) {
      const list = byEntry.get(posting.entry_id);
      if (list) list.push(posting);
      else byEntry.set(posting.entry_id, [posting]);
    }
    for (const entry of entries) visit(entry, byEntry.get(entry.id) ?? []);
    afterId = entries[entries.length - 1]!.id;
  }
}

/**
 * The chain the ledger had before the account chains (entries below `account_chains_from`): ids without
 * a gap, each entry linked to the one before from genesis, ending at the head row, which stopped moving
 * when the account chains began. Answers how many entries it checked.
 */
export async function checkLegacyChain(
  db: Kysely<Database>,
  head: Selectable<LedgerHeadTable> | undefined,
  report: ReportDifference,
): Promise<number> {
  if (!head) return 0;
  const lastLegacyId = head.account_chains_from - 1;
  let previousHash = GENESIS_HASH;
  let checked = 0;
  await walkEntries(db, { fromId: 1, toId: lastLegacyId }, (entry, postings) => {
    if (entry.id !== checked + 1) report('entry_id_gap', `entry ids jump from ${checked} to ${entry.id}`);
    // Either this entry's link or the previous entry's hash was changed: both are named.
    if (entry.previous_hash !== previousHash)
      report('previous_hash', `entry ${entry.id}: previous hash does not match entry ${entry.id - 1}`, {
        entryIds: [entry.id - 1, entry.id].filter((id) => id > 0),
      });
    if (!entryHashHolds(entry, postings))
      report('entry_hash', `entry ${entry.id}: hash does not match its content`, {
        accountIds: postings.map((posting) => posting.account_id),
        entryIds: [entry.id],
      });
    previousHash = entry.hash;
    checked += 1;
  });
  if (head.last_hash !== previousHash || Number(head.last_entry_id) !== checked || lastLegacyId !== checked)
    report('head', `ledger head (${head.last_entry_id}) does not match the last entry (${checked})`);
  return checked;
}

/**
 * Entries under the account chains: each hash covers the entry and its postings, and each has postings
 * (an entry stripped of them would otherwise pass: its accounts' chains name the postings). Ids may skip
 * (PostgreSQL draws them from a sequence), so a gap is no difference here. Answers how many it checked.
 */
export async function checkEntries(db: Kysely<Database>, fromId: number, report: ReportDifference): Promise<number> {
  let checked = 0;
  await walkEntries(db, { fromId, toId: null }, (entry, postings) => {
    if (entry.previous_hash !== GENESIS_HASH)
      report('previous_hash', `entry ${entry.id}: links to a global predecessor after the account chains began`, {
        entryIds: [entry.id],
      });
    if (postings.length === 0) report('entry_postings', `entry ${entry.id} has no postings`, { entryIds: [entry.id] });
    else if (!entryHashHolds(entry, postings))
      report('entry_hash', `entry ${entry.id}: hash does not match its content`, {
        accountIds: postings.map((posting) => posting.account_id),
        entryIds: [entry.id],
      });
    checked += 1;
  });
  return checked;
}

/**
 * Every account's chain, posting by posting in sequence order up to the head read at the start: the
 * sequence counts up from 1, each link hash is what its previous link, the posting and its entry's hash
 * give, the running balance is right, and the chain ends at the account's head. A posting committed after
 * the heads were read is left for the next run, unless the account's head is still behind it then.
 */
export async function checkAccountChains(
  db: Kysely<Database>,
  heads: ReadonlyMap<number, ChainHead>,
  report: ReportDifference,
): Promise<void> {
  const unlinked = await db
    .selectFrom('posting')
    .select(['id', 'account_id', 'entry_id'])
    .where((eb) => eb.or([eb('account_sequence', 'is', null), eb('chain_hash', 'is', null)]))
    .limit(DIFFERENCES_MAX)
    .execute();
  for (const posting of unlinked)
    report('chain_link', `posting ${posting.id} of account ${posting.account_id} has no place in its chain`, {
      accountIds: [posting.account_id],
      entryIds: [posting.entry_id],
    });

  let walking: { accountId: number; sequence: number; hash: string; balance: bigint } | null = null;
  const postingsPastHead = new Map<number, number>();
  const walked = new Set<number>();
  const finish = () => {
    if (!walking) return;
    const head = heads.get(walking.accountId);
    if (head && (head.count !== walking.sequence || head.hash !== walking.hash))
      report(
        'account_head',
        `account ${walking.accountId}: chain head (${head.count}) does not match its last posting (${walking.sequence})`,
        { accountIds: [walking.accountId] },
      );
  };
  let after = { accountId: 0, sequence: 0 };
  for (;;) {
    const rows = await db
      .selectFrom('posting')
      .leftJoin('journal_entry', 'journal_entry.id', 'posting.entry_id')
      .select([
        'posting.entry_id',
        'posting.account_id',
        unitsText('posting.account_sequence', 'sequence'),
        'posting.chain_hash',
        unitsText('posting.amount_units', 'amount'),
        unitsText('posting.balance_after_units', 'after'),
        'journal_entry.hash as entry_hash',
      ])
      .where('posting.account_sequence', 'is not', null)
      .where((eb) =>
        eb.or([
          eb('posting.account_id', '>', after.accountId),
          eb.and([eb('posting.account_id', '=', after.accountId), eb('posting.account_sequence', '>', after.sequence)]),
        ]),
      )
      .orderBy('posting.account_id')
      .orderBy('posting.account_sequence')
      .limit(ROWS_PER_PAGE)
      .execute();
    if (rows.length === 0) break;
    for (const row of rows) {
      const sequence = Number(row.sequence);
      if (!walking || walking.accountId !== row.account_id) {
        finish();
        walking = { accountId: row.account_id, sequence: 0, hash: GENESIS_HASH, balance: 0n };
        walked.add(row.account_id);
      }
      const head = heads.get(row.account_id);
      if (!head || sequence > head.count) {
        postingsPastHead.set(row.account_id, Math.max(sequence, postingsPastHead.get(row.account_id) ?? 0));
        continue;
      }
      const named = { accountIds: [row.account_id], entryIds: [row.entry_id] };
      if (sequence !== walking.sequence + 1)
        report(
          'chain_link',
          `account ${row.account_id}: posting ${walking.sequence + 1} is missing (next is ${sequence})`,
          named,
        );
      walking.balance += BigInt(row.amount);
      if (walking.balance !== BigInt(row.after))
        report(
          'running_balance',
          `entry ${row.entry_id}: running balance of account ${row.account_id} is ${row.after}, expected ${walking.balance}`,
          named,
        );
      const link = entryHash(
        canonicalChainLinkText({
          previousChainHash: walking.hash,
          accountId: row.account_id,
          accountSequence: sequence,
          entryHash: row.entry_hash ?? '',
          amount: BigInt(row.amount),
          balanceAfter: BigInt(row.after),
        }),
      );
      if (link !== row.chain_hash)
        report('chain_link', `account ${row.account_id}: posting ${sequence} does not link to the one before`, named);
      // Carry on from the stored link, so one changed posting is one difference, not one per later posting.
      walking = { ...walking, sequence, hash: row.chain_hash ?? '' };
      // Keep the running balance from the stored figure for the same reason.
      walking.balance = BigInt(row.after);
    }
    const last = rows[rows.length - 1]!;
    after = { accountId: last.account_id, sequence: Number(last.sequence) };
  }
  finish();
  // Walked accounts were checked in finish(); this catches an account whose postings are all gone.
  for (const [accountId, head] of heads)
    if (head.count > 0 && !walked.has(accountId))
      report('account_head', `account ${accountId}: chain head (${head.count}) but no postings`, {
        accountIds: [accountId],
      });
  if (postingsPastHead.size > 0) {
    const now = await readChainHeads(db);
    for (const [accountId, sequence] of postingsPastHead) {
      const head = now.get(accountId);
      if (!head || head.count < sequence)
        report(
          'account_head',
          `account ${accountId}: posting ${sequence} is past the chain head (${head?.count ?? 0})`,
          {
            accountIds: [accountId],
          },
        );
    }
  }
}

/** Postings whose entry is gone: their chains still hold, so only this names them. */
export async function checkPostingsHaveEntries(db: Kysely<Database>, report: ReportDifference): Promise<void> {
  const orphans = await db
    .selectFrom('posting')
    .leftJoin('journal_entry', 'journal_entry.id', 'posting.entry_id')
    .select(['posting.id', 'posting.account_id', 'posting.entry_id'])
    .where('journal_entry.id', 'is', null)
    .limit(DIFFERENCES_MAX)
    .execute();
  for (const posting of orphans)
    report(
      'posting_entry',
      `posting ${posting.id} of account ${posting.account_id}: entry ${posting.entry_id} is missing`,
      {
        accountIds: [posting.account_id],
      },
    );
}
