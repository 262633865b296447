import type { FastifyInstance } from 'fastify';
import { wallet, bookOf } from '@kestrel/contract';
import { formatDecimal } from '@kestrel/domain';
import type { AppContext } from '../../app-context';
import { customerIdempotency, endpointRegistrar } from '../../http/route';
import { readBalances, valueInUsdt } from '../ledger/balances';
import { addBankCard, deleteBankCard, listBankCards, updateBankCard } from './bank-card-service';
import { convertBalance, listExchangeRecords } from './exchange-service';
import {
  addWalletAddress,
  deleteWalletAddress,
  listWalletAddresses,
  modifyWalletAddress,
} from './wallet-address-service';

/** The wallet: balances in USDT, exchange, bank cards, addresses. */
export function walletRoutes(app: FastifyInstance, context: AppContext): void {
  const { db, dialect } = context.database;
  const register = endpointRegistrar(app, context.authenticate, customerIdempotency(context));
  register(wallet.userBalanceConvert, async ({ context: request }) => {
    const balances = await readBalances(db, request.user.userId, bookOf(request.user.accountType));
    const valuation = await valueInUsdt(db, balances, context.market);
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
    return request.once((transaction) =>
      convertBalance(transaction, dialect, { userId, book: bookOf(accountType), ...body }, now),
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
