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
    rolldownOptions: {
      output: {
        // Libraries change less often than our code: long-cached library files, each page its own chunk.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'antd-mobile', test: /node_modules[\\/](antd-mobile|@react-spring|@use-gesture|ahooks|rc-[^\\/]+)[\\/]/, priority: 2 },
            { name: 'vendor', test: /node_modules/, priority: 1 },
          ],
        },
      },
    },
  },
});
