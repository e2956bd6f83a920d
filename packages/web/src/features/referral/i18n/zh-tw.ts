import type { ReferralResource } from './en';

const zhTW: ReferralResource = {
  share: {
    share: '分享',
    shareLabel: '分享邀請連結',
    shareTitle: '和我一起用 Tradewind',
    heading: '邀請好友加入 Tradewind',
    intro: '好友透過您的邀請碼或連結註冊，即計為您邀請的用戶。',
    code: '您的邀請碼',
    link: '您的邀請連結',
    qr: '邀請連結 QR 碼',
    qrHint: '讓好友用手機相機掃描此 QR 碼，即可開啟註冊頁面。',
    copyCode: '複製邀請碼',
    copyLink: '複製連結',
    copied: '已複製',
    copyFailed: '複製失敗，請選取文字後手動複製。',
    invited: '已邀請人數',
  },
};

export default zhTW;
