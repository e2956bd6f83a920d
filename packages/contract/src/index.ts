export * from './codes.js';
export * from './locales.js';
export * from './envelope.js';
export * from './account.js';
export * from './admin.js';
export * from './market.js';
export * from './ws.js';
export * from './health.js';
