import './lib/antd-mobile-react19';
import './app/global.css';
import './app/market.css';
import './app/trade.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { APP_TITLE } from './lib/constants';

document.title = APP_TITLE;

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
