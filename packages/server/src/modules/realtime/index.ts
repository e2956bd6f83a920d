export { realtimeRoutes } from './realtime.routes.js';
export type { UserChannels } from './user-channels.js';
export { userChannelsPlugin } from './user-channels.plugin.js';
