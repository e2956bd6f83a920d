import type { StatementResource } from './en';

const zhTW: StatementResource = {
  statement: {
    intro: '期間內您各錢包的每一筆記帳，直接取自總帳。每個餘額都在本裝置上核對：期初餘額加上各筆記帳必須等於期末餘額。',
    from: '開始日期',
    to: '結束日期',
    periodHint: '以 UTC 整日計算，最長 366 天。',
    badPeriod: '結束日期不能早於開始日期，期間最長 366 天。',
    opening: '期初餘額',
    closing: '期末餘額',
    noPostings: '此期間沒有記帳',
    addsUp: '核對相符 ✓',
    addsUpDetail: '{{opening}} + {{count}} 筆記帳 = {{closing}}',
    doesNotAddUp: '核對不符 ✗',
    entry: '分錄 #{{id}}',
    counter: '對方帳戶：{{accounts}}',
    emptyWallets: '未顯示 {{count}} 個既無餘額也無記帳的錢包。',
    digest: '摘要 (SHA-256)',
    digestHint: '摘要涵蓋本對帳單的每一個數字。任何人都可以依資料重新計算；任何數字被更動，摘要都會不同。',
    digestChecked: '已在本裝置重新計算摘要：相符 ✓',
    digestMismatch: '已在本裝置重新計算摘要：不相符 ✗',
    digestUnchecked: '此瀏覽器無法在這裡重新計算摘要。',
    verify: '與總帳核對',
    verified: '總帳確認此摘要 ✓',
    notVerified: '總帳不確認此摘要 ✗',
    copyDigest: '複製摘要',
    copied: '已複製',
    downloadCsv: '下載 CSV',
    downloadPdf: '下載 PDF',
    downloadFailed: '下載失敗，請重試。',
  },
};
export default zhTW;
