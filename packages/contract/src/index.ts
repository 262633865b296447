export * from './languages';
export * from './errors';
export * from './endpoint';
export * from './endpoints';
export * from './constants';
export * from './rich-text-policy';
export * from './i18n';
export * from './route';
