import type { AlertsResource } from './en';

const zhCN: AlertsResource = {
  title: '价格提醒',
  newAlert: '新建提醒',
  for: '{{name}} · 现价 {{price}}',
  kind: {
    price: '价格',
    percent: '涨跌幅',
  },
  direction: {
    above: '高于',
    below: '低于',
    up: '上涨',
    down: '下跌',
  },
  price: '提醒价格',
  percent: '涨跌幅（%）',
  create: '设置提醒',
  created: '提醒已设置',
  empty: '暂无提醒。打开行情页点按铃铛即可设置。',
  active: '生效中',
  triggered: '已触发',
  line: {
    above: '达到或高于 {{price}}',
    below: '达到或低于 {{price}}',
    up: '较 {{base}} 上涨 {{percent}}% → {{price}}',
    down: '较 {{base}} 下跌 {{percent}}% → {{price}}',
  },
  firedAt: '触发于 {{price}} · {{time}}',
  setAt: '设置于 {{time}}',
  delete: '删除',
  deleted: '提醒已删除',
  confirmDelete: '删除此提醒？',
  setAlert: '设置价格提醒',
  percentInvalid: '请输入大于 0 的百分比（下跌须小于 100）',
  notifications: '浏览器通知已关闭：提醒仍会发到收件箱并显示在屏幕上。',
};

export default zhCN;
