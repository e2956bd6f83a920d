export { realtimePlugin } from './realtime.plugin.js';
export { realtimeRoutes } from './realtime.routes.js';
export { UserChannels } from './user-channels.js';
