import type { FastifyInstance } from 'fastify';
import { wallet } from '@kestrel/contract';
import { formatDecimal } from '@kestrel/domain';
import type { AppContext } from '../../app-context';
import { endpointRegistrar } from '../../http/route';
import { FixedWindowLimiter } from '../../http/rate-limit';
import { idempotent, requestFingerprint } from '../ledger/idempotency';
import { bookOf, readBalances, valueInUsdt } from './balances';
import { addBankCard, deleteBankCard, listBankCards, updateBankCard } from './bank-card-service';
import { changeLoginModel } from './demo-account-service';
import { convertBalance, listExchangeRecords } from './exchange-service';
import {
  addWalletAddress,
  deleteWalletAddress,
  listWalletAddresses,
  modifyWalletAddress,
} from './wallet-address-service';
import { updateWithdrawalPassword } from './withdrawal-password-service';

/** The wallet: withdrawal password, demo account, balances in USDT, exchange, bank cards, addresses. */
export function walletRoutes(app: FastifyInstance, context: AppContext): void {
  const { db, dialect } = context.database;
  const register = endpointRegistrar(app, context.authenticate);
  // Per IP, like the login password (DESIGN.md §8); the per-customer lockout stands behind it.
  const limiter = new FixedWindowLimiter(context.config.authRateLimitPerMinute, 60_000, context.clock);

  register(wallet.updateUserWithPwd, async ({ body, context: request }) => {
    limiter.take(`withdrawal-password:${request.ip}`);
    await updateWithdrawalPassword(context, request.user.userId, body.oldPwd, body.newPwd);
  });

  register(wallet.changeLoginModel, async ({ context: request }) => changeLoginModel(context, request.user));

  register(wallet.userBalanceConvert, async ({ context: request }) => {
    const balances = await readBalances(db, request.user.userId, bookOf(request.user.accountType));
    const valuation = await valueInUsdt(db, balances);
    return valuation.rows.map((row) => ({
      currencyId: row.currencyId,
      currencyName: row.currencyName,
      currencyImg: row.currencyImg,
      userAmt: formatDecimal(row.available, row.scale),
      USDTValue: row.rateMissing ? '0' : formatDecimal(row.usdtValue, valuation.usdtScale),
      marginAmount: formatDecimal(row.margin, row.scale),
      frozenAmount: formatDecimal(row.frozen, row.scale),
      rateMissing: row.rateMissing,
    }));
  });

  register(wallet.balanceConvert, async ({ body, context: request }) => {
    const { userId, accountType } = request.user;
    const now = context.clock();
    const key = request.request.headers['idempotency-key'];
    return idempotent(
      db,
      {
        userId,
        key: Array.isArray(key) ? key[0] : key,
        // The path is part of the fingerprint: one key reused on another money call is refused, not replayed.
        fingerprint: requestFingerprint({ path: wallet.balanceConvert.path, ...body }),
        now,
      },
      (transaction) => convertBalance(transaction, dialect, { userId, book: bookOf(accountType), ...body }, now),
    );
  });

  register(wallet.balanceConvertRecordList, async ({ query, context: request }) =>
    listExchangeRecords(db, request.user.userId, query),
  );

  register(wallet.userBankList, async ({ query, context: request }) => listBankCards(db, request.user.userId, query));

  register(wallet.addUserBankCard, async ({ body, context: request }) =>
    addBankCard(db, dialect, request.user.userId, body, context.clock()),
  );

  register(wallet.updateUserBankCard, async ({ body, context: request }) => {
    const { userBankId, ...fields } = body;
    return updateBankCard(db, dialect, request.user.userId, userBankId, fields, context.clock());
  });

  register(wallet.userDeleteBankCard, async ({ body, context: request }) =>
    deleteBankCard(db, request.user.userId, body.userBankId, context.clock()),
  );

  register(wallet.userWalletAddressList, async ({ query, context: request }) =>
    listWalletAddresses(db, request.user.userId, query),
  );

  register(wallet.addUserWalletAddress, async ({ body, context: request }) =>
    addWalletAddress(db, dialect, request.user.userId, body, context.clock()),
  );

  register(wallet.modifyUserWalletAddress, async ({ body, context: request }) => {
    const { userWalletAddressId, ...input } = body;
    return modifyWalletAddress(db, dialect, request.user.userId, userWalletAddressId, input, context.clock());
  });

  register(wallet.deleteUserWalletAddress, async ({ body, context: request }) =>
    deleteWalletAddress(db, request.user.userId, body.userWalletAddressId, context.clock()),
  );
}
