export * from './adjustment';
