/**
 * zod's own code on its own: the app asks for it before the stored user's check (session-store), so
 * evaluating zod and building the first schemas are two tasks, not one long one (issue 23: each
 * start-up task over 50 ms on a phone blocks input). What it exports is not used: importing it is what
 * evaluates zod's chunk.
 */
export { object } from 'zod';
