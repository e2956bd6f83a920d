/** The `stops` namespace; English is the key source for the other six. */
const en = {
  type: {
    stop: 'Stop',
    stopLimit: 'Stop-limit',
  },
  triggerPrice: 'Trigger price',
  limitPrice: 'Limit price',
  hint: {
    stopBuy: 'Buys at market when the ask rises to the trigger price.',
    stopSell: 'Sells at market when the bid falls to the trigger price.',
    stopLimitBuy: 'When the ask rises to the trigger price, a limit order to buy rests at your limit price.',
    stopLimitSell: 'When the bid falls to the trigger price, a limit order to sell rests at your limit price.',
  },
  trigger: 'Trigger',
  triggered: 'Triggered',
  waiting: 'Waiting for trigger',
  tpsl: {
    title: 'Take-profit / stop-loss',
    takeProfit: 'Take-profit',
    stopLoss: 'Stop-loss',
    hint: 'The whole position is closed at market when the price reaches either level. Leave a field empty for none.',
    save: 'Save levels',
    saved: 'Take-profit and stop-loss saved',
    none: 'None',
  },
};

export type StopsResource = typeof en;
export default en;
