import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, installFakeFetch } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';

const appVersion = { version: '1.4.0', forceUpdate: false, downloadUrl: '', notes: '', webviewHosts: ['docs.tradewind.example'], publishTimestamp: 1_735_689_600 };

describe('webview page', () => {
  it('shows the app’s own terms without asking the server', async () => {
    const server = installFakeFetch({});
    renderApp('/pages/webview/index?doc=terms');
    expect(await screen.findByRole('heading', { level: 2, name: 'Terms of service' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Risk' })).toBeTruthy();
    expect(server.callsTo('/appVersion/getPublishAppVersion')).toHaveLength(0);
  });

  it('frames an https page whose host is on the published allow-list', async () => {
    installFakeFetch({ '/appVersion/getPublishAppVersion': () => envelope(appVersion) });
    renderApp(`/pages/webview/index?url=${encodeURIComponent('https://docs.tradewind.example/fees')}`);
    const frame = await screen.findByTitle('Document from docs.tradewind.example');
    expect(frame.getAttribute('src')).toBe('https://docs.tradewind.example/fees');
    expect(frame.getAttribute('sandbox')).not.toContain('allow-same-origin');
  });

  it('refuses a host not on the allow-list with a message naming it, and frames nothing', async () => {
    installFakeFetch({ '/appVersion/getPublishAppVersion': () => envelope(appVersion) });
    renderApp(`/pages/webview/index?url=${encodeURIComponent('https://evil.example/login')}`);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This page cannot be opened here');
    expect(alert.textContent).toContain('evil.example is not on the list of sites this app may show');
    expect(document.querySelector('iframe')).toBeNull();
  });
});
