export * from './sizing';
export * from './profit-share';
export * from './trader-record';
export * from './follow-terms';
