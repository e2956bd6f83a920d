import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** First path segments of the server's API (SPEC §7, DESIGN §8); hash routes never reach the server. */
const apiPrefixes = [
  'loginByUsername', 'register', 'getEmailCode', 'resetPassword', 'updatePassword', 'updatePayPassword',
  'settingPayPassword', 'updateReal', 'logout', 'api', 'admin', 'health', 'openapi.json', 'docs',
  'tg_st', 'stocka_trading_day', 'stocka_config', 'article', 'dict', 'appVersion', 'userMessage',
  'm_ft', 'quotes', 'market', 'userSelfSecurity', 'position', 'orders', 'blockTrade', 'gold',
  'NewShares', 'twStock', 'stock', 'withdrawal', 'UserAccount', 'wallet', 'userCenter', 'recharge',
  'areaInfo', 'userFollowInvest', 'file',
];
const devApiTarget = process.env.TRADEWIND_API ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  // Relative asset URLs: the built app works wherever the server mounts it.
  base: './',
  // npm hoists React 18 to the root for antd-mobile's react-spring peer range; force our React 19.
  resolve: { dedupe: ['react', 'react-dom'] },
  // `npm run dev -w @tradewind/web` beside the server: the app stays same-origin, as in production.
  server: {
    proxy: {
      [`^/(${apiPrefixes.join('|')})(/|\\?|$)`]: { target: devApiTarget, changeOrigin: true },
      '/ws': { target: devApiTarget.replace(/^http/, 'ws'), ws: true },
    },
  },
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
