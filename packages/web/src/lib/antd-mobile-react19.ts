import { unstableSetRender } from 'antd-mobile';
import { type Root, createRoot } from 'react-dom/client';

/*
 * antd-mobile 5 renders its imperative parts (Toast, Dialog) through ReactDOM.render, which React 19
 * removed. This is the adapter antd-mobile documents for React 19 ("v5-for-19"); importing this module
 * installs it once.
 */
type Container = (Element | DocumentFragment) & { __tradewindRoot?: Root };

unstableSetRender((node, container) => {
  const host = container as Container;
  host.__tradewindRoot ??= createRoot(host);
  const root = host.__tradewindRoot;
  root.render(node);
  return async () => {
    await Promise.resolve();
    root.unmount();
    delete host.__tradewindRoot;
  };
});
