export { articlesRoutes } from './articles.routes.js';
