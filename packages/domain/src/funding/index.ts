/** Money rules of the customer's own funds: amounts typed, channel limits and hours, withdrawal fees, exchanges. */
export * from './customer-amount';
export * from './amount-limits';
export * from './open-hours';
export * from './withdrawal';
export * from './exchange';
