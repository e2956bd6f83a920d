/** The referral page (namespace `referral`); English is the key source for the other six. */
const en = {
  share: {
    share: 'Share',
    shareLabel: 'Share the invite link',
    shareTitle: 'Join me on Tradewind',
    heading: 'Invite friends to Tradewind',
    intro: 'Friends who register with your invite code or link are counted as yours.',
    code: 'Your invite code',
    link: 'Your invite link',
    qr: 'QR code of your invite link',
    qrHint: 'Let a friend scan this code with a phone camera to open the sign-up page.',
    copyCode: 'Copy code',
    copyLink: 'Copy link',
    copied: 'Copied',
    copyFailed: 'Could not copy. Select the text and copy it by hand.',
    invited: 'People you invited',
  },
};

export type ReferralResource = typeof en;
export default en;
