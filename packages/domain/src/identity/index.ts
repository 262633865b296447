export * from './submission';
