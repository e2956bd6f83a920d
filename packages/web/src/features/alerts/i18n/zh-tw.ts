import type { AlertsResource } from './en';

const zhTW: AlertsResource = {
  title: '價格提醒',
  newAlert: '新增提醒',
  for: '{{name}} · 現價 {{price}}',
  kind: {
    price: '價格',
    percent: '漲跌幅',
  },
  direction: {
    above: '高於',
    below: '低於',
    up: '上漲',
    down: '下跌',
  },
  price: '提醒價格',
  percent: '漲跌幅（%）',
  create: '設定提醒',
  created: '提醒已設定',
  empty: '尚無提醒。開啟報價頁點按鈴鐺即可設定。',
  active: '生效中',
  triggered: '已觸發',
  line: {
    above: '達到或高於 {{price}}',
    below: '達到或低於 {{price}}',
    up: '較 {{base}} 上漲 {{percent}}% → {{price}}',
    down: '較 {{base}} 下跌 {{percent}}% → {{price}}',
  },
  firedAt: '觸發於 {{price}} · {{time}}',
  setAt: '設定於 {{time}}',
  delete: '刪除',
  deleted: '提醒已刪除',
  confirmDelete: '刪除此提醒？',
  setAlert: '設定價格提醒',
  percentInvalid: '請輸入大於 0 的百分比（下跌須小於 100）',
  notifications: '瀏覽器通知已關閉：提醒仍會送到收件匣並顯示在畫面上。',
};

export default zhTW;
