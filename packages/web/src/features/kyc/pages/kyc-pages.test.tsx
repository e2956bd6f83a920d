import { KycStatus } from '@tradewind/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { imageFile, installFakeUpload } from '../../../test/fake-upload';
import { kycServer, sampleApplication } from '../test/kyc-server';

describe('KYC status (SPEC §4)', () => {
  it('none: explains and offers an ID card or a passport', async () => {
    kycServer();
    renderApp('/pages/kycverify/index');
    expect(await screen.findByRole('heading', { name: 'Verify your identity' })).toBeTruthy();
    const choice = screen.getByRole('navigation', { name: 'Choose a document' });
    expect(within(choice).getByRole('link', { name: /ID card/ }).getAttribute('href')).toBe('/pages/kycverify/idcard');
    expect(within(choice).getByRole('link', { name: /Passport/ }).getAttribute('href')).toBe('/pages/kycverify/passport');
  });

  it('under review: up to 24 hours, the result goes to the inbox; nothing to start', async () => {
    kycServer({ kycStatus: KycStatus.Pending }, sampleApplication());
    renderApp('/pages/kycverify/index');
    expect(await screen.findByRole('heading', { name: 'Under review' })).toBeTruthy();
    expect(screen.getByText('We review your documents within 24 hours. The result is sent to your inbox.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open inbox' }).getAttribute('href')).toBe('/pages/notice/index');
    expect(await screen.findByText('Ada Lovelace')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Choose a document' })).toBeNull();
  });

  it('failed: shows the reason and lets the user try again', async () => {
    kycServer({ kycStatus: KycStatus.Failed }, sampleApplication({ status: 2, reason: 'The photo is blurred' }));
    renderApp('/pages/kycverify/index');
    expect(await screen.findByRole('heading', { name: 'Verification failed' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('kyc-reason').textContent).toBe('Reason: The photo is blurred'));
    expect(screen.getByRole('heading', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Choose a document' })).toBeTruthy();
  });

  it('verified: says so, with no form to start', async () => {
    kycServer({ kycStatus: KycStatus.Verified }, sampleApplication({ status: 3 }));
    renderApp('/pages/kycverify/index');
    expect(await screen.findByRole('heading', { name: 'Identity verified' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Choose a document' })).toBeNull();
  });

  it('applies for trading and block trading; block trading then reads as under review', async () => {
    const server = kycServer({ tradePermission: 0, blockTradePermission: 0 });
    renderApp('/pages/kycverify/index');
    const permissions = await screen.findByRole('list', { name: 'Permissions' });
    const blockTrade = within(permissions).getByRole('listitem', { name: 'Block trading' });
    server.updateUser({ blockTradePermission: 1 });
    fireEvent.click(within(blockTrade).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(server.callsTo('/userCenter/apply/service')[0]?.body).toEqual({ type: 'blockTrade' }));
    await waitFor(() => expect(within(blockTrade).getByTestId('permission-status').textContent).toBe('Transaction permissions are under review'));
    expect(within(blockTrade).queryByRole('button', { name: 'Apply' })).toBeNull();

    fireEvent.click(within(within(permissions).getByRole('listitem', { name: 'Trading' })).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(server.callsTo('/api/user/userSet/applyStatus')).toHaveLength(1));
    expect(await screen.findByText('Permission activated')).toBeTruthy();
  });
});

describe('KYC forms', () => {
  it('an ID card needs its back image, and every field is prompted for', async () => {
    const server = kycServer();
    installFakeUpload();
    renderApp('/pages/kycverify/idcard');
    fireEvent.click(await screen.findByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText('Please enter your first name')).toBeTruthy();
    expect(screen.getByText('Please enter your last name')).toBeTruthy();
    expect(screen.getByText('Please select your country')).toBeTruthy();
    expect(screen.getByText('Please enter your ID card number')).toBeTruthy();
    expect(screen.getByText('Please upload the image')).toBeTruthy();
    expect(screen.getByText('Please upload the back of the ID card')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Lovelace' } });
    await waitFor(() => expect(screen.getByRole('option', { name: 'United Kingdom' })).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Country or region'), { target: { value: 'GB' } });
    fireEvent.change(screen.getByLabelText('ID card number'), { target: { value: 'ID-778899' } });
    fireEvent.change(screen.getByLabelText('Front of the ID card'), { target: { files: [imageFile('front.jpg', 4096, 'image/jpeg')] } });
    expect(await screen.findByRole('img', { name: 'Front of the ID card' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText('Please upload the back of the ID card')).toBeTruthy();
    expect(server.callsTo('/updateReal')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Back of the ID card'), { target: { files: [imageFile('back.jpg', 4096, 'image/jpeg')] } });
    expect(await screen.findByRole('img', { name: 'Back of the ID card' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
    await waitFor(() => expect(server.callsTo('/updateReal')).toHaveLength(1));
    expect(server.callsTo('/updateReal')[0]?.body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      country: 'GB',
      documentType: 'idcard',
      documentNumber: 'ID-778899',
      frontUrl: `/file/${'1'.padStart(32, '0')}.jpg`,
      backUrl: `/file/${'2'.padStart(32, '0')}.jpg`,
    });
  });

  it('a passport sends only its photo page and returns to the status under review', async () => {
    const server = kycServer();
    installFakeUpload();
    const { router } = renderApp('/pages/kycverify/passport');
    fireEvent.change(await screen.findByLabelText('First name'), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Lovelace' } });
    await screen.findByRole('option', { name: 'Germany' });
    fireEvent.change(screen.getByLabelText('Country or region'), { target: { value: 'DE' } });
    fireEvent.change(screen.getByLabelText('Passport number'), { target: { value: 'C01X00T47' } });
    expect(screen.queryByLabelText('Back of the ID card')).toBeNull();
    fireEvent.change(screen.getByLabelText('Passport photo page'), { target: { files: [imageFile('passport.png')] } });
    await screen.findByRole('img', { name: 'Passport photo page' });
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    server.updateUser({ kycStatus: KycStatus.Pending });
    fireEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
    await waitFor(() => expect(server.callsTo('/updateReal')).toHaveLength(1));
    const body = server.callsTo('/updateReal')[0]?.body as Record<string, unknown>;
    expect(body.documentType).toBe('passport');
    expect(body).not.toHaveProperty('backUrl');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/kycverify/index'));
    expect(await screen.findByRole('heading', { name: 'Under review' })).toBeTruthy();
  });

  it('refuses an image above 5 MB with "The size cannot exceed 5M"', async () => {
    kycServer();
    const upload = installFakeUpload();
    renderApp('/pages/kycverify/passport');
    fireEvent.change(await screen.findByLabelText('Passport photo page'), { target: { files: [imageFile('big.png', 6 * 1024 * 1024)] } });
    expect(await screen.findByText('The size cannot exceed 5M')).toBeTruthy();
    expect(upload.uploads()).toHaveLength(0);
  });
});

describe('KYC forms: retries and reviews', () => {
  it('a retry after a refusal opens with what was sent, images included, and sends it again as corrected', async () => {
    const refused = sampleApplication({ status: 2, reason: 'The number is cut off', documentType: 'idcard', documentNumber: 'ID-77889', backUrl: `/file/${'c'.repeat(32)}.jpg` });
    const server = kycServer({ kycStatus: KycStatus.Failed }, refused);
    const upload = installFakeUpload();
    renderApp('/pages/kycverify/idcard');
    expect(await screen.findByText('We filled in what you sent last time. Check each field and replace what was refused.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('First name').value).toBe('Ada');
    expect(screen.getByLabelText<HTMLInputElement>('Last name').value).toBe('Lovelace');
    expect(screen.getByLabelText<HTMLInputElement>('ID card number').value).toBe('ID-77889');
    await waitFor(() => expect(screen.getByLabelText<HTMLSelectElement>('Country or region').value).toBe('GB'));
    // The earlier images are read back (owner-only, with the session token) and shown.
    expect(await screen.findByRole('img', { name: 'Front of the ID card' })).toBeTruthy();
    expect(await screen.findByRole('img', { name: 'Back of the ID card' })).toBeTruthy();
    expect(upload.calls.filter((call) => call.method === 'GET').map((call) => call.url).sort()).toEqual([refused.frontUrl, refused.backUrl].sort());

    fireEvent.change(screen.getByLabelText('ID card number'), { target: { value: 'ID-778899' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
    await waitFor(() => expect(server.callsTo('/updateReal')).toHaveLength(1));
    expect(server.callsTo('/updateReal')[0]?.body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      country: 'GB',
      documentType: 'idcard',
      documentNumber: 'ID-778899',
      frontUrl: refused.frontUrl,
      backUrl: refused.backUrl,
    });
  });

  it('a retry with the other kind of document keeps the name and country only', async () => {
    kycServer({ kycStatus: KycStatus.Failed }, sampleApplication({ status: 2, reason: 'Expired passport' }));
    installFakeUpload();
    renderApp('/pages/kycverify/idcard');
    expect(await screen.findByText("We filled in your name and country from last time. Enter this document's number and images.")).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('First name').value).toBe('Ada');
    expect(screen.getByLabelText<HTMLInputElement>('ID card number').value).toBe('');
    expect(screen.queryByRole('img', { name: 'Front of the ID card' })).toBeNull();
  });

  it('a first verification opens empty', async () => {
    kycServer();
    renderApp('/pages/kycverify/passport');
    expect((await screen.findByLabelText<HTMLInputElement>('First name')).value).toBe('');
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('shows nothing to submit while a verification is under review', async () => {
    kycServer({ kycStatus: KycStatus.Pending });
    renderApp('/pages/kycverify/idcard');
    expect(await screen.findByRole('link', { name: 'Back to verification' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit for review' })).toBeNull();
  });
});
