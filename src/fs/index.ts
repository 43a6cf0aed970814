export * from './idb';
export * from './match';
export * from './memory';
export * from './open';
export * from './paths';
export * from './records';
export * from './store';
export * from './types';
