import type { RecurringResource } from './en';

const zhCN: RecurringResource = {
  newPlan: '新建定投',
  for: '{{name}} · 从{{wallet}}扣款（{{currency}}）',
  amount: '每期金额（{{currency}}）',
  frequency: {
    daily: '每日',
    weekly: '每周',
    monthly: '每月',
  },
  time: '时间（UTC）',
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
  create: '开始定投',
  created: '定投已开始',
  monthEnd: '天数较少的月份在月末最后一天执行。',
  hint: '每期以市价买入金额（含手续费）可买的最大整数单位，余额留在钱包。',
  empty: '暂无定投计划。打开行情页选择“{{button}}”。',
  every: {
    daily: '每日 {{time}} UTC',
    weekly: '每周{{day}} {{time}} UTC',
    monthly: '每月 {{day}} 日 {{time}} UTC',
  },
  next: '下次执行 {{time}}',
  status: {
    active: '生效中',
    paused: '已暂停',
    cancelled: '已取消',
  },
  pause: '暂停',
  resume: '恢复',
  cancel: '取消计划',
  confirmCancel: '确定永久取消此计划？',
  history: '执行记录',
  noRuns: '暂无执行记录。',
  run: {
    filled: '以 {{price}} 买入 {{quantity}}，共 {{spent}}',
    pending: '处理中',
    skipped: '已跳过',
  },
  invalidTime: '请按 HH:MM 输入时间',
  invalidDay: '请输入 1 到 31 的日期',
  entry: '定期投资',
};

export default zhCN;
