import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';

/**
 * The dotted path of the first string (value or key) holding U+0000, or undefined. Walks with its own
 * stack, because a body may legally nest thousands of levels deep.
 */
export function findNulText(value: unknown, root: string): string | undefined {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length) {
    const [node, path] = stack.pop()!;
    if (typeof node === 'string') {
      if (node.includes('\u0000')) return path || root;
    } else if (node !== null && typeof node === 'object') {
      for (const [key, item] of Object.entries(node)) {
        const at = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return path || root;
        stack.push([item, at]);
      }
    }
  }
  return undefined;
}

/**
 * PostgreSQL text cannot hold U+0000: such a value would fail in the database as a 500. It is refused
 * up front as a 400 naming the field, on every route, before validation.
 */
export const textInputPlugin = fp(
  (app: FastifyInstance) => {
    app.addHook('preValidation', (request, _reply, done) => {
      const parts: [unknown, string][] = [[request.params, 'params'], [request.query, 'query'], [request.body, 'body']];
      for (const [value, root] of parts) {
        const field = findNulText(value, root);
        if (field) return done(AppError.badRequest('validation.format', { field }));
      }
      done();
    });
  },
  { name: 'text-input' },
);
