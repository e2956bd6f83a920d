export { audit } from './audit.service.js';
