/** The `alerts` namespace; English is the key source for the other six. */
const en = {
  title: 'Price alerts',
  newAlert: 'New alert',
  for: 'For {{name}} · now {{price}}',
  kind: {
    price: 'Price',
    percent: '% move',
  },
  direction: {
    above: 'Above',
    below: 'Below',
    up: 'Up',
    down: 'Down',
  },
  price: 'Alert price',
  percent: 'Move (%)',
  create: 'Set alert',
  created: 'Alert set',
  empty: 'No alerts yet. Open a quote and tap the bell to set one.',
  active: 'Active',
  triggered: 'Fired',
  line: {
    above: 'At or above {{price}}',
    below: 'At or below {{price}}',
    up: 'Up {{percent}} % from {{base}} → {{price}}',
    down: 'Down {{percent}} % from {{base}} → {{price}}',
  },
  firedAt: 'Fired at {{price}} · {{time}}',
  setAt: 'Set {{time}}',
  delete: 'Delete',
  deleted: 'Alert deleted',
  confirmDelete: 'Delete this alert?',
  setAlert: 'Set a price alert',
  percentInvalid: 'Enter a percent above 0 (below 100 for a fall)',
  notifications: 'Browser notifications are off: alerts still arrive in your inbox and on screen.',
};

export type AlertsResource = typeof en;
export default en;
