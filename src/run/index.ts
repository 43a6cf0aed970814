export * from './playground';
export * from './plugins';
export * from './run';
export * from './tool-sets';
