import type { ReferralResource } from './en';

const zhCN: ReferralResource = {
  share: {
    share: '分享',
    shareLabel: '分享邀请链接',
    shareTitle: '和我一起用 Tradewind',
    heading: '邀请好友加入 Tradewind',
    intro: '好友通过您的邀请码或链接注册，即计为您邀请的用户。',
    code: '您的邀请码',
    link: '您的邀请链接',
    qr: '邀请链接二维码',
    qrHint: '让好友用手机相机扫描此二维码，即可打开注册页面。',
    copyCode: '复制邀请码',
    copyLink: '复制链接',
    copied: '已复制',
    copyFailed: '复制失败，请选中文字后手动复制。',
    invited: '已邀请人数',
  },
};

export default zhCN;
