import type { FastifyInstance } from 'fastify';
import { treasury } from '@kestrel/contract';
import { adjustmentUnitsMax } from '@kestrel/domain';
import type { AppContext } from '../../app-context';
import { refuse } from '../../core/errors';
import { checkWithinLimits, parseCustomerAmount } from '../../core/amounts';
import { recordAudit } from '../staff/audit';
import { moneyReviewer, operatorRegistrar } from '../staff/operator-registrar';
import { fundPlatformAccount, listFundedAccounts } from './funded-accounts';

/** The operator's view of the funded platform accounts, and their funding (issue 13). */
export function treasuryRoutes(app: FastifyInstance, context: AppContext): void {
  const { db } = context.database;
  const register = operatorRegistrar(app, context);

  register(treasury.operatorFundedAccounts, async () => listFundedAccounts(db));

  register(treasury.operatorFundAccount, async ({ body, context: request }) => {
    const staff = moneyReviewer(request);
    const currency = await db
      .selectFrom('platform_currency')
      .select(['id', 'scale'])
      .where('id', '=', body.currencyId)
      .executeTakeFirst();
    if (!currency) refuse('error.funded_account_unknown_currency');
    const units = parseCustomerAmount(body.amount, currency.scale);
    // One funding moves at most what one manual adjustment may (a billion whole units): a typo cannot
    // carry a funded account past what its BIGINT balance holds (issue 18: an HTTP 500 before).
    checkWithinLimits(units, 1n, adjustmentUnitsMax(currency.scale), currency.scale);
    return request.once(async (transaction) => {
      const now = context.clock();
      const entryId = await fundPlatformAccount(
        transaction,
        {
          account: body.account,
          book: body.book,
          currencyId: currency.id,
          units,
          actor: { type: 'operator', id: String(staff.staffId) },
          reason: body.reason,
        },
        now,
      );
      await recordAudit(
        transaction,
        {
          staffId: staff.staffId,
          action: 'treasury.fund',
          targetType: body.account,
          targetId: currency.id,
          reason: body.reason,
          entryId,
        },
        now,
      );
      const after = await listFundedAccounts(transaction);
      const record = after.find(
        (row) => row.account === body.account && row.book === body.book && row.currencyId === currency.id,
      );
      if (!record) throw new Error('a funded account is missing right after its funding');
      return record;
    });
  });
}
