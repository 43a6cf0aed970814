export * from './registry';
export * from './types';
export { looseLocate } from './fuzzy-whitespace';
