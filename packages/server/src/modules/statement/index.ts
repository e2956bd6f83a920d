export { statementRoutes } from './statement.routes.js';
