import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, installFakeFetch } from '../../test/fake-fetch';
import { installFakeXhr } from '../test/fake-xhr';
import { renderAdmin, signIn } from '../test/render-admin';
import { FILE_A, FILE_B, page, sampleKyc } from '../test/samples';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('identity queue', () => {
  it('shows both sides of the document and verifies the identity', async () => {
    const admin = signIn();
    const server = installFakeFetch({
      '/api/user/info': () => envelope(admin),
      '/admin/kyc': () => envelope(page([sampleKyc()])),
      '/admin/kyc/31/approve': () => envelope(sampleKyc({ status: 3 })),
    });
    const files = installFakeXhr({ [FILE_A]: {}, [FILE_B]: { type: 'image/png' } });
    renderAdmin('/admin/kyc');

    fireEvent.click(await screen.findByRole('row', { name: 'Identity application #31' }));
    const detail = await screen.findByRole('dialog', { name: 'Identity application #31' });
    expect(await within(detail).findByRole('img', { name: 'Front side' })).toBeTruthy();
    expect(await within(detail).findByRole('img', { name: 'Back side' })).toBeTruthy();
    expect(files.calls.map((call) => [call.url, call.headers.Authorization])).toEqual([
      [FILE_A, 'admin-token'],
      [FILE_B, 'admin-token'],
    ]);

    fireEvent.click(within(detail).getByRole('button', { name: 'Verify' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify the identity of Ada Lovelace?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(server.callsTo('/admin/kyc/31/approve')).toHaveLength(1));
    expect(server.callsTo('/admin/kyc/31/approve')[0]?.body).toEqual({});
  });

  it('says an image is unavailable when the server refuses it', async () => {
    const admin = signIn();
    installFakeFetch({ '/api/user/info': () => envelope(admin), '/admin/kyc': () => envelope(page([sampleKyc({ documentType: 'passport', backUrl: null })])) });
    installFakeXhr({ [FILE_A]: { status: 403 } });
    renderAdmin('/admin/kyc?id=31');

    const detail = await screen.findByRole('dialog', { name: 'Identity application #31' });
    expect(await within(detail).findByRole('img', { name: 'Front side: Image unavailable' })).toBeTruthy();
    expect(within(detail).getByText('A passport has no back side.')).toBeTruthy();
  });
});
