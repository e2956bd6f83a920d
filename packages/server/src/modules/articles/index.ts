export { articlesRoutes } from './articles.routes.js';
export { seedDemoArticles } from './articles.service.js';
