import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { GENESIS_HASH } from '@kestrel/domain';
import type { Database } from '../../db/schema';
import { unitsText } from '../../core/columns';
import type { ReportDifference } from './differences';

/**
 * Chain heads one checkpoint pins at the most. The first checkpoint of a large ledger takes the accounts
 * with the lowest ids and leaves the rest to the next one, so no checkpoint holds a lock or a list
 * without bound.
 */
export const CHECKPOINT_LEAVES_MAX = 10_000;
/** Checkpoints read per statement by reconcile. */
const CHECKPOINTS_PER_PAGE = 100;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

interface Leaf {
  accountId: number;
  postingCount: number;
  chainHash: string;
}

const leafText = (leaf: Leaf) => `${leaf.accountId}:${leaf.postingCount}:${leaf.chainHash}`;

/**
 * The Merkle root over leaves sorted by account: each leaf hashed, then pairs hashed upwards (an odd one
 * out goes up as it is). One account's head proves its place with log2(n) hashes, and a changed head
 * changes the root.
 */
export function merkleRoot(leaves: readonly Leaf[]): string {
  if (leaves.length === 0) return GENESIS_HASH;
  let level = [...leaves].sort((left, right) => left.accountId - right.accountId).map((leaf) => sha256(leafText(leaf)));
  while (level.length > 1) {
    const next: string[] = [];
    for (let index = 0; index < level.length; index += 2)
      next.push(index + 1 < level.length ? sha256(level[index]! + level[index + 1]!) : level[index]!);
    level = next;
  }
  return level[0]!;
}

function checkpointHash(checkpoint: {
  previousHash: string;
  createdAt: number;
  accountsChanged: number;
  rootHash: string;
}): string {
  return sha256(
    [checkpoint.previousHash, checkpoint.createdAt, checkpoint.accountsChanged, checkpoint.rootHash].join('|'),
  );
}

/**
 * Pins the chain heads that moved since the last checkpoint: one row with their Merkle root, linked to the
 * checkpoint before, and one leaf per head. Answers null when no head moved. Each head is read with its
 * row (count and hash agree), and a head pinned here can only grow afterwards, so a later rewrite of
 * anything up to it shows as a leaf that is no longer in its chain (checkCheckpoints).
 */
export async function writeCheckpoint(
  db: Kysely<Database>,
  now: number,
): Promise<{ id: number; accountsChanged: number; hash: string } | null> {
  return db.transaction().execute(async (transaction) => {
    const previous = await transaction
      .selectFrom('ledger_checkpoint')
      .select('hash')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const moved = await transaction
      .selectFrom('ledger_account as account')
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('ledger_checkpoint_leaf')
            .select(['account_id', sql<string>`max(posting_count)`.as('pinned')])
            .groupBy('account_id')
            .as('pinned'),
        (join) => join.onRef('pinned.account_id', '=', 'account.id'),
      )
      .select(['account.id', unitsText('account.posting_count', 'count'), 'account.chain_hash'])
      .where(sql<boolean>`account.posting_count > coalesce(pinned.pinned, 0)`)
      .orderBy('account.id')
      .limit(CHECKPOINT_LEAVES_MAX)
      .execute();
    if (moved.length === 0) return null;
    const leaves = moved.map((row) => ({
      accountId: row.id,
      postingCount: Number(row.count),
      chainHash: row.chain_hash,
    }));
    const rootHash = merkleRoot(leaves);
    const previousHash = previous?.hash ?? GENESIS_HASH;
    const hash = checkpointHash({ previousHash, createdAt: now, accountsChanged: leaves.length, rootHash });
    const inserted = await transaction
      .insertInto('ledger_checkpoint')
      .values({
        created_at: now,
        accounts_changed: leaves.length,
        root_hash: rootHash,
        previous_hash: previousHash,
        hash,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await transaction
      .insertInto('ledger_checkpoint_leaf')
      .values(
        leaves.map((leaf) => ({
          checkpoint_id: inserted.id,
          account_id: leaf.accountId,
          posting_count: leaf.postingCount,
          chain_hash: leaf.chainHash,
        })),
      )
      .execute();
    return { id: inserted.id, accountsChanged: leaves.length, hash };
  });
}

/**
 * Every checkpoint links to the one before and its hash covers it; its root is the root of its leaves;
 * and each leaf is still in its account's chain (the posting at that place has that link hash). Whoever
 * rewrites history up to a pinned head, and the account chains after it, must also rewrite that leaf,
 * its root and every checkpoint hash after it; `npm run reconcile` prints the newest, to keep elsewhere.
 */
export async function checkCheckpoints(db: Kysely<Database>, report: ReportDifference): Promise<void> {
  let previousHash = GENESIS_HASH;
  let afterId = 0;
  for (;;) {
    const checkpoints = await db
      .selectFrom('ledger_checkpoint')
      .selectAll()
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(CHECKPOINTS_PER_PAGE)
      .execute();
    if (checkpoints.length === 0) return;
    for (const checkpoint of checkpoints) {
      if (checkpoint.previous_hash !== previousHash)
        report('checkpoint', `checkpoint ${checkpoint.id}: does not link to the checkpoint before`);
      const expected = checkpointHash({
        previousHash: checkpoint.previous_hash,
        createdAt: Number(checkpoint.created_at),
        accountsChanged: checkpoint.accounts_changed,
        rootHash: checkpoint.root_hash,
      });
      if (expected !== checkpoint.hash)
        report('checkpoint', `checkpoint ${checkpoint.id}: hash does not match its content`);
      const leaves = await db
        .selectFrom('ledger_checkpoint_leaf as leaf')
        .leftJoin('posting', (join) =>
          join
            .onRef('posting.account_id', '=', 'leaf.account_id')
            .onRef('posting.account_sequence', '=', 'leaf.posting_count'),
        )
        .select([
          'leaf.account_id',
          unitsText('leaf.posting_count', 'count'),
          'leaf.chain_hash',
          'posting.chain_hash as posted_hash',
        ])
        .where('leaf.checkpoint_id', '=', checkpoint.id)
        .execute();
      const root = merkleRoot(
        leaves.map((leaf) => ({
          accountId: leaf.account_id,
          postingCount: Number(leaf.count),
          chainHash: leaf.chain_hash,
        })),
      );
      if (root !== checkpoint.root_hash || leaves.length !== checkpoint.accounts_changed)
        report('checkpoint', `checkpoint ${checkpoint.id}: its leaves do not give its root`);
      for (const leaf of leaves)
        if (leaf.posted_hash !== leaf.chain_hash)
          report(
            'checkpoint_leaf',
            `account ${leaf.account_id}: posting ${leaf.count} is not the one checkpoint ${checkpoint.id} pinned`,
            { accountIds: [leaf.account_id] },
          );
      previousHash = checkpoint.hash;
    }
    afterId = checkpoints[checkpoints.length - 1]!.id;
  }
}

/** The newest checkpoint, to keep outside the database: a rewrite behind it must change this hash. */
export async function newestCheckpoint(
  db: Kysely<Database>,
): Promise<{ id: number; hash: string; createdAt: number } | null> {
  const row = await db
    .selectFrom('ledger_checkpoint')
    .select(['id', 'hash', 'created_at'])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { id: row.id, hash: row.hash, createdAt: Number(row.created_at) } : null;
}
