export * from './autosave';
export * from './lab-db';
export * from './open';
export * from './session-store';
export * from './model-settings-store';
