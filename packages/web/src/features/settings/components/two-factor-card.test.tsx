import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session/session-store';
import { envelope, installFakeFetch } from '../../../test/fake-fetch';
import { renderApp } from '../../../test/render-app';
import { sampleUser } from '../../../test/sample-user';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const codes = ['aaaaa-bbbbb', 'ccccc-ddddd', 'eeeee-fffff', 'ggggg-hhhhh', 'iiiii-jjjjj', 'kkkkk-lllll', 'mmmmm-nnnnn', 'ooooo-ppppp', 'qqqqq-rrrrr', 'sssss-ttttt'];

describe('Settings › Security: two-factor sign-in', () => {
  it('turns on: QR code and key, a first code, then the recovery codes once', async () => {
    saveSession({ token: 'tok', user: sampleUser() });
    let enabled = false;
    const server = installFakeFetch({
      '/api/user/info': () => envelope(sampleUser()),
      '/userCenter/sessions': () => envelope([]),
      '/userCenter/twoFactor': () => envelope({ enabled, pending: false, recoveryCodesLeft: enabled ? 10 : 0, requiredForRole: false }),
      '/userCenter/twoFactor/setup': () => envelope({ secret: SECRET, otpauthUri: `otpauth://totp/Tradewind:ada%40example.com?secret=${SECRET}&issuer=Tradewind` }),
      '/userCenter/twoFactor/confirm': () => {
        enabled = true;
        return envelope({ recoveryCodes: codes });
      },
    });
    renderApp('/pages/setting/security');
    const card = await screen.findByTestId('two-factor-card');
    fireEvent.click(await within(card).findByRole('button', { name: 'Turn on two-factor sign-in' }));
    const qr = await within(card).findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.getAttribute('data-value')).toContain(`secret=${SECRET}`);
    expect(within(card).getByTestId('totp-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');

    fireEvent.change(within(card).getByLabelText('Authenticator code'), { target: { value: '123' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Confirm and turn on' }));
    expect(within(card).getByText('Enter the 6 digits your app shows')).toBeTruthy();
    fireEvent.change(within(card).getByLabelText('Authenticator code'), { target: { value: '123456' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Confirm and turn on' }));

    const list = await within(card).findByTestId('recovery-codes');
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(codes);
    expect(server.callsTo('/userCenter/twoFactor/confirm')[0]?.body).toEqual({ code: '123456' });
    fireEvent.click(within(card).getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(within(card).getByTestId('recovery-left').textContent).toBe('10 recovery codes left'));
    expect(within(card).queryByTestId('recovery-codes')).toBeNull();
  });

  it('turns off with the password and a code', async () => {
    saveSession({ token: 'tok', user: sampleUser() });
    let enabled = true;
    const server = installFakeFetch({
      '/api/user/info': () => envelope(sampleUser()),
      '/userCenter/sessions': () => envelope([]),
      '/userCenter/twoFactor': () => envelope({ enabled, pending: false, recoveryCodesLeft: 7, requiredForRole: false }),
      '/userCenter/twoFactor/disable': () => {
        enabled = false;
        return envelope(null);
      },
    });
    renderApp('/pages/setting/security');
    const card = await screen.findByTestId('two-factor-card');
    expect((await within(card).findByTestId('recovery-left')).textContent).toBe('7 recovery codes left');
    fireEvent.click(within(card).getByRole('button', { name: 'Turn off two-factor sign-in' }));
    fireEvent.change(within(card).getByLabelText('Password'), { target: { value: 'secret-pass' } });
    fireEvent.change(within(card).getByLabelText('Authenticator code'), { target: { value: '654321' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Turn off two-factor sign-in' }));
    await within(card).findByRole('button', { name: 'Turn on two-factor sign-in' });
    expect(server.callsTo('/userCenter/twoFactor/disable')[0]?.body).toEqual({ password: 'secret-pass', code: '654321' });
  });
});
