import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, installFakeFetch } from '../../test/fake-fetch';
import { renderAdmin, signIn } from '../test/render-admin';

const current = { version: '1.0.0', forceUpdate: false, downloadUrl: '', notes: '', webviewHosts: ['docs.tradewind.example'], publishTimestamp: 1_767_225_600 };

describe('back-office app version', () => {
  it('starts from the published version and publishes a new one with its allow-list', async () => {
    const admin = signIn();
    const server = installFakeFetch({
      '/api/user/info': () => envelope(admin),
      '/appVersion/getPublishAppVersion': () => envelope(current),
      '/admin/appVersion': (call) => envelope({ ...current, ...(call.body as object), publishTimestamp: 1_767_312_000 }),
    });
    renderAdmin('/admin/app-version');
    const form = await screen.findByRole('form', { name: 'App version' });
    expect(within(form).getByLabelText<HTMLTextAreaElement>('Webview allow-list (one host per line)').value).toBe('docs.tradewind.example');
    fireEvent.change(within(form).getByLabelText('Version (major.minor.patch)'), { target: { value: '1.4.0' } });
    fireEvent.change(within(form).getByLabelText('Webview allow-list (one host per line)'), { target: { value: 'docs.tradewind.example\nhelp.partner.example, ' } });
    fireEvent.click(within(form).getByLabelText('Require this update (older apps must update before use)'));
    fireEvent.click(within(form).getByRole('button', { name: 'Publish version' }));
    await waitFor(() =>
      expect(server.callsTo('/admin/appVersion')[0]?.body).toEqual({
        version: '1.4.0',
        forceUpdate: true,
        downloadUrl: '',
        notes: '',
        webviewHosts: ['docs.tradewind.example', 'help.partner.example'],
      }),
    );
  });

  it('shows the server’s refusal naming the field', async () => {
    const admin = signIn();
    installFakeFetch({
      '/api/user/info': () => envelope(admin),
      '/appVersion/getPublishAppVersion': () => envelope(current),
      '/admin/appVersion': () => envelope(null, 400, 'webviewHosts.0 has an invalid format'),
    });
    renderAdmin('/admin/app-version');
    const form = await screen.findByRole('form', { name: 'App version' });
    fireEvent.click(within(form).getByRole('button', { name: 'Publish version' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('webviewHosts.0 has an invalid format');
  });
});
