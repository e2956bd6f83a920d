import type { ReferralResource } from './en';

const ja: ReferralResource = {
  share: {
    share: '共有',
    shareLabel: '招待リンクを共有',
    shareTitle: 'Tradewindに参加しよう',
    heading: '友だちを Tradewind に招待',
    intro: 'あなたの招待コードまたはリンクから登録した友だちは、あなたの招待として数えられます。',
    code: 'あなたの招待コード',
    link: 'あなたの招待リンク',
    qr: '招待リンクのQRコード',
    qrHint: '友だちのスマートフォンのカメラでこのコードを読み取ると、登録ページが開きます。',
    copyCode: 'コードをコピー',
    copyLink: 'リンクをコピー',
    copied: 'コピーしました',
    copyFailed: 'コピーできませんでした。テキストを選択して手動でコピーしてください。',
    invited: '招待した人数',
  },
};

export default ja;
