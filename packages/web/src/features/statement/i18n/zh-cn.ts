import type { StatementResource } from './en';

const zhCN: StatementResource = {
  statement: {
    intro: '期间内您各钱包的每一笔记账，直接取自总账。每个余额都在本设备上核对：期初余额加上各笔记账必须等于期末余额。',
    from: '开始日期',
    to: '结束日期',
    periodHint: '按 UTC 整日计算，最长 366 天。',
    badPeriod: '结束日期不能早于开始日期，期间最长 366 天。',
    opening: '期初余额',
    closing: '期末余额',
    noPostings: '此期间没有记账',
    addsUp: '核对一致 ✓',
    addsUpDetail: '{{opening}} + {{count}} 笔记账 = {{closing}}',
    doesNotAddUp: '核对不一致 ✗',
    entry: '分录 #{{id}}',
    counter: '对方账户：{{accounts}}',
    emptyWallets: '未显示 {{count}} 个既无余额也无记账的钱包。',
    digest: '摘要 (SHA-256)',
    digestHint: '摘要涵盖本对账单的每一个数字。任何人都可以根据数据重新计算；任何数字被改动，摘要都会不同。',
    digestChecked: '已在本设备重新计算摘要：一致 ✓',
    digestMismatch: '已在本设备重新计算摘要：不一致 ✗',
    digestUnchecked: '此浏览器无法在这里重新计算摘要。',
    verify: '与总账核对',
    verified: '总账确认此摘要 ✓',
    notVerified: '总账不确认此摘要 ✗',
    copyDigest: '复制摘要',
    copied: '已复制',
    downloadCsv: '下载 CSV',
    downloadPdf: '下载 PDF',
    downloadFailed: '下载失败，请重试。',
  },
};
export default zhCN;
