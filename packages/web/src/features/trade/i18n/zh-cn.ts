import type { StopsResource } from './en';

const zhCN: StopsResource = {
  type: {
    stop: '止损单',
    stopLimit: '止损限价',
  },
  triggerPrice: '触发价',
  limitPrice: '限价',
  hint: {
    stopBuy: '卖价升至触发价时以市价买入。',
    stopSell: '买价跌至触发价时以市价卖出。',
    stopLimitBuy: '卖价升至触发价时，按您的限价挂出买入限价单。',
    stopLimitSell: '买价跌至触发价时，按您的限价挂出卖出限价单。',
  },
  trigger: '触发价',
  triggered: '已触发',
  waiting: '等待触发',
  tpsl: {
    title: '止盈 / 止损',
    takeProfit: '止盈',
    stopLoss: '止损',
    hint: '价格达到任一价位时，以市价平掉整个持仓。留空表示不设置。',
    save: '保存价位',
    saved: '止盈止损已保存',
    none: '未设置',
  },
  // Liquidation price and margin ratio on the order preview, position card, close page and add-margin dialog.
  risk: {
    liquidationPrice: '强平价格',
    marginRatio: '保证金率',
    unreachable: '无',
    caution: '接近强平',
    danger: '即将强平',
    hint: '保证金率达到 100% 时仓位将被强制平仓。',
    newLiquidationPrice: '追加后强平价格',
    newMarginRatio: '追加后保证金率',
  },
  entry: {
    levels: '止盈 / 止损（可选）',
    levelsHint: '订单成交时设置到持仓上。不需要请留空。',
    takeProfitAbove: '买涨时止盈价必须高于 {{price}}',
    takeProfitBelow: '买跌时止盈价必须低于 {{price}}',
    stopLossBelow: '买涨时止损价必须低于 {{price}}',
    stopLossAbove: '买跌时止损价必须高于 {{price}}',
    levelInvalid: '请输入大于 0 的价格',
    tickOff: '请按 {{tick}} 的整数倍输入',
    contractMonth: '合约月份',
    front: '主力',
    contract: '合约',
    expires: '到期 {{date}}',
    lotMode: '交易单位',
    boardLot: '整股',
    oddLot: '零股',
    lots: '张数（1 张 = 1,000 股）',
    shares: '股数（1–999）',
    sharesTotal: '= {{shares}} 股',
    boardLotWhole: '请输入整数张数，至少 1 张',
    oddLotRange: '零股为 1 至 999 股',
  },
};

export default zhCN;
