import type { AlertsResource } from './en';

const ja: AlertsResource = {
  title: '価格アラート',
  newAlert: '新しいアラート',
  for: '{{name}} · 現在 {{price}}',
  kind: {
    price: '価格',
    percent: '変動率',
  },
  direction: {
    above: '以上',
    below: '以下',
    up: '上昇',
    down: '下落',
  },
  price: 'アラート価格',
  percent: '変動率（%）',
  create: 'アラートを設定',
  created: 'アラートを設定しました',
  empty: 'アラートはまだありません。銘柄の画面でベルをタップして設定します。',
  active: '有効',
  triggered: '通知済み',
  line: {
    above: '{{price}} 以上',
    below: '{{price}} 以下',
    up: '{{base}} から {{percent}} % 上昇 → {{price}}',
    down: '{{base}} から {{percent}} % 下落 → {{price}}',
  },
  firedAt: '{{price}} で通知 · {{time}}',
  setAt: '設定 {{time}}',
  delete: '削除',
  deleted: 'アラートを削除しました',
  confirmDelete: 'このアラートを削除しますか？',
  setAlert: '価格アラートを設定',
  percentInvalid: '0 より大きい値を入力してください（下落は 100 未満）',
  notifications: 'ブラウザ通知はオフです。アラートは受信箱と画面に届きます。',
};

export default ja;
