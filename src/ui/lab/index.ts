export * from './lab';
// The arena's "Your policy" runs the lab's plugin in a sandbox, which loads with the lab.
export { arenaGuest, type ArenaGuest, type OpenPlugin } from '../arena/guest';
