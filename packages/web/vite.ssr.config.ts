import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/*
 * The server render of Home (src/ssr/render-home.tsx, issue 23), one self-contained ES module in
 * dist/.ssr (a dot folder: the server does not serve it as a file) that the server imports. Run
 * after the browser build (`npm run build`), which empties dist/.
 */
export default defineConfig({
  plugins: [react()],
  // npm hoists another React to the repo root (see vitest.config.ts): one copy, the web's.
  resolve: { dedupe: ['react', 'react-dom'] },
  publicDir: false,
  // React's production build, whatever NODE_ENV the server runs under.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: { ssr: 'src/ssr/render-home.tsx', outDir: 'dist/.ssr', emptyOutDir: true, copyPublicDir: false, reportCompressedSize: false },
  ssr: { noExternal: true, target: 'node' },
});
