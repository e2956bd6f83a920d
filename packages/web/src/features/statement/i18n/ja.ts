import type { StatementResource } from './en';

const ja: StatementResource = {
  statement: {
    intro: '期間中のウォレットのすべての記帳を、元帳から直接表示します。各残高はこの端末で検算されます：期首残高と記帳の合計が期末残高と一致する必要があります。',
    from: '開始日',
    to: '終了日',
    periodHint: 'UTC の暦日単位、最長 366 日。',
    badPeriod: '終了日は開始日より前にできません。期間は最長 366 日です。',
    opening: '期首残高',
    closing: '期末残高',
    noPostings: 'この期間の記帳はありません',
    addsUp: '一致 ✓',
    addsUpDetail: '{{opening}} + 記帳 {{count}} 件 = {{closing}}',
    doesNotAddUp: '不一致 ✗',
    entry: '仕訳 #{{id}}',
    counter: '相手勘定：{{accounts}}',
    emptyWallets: '残高も記帳もないウォレット {{count}} 件は表示していません。',
    digest: 'ダイジェスト (SHA-256)',
    digestHint: 'ダイジェストはこの明細書のすべての数値を対象とします。誰でもデータから再計算でき、数値が一つでも変わるとダイジェストが変わります。',
    digestChecked: 'この端末でダイジェストを再計算しました：一致 ✓',
    digestMismatch: 'この端末でダイジェストを再計算しました：不一致 ✗',
    digestUnchecked: 'このブラウザではここでダイジェストを再計算できません。',
    verify: '元帳と照合',
    verified: '元帳がこのダイジェストを確認しました ✓',
    notVerified: '元帳はこのダイジェストを確認できません ✗',
    copyDigest: 'ダイジェストをコピー',
    copied: 'コピーしました',
    downloadCsv: 'CSV をダウンロード',
    downloadPdf: 'PDF をダウンロード',
    downloadFailed: 'ダウンロードに失敗しました。もう一度お試しください。',
  },
};
export default ja;
