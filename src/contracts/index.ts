export * from './fs-intents';
