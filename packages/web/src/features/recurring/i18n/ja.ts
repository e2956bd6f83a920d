import type { RecurringResource } from './en';

const ja: RecurringResource = {
  newPlan: '新しい積立プラン',
  for: '{{name}} · {{wallet}}から支払い（{{currency}}）',
  amount: '1 回の金額（{{currency}}）',
  frequency: {
    daily: '毎日',
    weekly: '毎週',
    monthly: '毎月',
  },
  time: '時刻（UTC）',
  weekday: '曜日',
  dayOfMonth: '日付',
  days: {
    '0': '日',
    '1': '月',
    '2': '火',
    '3': '水',
    '4': '木',
    '5': '金',
    '6': '土',
  },
  create: 'プランを開始',
  created: 'プランを開始しました',
  monthEnd: '日数の少ない月は末日に実行します。',
  hint: '毎回、金額（手数料込み）で買える最大の整数単位を成行で買います。残りはウォレットに残ります。',
  empty: 'プランはまだありません。銘柄の画面で「{{button}}」を選んでください。',
  every: {
    daily: '毎日 {{time}} UTC',
    weekly: '毎週{{day}}曜日 {{time}} UTC',
    monthly: '毎月 {{day}} 日 {{time}} UTC',
  },
  next: '次回 {{time}}',
  status: {
    active: '有効',
    paused: '一時停止中',
    cancelled: '解約済み',
  },
  pause: '一時停止',
  resume: '再開',
  cancel: 'プランを解約',
  confirmCancel: 'このプランを解約しますか？',
  history: '実行履歴',
  noRuns: 'まだ実行されていません。',
  run: {
    filled: '{{price}} で {{quantity}} を購入（{{spent}}）',
    pending: '処理中',
    skipped: '見送り',
  },
  invalidTime: '時刻を HH:MM で入力してください',
  invalidDay: '1〜31 の日付を入力してください',
  entry: '積立投資',
};

export default ja;
