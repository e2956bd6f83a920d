import type { RecurringResource } from './en';

const zhTW: RecurringResource = {
  newPlan: '新增定期定額',
  for: '{{name}} · 從{{wallet}}扣款（{{currency}}）',
  amount: '每期金額（{{currency}}）',
  frequency: {
    daily: '每日',
    weekly: '每週',
    monthly: '每月',
  },
  time: '時間（UTC）',
  weekday: '星期',
  dayOfMonth: '日期',
  days: {
    '0': '日',
    '1': '一',
    '2': '二',
    '3': '三',
    '4': '四',
    '5': '五',
    '6': '六',
  },
  create: '開始定期定額',
  created: '定期定額已開始',
  monthEnd: '天數較少的月份於月底最後一天執行。',
  hint: '每期以市價買進金額（含手續費）可買的最大整數單位，餘額留在錢包。',
  empty: '尚無定期定額計畫。開啟報價頁選擇「{{button}}」。',
  every: {
    daily: '每日 {{time}} UTC',
    weekly: '每週{{day}} {{time}} UTC',
    monthly: '每月 {{day}} 日 {{time}} UTC',
  },
  next: '下次執行 {{time}}',
  status: {
    active: '生效中',
    paused: '已暫停',
    cancelled: '已取消',
  },
  pause: '暫停',
  resume: '恢復',
  cancel: '取消計畫',
  confirmCancel: '確定永久取消此計畫？',
  history: '執行紀錄',
  noRuns: '尚無執行紀錄。',
  run: {
    filled: '以 {{price}} 買進 {{quantity}}，共 {{spent}}',
    pending: '處理中',
    skipped: '已略過',
  },
  invalidTime: '請以 HH:MM 輸入時間',
  invalidDay: '請輸入 1 到 31 的日期',
  entry: '定期投資',
};

export default zhTW;
