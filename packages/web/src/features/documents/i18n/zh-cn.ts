import type { DocumentsResource } from './en';

const zhCN: DocumentsResource = {
  viewer: {
    refusedTitle: '无法在此打开该页面',
    refusedHost: '{{host}} 不在本应用可显示的网站列表中。只有经批准网站的文档才能在应用内打开。',
    refusedInvalid: '该文档的地址无效。',
    refusedInsecure: '应用内只能打开安全（https）页面。',
    missing: '未指定文档。',
    frameTitle: '来自 {{host}} 的文档',
  },
  terms: {
    title: '服务条款',
    updated: '最后更新于 2026 年 11 月 1 日',
    sections: {
      s1: { heading: '关于我们', body: 'Tradewind 是面向个人客户的券商应用。开立账户即表示您同意本条款。' },
      s2: { heading: '您的账户', body: '请对登录密码和交易密码保密。使用它们下达的订单由您负责。如您认为他人使用了您的账户，请立即告知我们。' },
      s3: { heading: '风险', body: '股票、期货和外汇的价格会涨跌。杠杆交易的亏损可能超过投入的金额。机构或机器人的过往收益不代表未来收益。' },
      s4: { heading: '资金', body: '充值和提现在入账或付款前均需审核。在交易或提现前，我们可能要求您完成身份认证。' },
    },
  },
  privacy: {
    title: '隐私政策',
    updated: '最后更新于 2026 年 11 月 1 日',
    sections: {
      s1: { heading: '我们收集的信息', body: '您的电子邮箱、为认证上传的身份证件、您的订单、付款以及您发给客服的消息。' },
      s2: { heading: '用途', body: '用于运营您的账户、履行客户身份核验和防范欺诈的法定义务，以及回答您的问题。' },
      s3: { heading: '谁能看到', body: '审核充值、提现和身份的员工，以及法律要求时的主管机关。我们不会出售您的数据。' },
      s4: { heading: '您的权利', body: '您可以联系客服索取数据副本、要求更正或注销账户。' },
    },
  },
};

export default zhCN;
