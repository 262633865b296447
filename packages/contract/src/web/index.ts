/**
 * What the phone imports from the contract (`@kestrel/contract/web`): route descriptors, constants,
 * languages, error keys, texts and the endpoints' TYPES, but no schema, so zod never reaches the phone
 * and its build needs no tricks (src/web-entry/render.ts generates the namespace modules below).
 */
export * from '../languages';
export * from '../errors';
export * from '../constants';
export * from '../i18n';
export * from '../route';
export type { AnswerOf, BodyOf, Endpoint, Envelope, QueryOf } from '../endpoint';
export * from './shapes';
export * as launch from './launch';
export * as market from './market';
export * as account from './account';
export * as funding from './funding';
export * as wallet from './wallet';
export * as ledger from './ledger';
export * as spot from './spot';
export * as contracts from './contracts';
export * as fastTrade from './fast-trade';
export * as bibi from './bibi';
