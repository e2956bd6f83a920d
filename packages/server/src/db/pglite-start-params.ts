import { PGlite } from '@electric-sql/pglite';

/**
 * PostgreSQL's default 128 MB of shared buffers live in PGlite's WebAssembly heap, which never shrinks: 16 MB
 * took a fresh start's RSS after migrations from ~880 to ~410 MB and a warm one's from ~405 to ~260 MB (issue 24).
 */
export const pgliteStartParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];
