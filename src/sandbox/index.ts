export * from './decisions';
export * from './plugin';
export * from './protocol';
export * from './sandbox';
export type * from './link';
export { guestFunctions, guestHooks, type GuestFunction, type GuestHook } from './wire';
export * from './tool';
export * from './tool-schema';
