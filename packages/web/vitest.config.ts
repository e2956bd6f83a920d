import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

/** Tests render no styles; antd-mobile's CSS imports become empty modules in its pre-bundle. */
const dropCssImports = {
  name: 'drop-css-imports',
  resolveId(id: string) {
    return id.endsWith('.css') ? '\0empty.css.js' : null;
  },
  load(id: string) {
    return id === '\0empty.css.js' ? 'export {}' : null;
  },
};

export default defineProject({
  plugins: [react()],
  // npm hoists React 18 to the repo root (for antd-mobile's react-spring peer range) while this
  // package uses React 19. Pre-bundling the React libraries with dedupe makes them all use ours.
  resolve: { dedupe: ['react', 'react-dom'], mainFields: ['module', 'browser', 'main'] },
  test: {
    name: 'web',
    environment: 'happy-dom',
    // Tests never reach the network: a framed page (the document viewer) is not loaded.
    environmentOptions: { happyDOM: { settings: { disableIframePageLoading: true } } },
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    deps: {
      optimizer: {
        client: {
          enabled: true,
          include: [
            '@testing-library/react',
            '@tanstack/react-query',
            'antd-mobile',
            'react-i18next',
            'react-dom/client',
          ],
          rolldownOptions: { plugins: [dropCssImports] },
        },
      },
    },
  },
});
