export * from './playground';
export * from './progress';
export * from './scenario';
export * from './scenarios';
export * from './scripted';
export * from './session-file';
export * from './session-store';
export * from './share-link';
