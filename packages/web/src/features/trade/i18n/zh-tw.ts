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
};

export default zhTW;
