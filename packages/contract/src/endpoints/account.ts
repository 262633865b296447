import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { decimalString, userInfo } from './shapes';

const email = z.string().trim().toLowerCase().max(254);
const password = z.string().min(1).max(128);
const code = z.string().trim().max(12);

export const sendEmailVerificationCode = defineEndpoint({
  method: 'POST',
  path: '/api/userInfo/sendEmailVerificationCode',
  summary: 'Send a 6-digit code to an email address (once per 60 s; lives 10 min)',
  tag: 'account',
  auth: 'public',
  body: z.object({ email, purpose: z.enum(['register', 'bind', 'reset']).default('register') }),
  answer: { kind: 'data', schema: z.object({ resendAfterSeconds: z.number().int() }) },
});

export const sendPhoneVerificationCode = defineEndpoint({
  method: 'POST',
  path: '/api/userInfo/sendPhoneVerificationCode',
  summary: 'Send a 6-digit code to a phone number (once per 60 s; lives 10 min)',
  tag: 'account',
  auth: 'public',
  body: z.object({
    phone: z.string().trim().max(20),
    areaCode: z
      .string()
      .trim()
      .regex(/^\d{1,4}$/)
      .default('86'),
    purpose: z.enum(['register', 'bind', 'reset']).default('register'),
  }),
  answer: { kind: 'data', schema: z.object({ resendAfterSeconds: z.number().int() }) },
});

export const register = defineEndpoint({
  method: 'POST',
  path: '/api/userInfo/reg',
  summary: 'Register by email (regType 1) or phone (regType 0) with the code sent to it',
  tag: 'account',
  auth: 'public',
  body: z.object({
    userAccount: z.string().trim().min(1).max(254),
    userPwd: password,
    inviteCode: z.string().trim().max(16).optional(),
    yzmCode: code,
    regType: z.coerce.number().int().min(0).max(1),
    areaCode: z
      .string()
      .trim()
      .regex(/^\d{1,4}$/)
      .default('86'),
  }),
  answer: { kind: 'data', schema: z.object({ token: z.string(), userInfo }) },
});

export const login = defineEndpoint({
  method: 'POST',
  path: '/api/userInfo/login',
  summary: 'Log in with an email or a phone account ("area-number") and the password',
  tag: 'account',
  auth: 'public',
  body: z.object({ userAccount: z.string().trim().min(1).max(254), userPwd: password }),
  answer: { kind: 'data', schema: z.object({ token: z.string(), userInfo }) },
});

export const logout = defineEndpoint({
  method: 'POST',
  path: '/api/userInfo/loginOut',
  summary: 'End this session',
  tag: 'account',
  auth: 'user',
  answer: { kind: 'none' },
});

export const getUserInfo = defineEndpoint({
  method: 'GET',
  path: '/api/userInfo/getUserInfo',
  summary: 'The logged-in customer',
  tag: 'account',
  auth: 'user',
  answer: { kind: 'data', schema: userInfo },
});

export const updateUserPwd = defineEndpoint({
  method: 'POST',
  path: '/api/userInfo/updateUserPwd',
  summary: 'Change the login password; every session ends and a fresh token is returned',
  tag: 'account',
  auth: 'user',
  body: z.object({ oldPwd: password, newPwd: password }),
  answer: { kind: 'data', schema: z.object({ token: z.string() }) },
});

export const isSetWithPwd = defineEndpoint({
  method: 'GET',
  path: '/api/userInfo/isSetWithPwd',
  summary: 'Whether a withdrawal password is set',
  tag: 'account',
  auth: 'user',
  answer: { kind: 'data', schema: z.object({ isSetWithPwd: z.number().int().min(0).max(1) }) },
});

export const userBalance = defineEndpoint({
  method: 'GET',
  path: '/api/userInfo/userBalance',
  summary: 'Balances; the first element is the requested currency (USDT is 3)',
  tag: 'money',
  auth: 'user',
  query: z.object({ currencyId: z.coerce.number().int().min(1).default(3) }),
  answer: {
    kind: 'data',
    schema: z.array(
      z.object({
        currencyId: z.number().int(),
        currencyName: z.string(),
        userAmt: decimalString,
        frozenAmount: decimalString,
        marginAmount: decimalString,
      }),
    ),
  },
});

export const personCenterPanelData = defineEndpoint({
  method: 'GET',
  path: '/api/userInfo/personCenterPanelData',
  summary: 'Assets summary in USDT',
  tag: 'money',
  auth: 'user',
  answer: {
    kind: 'data',
    schema: z.object({
      userBalanceConvert: decimalString,
      allMarginAmount: decimalString,
      profitAndLose: decimalString,
      profitAndLoseToday: decimalString,
      fastTradeWin: z.number().int(),
      fastTradeLose: z.number().int(),
    }),
  },
});

export const notReadMessageCount = defineEndpoint({
  method: 'GET',
  path: '/api/siteMessage/notReadMessageCount',
  summary: 'Unread messages (the home red dot)',
  tag: 'account',
  auth: 'user',
  answer: { kind: 'data', schema: z.object({ notReadMessageCount: z.number().int() }) },
});

export const userBibiAssetsList = defineEndpoint({
  method: 'GET',
  path: '/api/userBibiAssets/list',
  summary: 'Coin-to-coin holdings',
  tag: 'money',
  auth: 'user',
  answer: {
    kind: 'rows',
    schema: z.object({
      /** The coin-to-coin pair's product code (X:BTCUSD); a row per pair whose coin is held or was traded. */
      productCode: z.string(),
      /** Coins held: available + frozen in open sell orders (features/bibi). */
      bibiAmount: decimalString,
      /** USDT paid for every buy of this coin on the exchange, fees included. */
      buyAmountAll: decimalString,
      /** USDT received for every sell of this coin on the exchange, fees deducted. */
      sellAmountAll: decimalString,
    }),
  },
});
