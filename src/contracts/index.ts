export * from './fs-intents';
export * from './paths';
