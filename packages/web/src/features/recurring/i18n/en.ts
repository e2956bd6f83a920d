/** The `recurring` namespace; English is the key source for the other six. */
const en = {
  newPlan: 'New plan',
  for: 'For {{name}} · paid from your {{wallet}} ({{currency}})',
  amount: 'Amount per run ({{currency}})',
  frequency: {
    daily: 'Daily',
    weekly: 'Weekly',
    monthly: 'Monthly',
  },
  time: 'Time (UTC)',
  weekday: 'Day of the week',
  dayOfMonth: 'Day of the month',
  days: {
    '0': 'Sun',
    '1': 'Mon',
    '2': 'Tue',
    '3': 'Wed',
    '4': 'Thu',
    '5': 'Fri',
    '6': 'Sat',
  },
  create: 'Start plan',
  created: 'Plan started',
  monthEnd: 'In shorter months it runs on the last day.',
  hint: 'Each run buys at market the most whole units the amount pays for (fee included); the rest stays in the wallet.',
  empty: 'No plans yet. Open a quote and choose “{{button}}”.',
  every: {
    daily: 'Every day at {{time}} UTC',
    weekly: 'Every {{day}} at {{time}} UTC',
    monthly: 'Every month on day {{day}} at {{time}} UTC',
  },
  next: 'Next run {{time}}',
  status: {
    active: 'Active',
    paused: 'Paused',
    cancelled: 'Cancelled',
  },
  pause: 'Pause',
  resume: 'Resume',
  cancel: 'Cancel plan',
  confirmCancel: 'Cancel this plan for good?',
  history: 'Runs',
  noRuns: 'No runs yet.',
  run: {
    filled: 'Bought {{quantity}} at {{price}} for {{spent}}',
    pending: 'In progress',
    skipped: 'Skipped',
  },
  invalidTime: 'Enter a time as HH:MM',
  invalidDay: 'Enter a day from 1 to 31',
  entry: 'Invest regularly',
};

export type RecurringResource = typeof en;
export default en;
