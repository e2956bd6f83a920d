import type { StopsResource } from './en';

const zhTW: StopsResource = {
  type: {
    stop: '停損單',
    stopLimit: '停損限價',
  },
  triggerPrice: '觸發價',
  limitPrice: '限價',
  hint: {
    stopBuy: '賣價升至觸發價時以市價買進。',
    stopSell: '買價跌至觸發價時以市價賣出。',
    stopLimitBuy: '賣價升至觸發價時，依您的限價掛出買進限價單。',
    stopLimitSell: '買價跌至觸發價時，依您的限價掛出賣出限價單。',
  },
  trigger: '觸發價',
  triggered: '已觸發',
  waiting: '等待觸發',
  tpsl: {
    title: '停利 / 停損',
    takeProfit: '停利',
    stopLoss: '停損',
    hint: '價格到達任一價位時，以市價平掉整個部位。留空表示不設定。',
    save: '儲存價位',
    saved: '停利停損已儲存',
    none: '未設定',
  },
  // Liquidation price and margin ratio on the order preview, position card, close page and add-margin dialog.
  risk: {
    liquidationPrice: '強平價格',
    marginRatio: '保證金率',
    unreachable: '無',
    caution: '接近強平',
    danger: '即將強平',
    hint: '保證金率達到 100% 時倉位將被強制平倉。',
    newLiquidationPrice: '追加後強平價格',
    newMarginRatio: '追加後保證金率',
  },
  entry: {
    levels: '停利 / 停損（選填）',
    levelsHint: '委託成交時設定到部位上。不需要請留空。',
    takeProfitAbove: '買漲時停利價必須高於 {{price}}',
    takeProfitBelow: '買跌時停利價必須低於 {{price}}',
    stopLossBelow: '買漲時停損價必須低於 {{price}}',
    stopLossAbove: '買跌時停損價必須高於 {{price}}',
    levelInvalid: '請輸入大於 0 的價格',
    tickOff: '請以 {{tick}} 的整數倍輸入',
    contractMonth: '合約月份',
    front: '近月',
    contract: '合約',
    expires: '到期 {{date}}',
    lotMode: '交易單位',
    boardLot: '整股',
    oddLot: '零股',
    lots: '張數（1 張 = 1,000 股）',
    shares: '股數（1–999）',
    sharesTotal: '= {{shares}} 股',
    boardLotWhole: '請輸入整數張數，至少 1 張',
    oddLotRange: '零股為 1 至 999 股',
  },
};

export default zhTW;
