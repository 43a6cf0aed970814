export * from './playground';
export * from './scenario';
export * from './scenarios';
export * from './scripted';
export * from './progress';
