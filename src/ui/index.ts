export * from './app';
export * from './boot';
export * from './i18n';
