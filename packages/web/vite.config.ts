import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // Relative asset URLs: the built app works wherever the server mounts it.
  base: './',
  // npm hoists React 18 to the root for antd-mobile's react-spring peer range; force our React 19.
  resolve: { dedupe: ['react', 'react-dom'] },
  build: {
    // Nothing inlined as data: URLs, so a strict Content-Security-Policy (img-src 'self') holds.
    assetsInlineLimit: 0,
  },
});
