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
  /** Time in force of limit and stop orders (issue 20): the order page's control and the order rows. */
  tif: {
    label: 'Time in force',
    day: 'Day',
    gtc: 'GTC',
    dayName: 'Day',
    gtcName: 'Good till cancelled',
    dayHint: 'Expires at the close of today\'s trading session if not filled.',
    gtcHint: 'Stays until filled or cancelled, at most {{days}} days.',
  },
  tpsl: {
    title: 'Take-profit / stop-loss',
    takeProfit: 'Take-profit',
    stopLoss: 'Stop-loss',
    hint: 'The whole position is closed at market when the price reaches either level. Leave a field empty for none.',
    save: 'Save levels',
    saved: 'Take-profit and stop-loss saved',
    none: 'None',
  },
  // Liquidation price and margin ratio on the order preview, position card, close page and add-margin dialog.
  risk: {
    liquidationPrice: 'Liquidation price',
    marginRatio: 'Margin ratio',
    unreachable: 'None',
    caution: 'Nearing liquidation',
    danger: 'Close to liquidation',
    hint: 'The position is liquidated when the margin ratio reaches 100%.',
    newLiquidationPrice: 'New liquidation price',
    newMarginRatio: 'New margin ratio',
  },
  /** Order entry (issue 18): levels at entry, futures contract month and unit, Taiwan lots. */
  entry: {
    levels: 'Take-profit / stop-loss (optional)',
    levelsHint: 'Set on the position when the order fills. Leave empty for none.',
    takeProfitAbove: 'For buy-up, the take-profit must be above {{price}}',
    takeProfitBelow: 'For buy-down, the take-profit must be below {{price}}',
    stopLossBelow: 'For buy-up, the stop-loss must be below {{price}}',
    stopLossAbove: 'For buy-down, the stop-loss must be above {{price}}',
    levelInvalid: 'Enter a price above 0',
    tickOff: 'Use steps of {{tick}}',
    contractMonth: 'Contract month',
    front: 'Front',
    contract: 'Contract',
    expires: 'Expires {{date}}',
    lotMode: 'Lot type',
    boardLot: 'Board lot',
    oddLot: 'Odd lot',
    lots: 'Lots (1 lot = 1,000 shares)',
    shares: 'Shares (1–999)',
    sharesTotal: '= {{shares}} shares',
    boardLotWhole: 'Enter a whole number of lots, at least 1',
    oddLotRange: 'An odd lot is 1 to 999 shares',
  },
};

export type StopsResource = typeof en;
export default en;
