import type { Locale } from '@tradewind/contract';

/**
 * Refusals of order entry (issue 18, item 4): take-profit and stop-loss asked with the order, the
 * futures contract month and tick, and the order-type checks of the contract's body schema. Merged
 * into the catalogs of `messages.ts` (whose test checks every locale has every key, translated).
 * Terms follow the web's trade screens (de Long/Short, zh-TW 停利/停損, zh-CN 止盈/止损).
 */
export const orderEntryEn = {
  'order.takeProfitAbove': 'The take-profit must be above the expected fill price ({price}) for a buy-up order',
  'order.takeProfitBelow': 'The take-profit must be below the expected fill price ({price}) for a buy-down order',
  'order.stopLossBelow': 'The stop-loss must be below the expected fill price ({price}) for a buy-up order',
  'order.stopLossAbove': 'The stop-loss must be above the expected fill price ({price}) for a buy-down order',
  'order.futuresTick': '{field} must be a whole number of ticks of {tick}',
  'order.contractUnknown': '{contract} is not a listed contract month of {code}',
  'order.triggerOnlyForStops': 'Only stop and stop-limit orders take a trigger price',
  'order.stopNoPrice': 'A stop order fills at market: give a trigger price only',
};

type OrderEntryCatalog = Record<keyof typeof orderEntryEn, string>;

const de: OrderEntryCatalog = {
  'order.takeProfitAbove': 'Der Take-Profit muss bei Long über dem erwarteten Ausführungskurs ({price}) liegen',
  'order.takeProfitBelow': 'Der Take-Profit muss bei Short unter dem erwarteten Ausführungskurs ({price}) liegen',
  'order.stopLossBelow': 'Der Stop-Loss muss bei Long unter dem erwarteten Ausführungskurs ({price}) liegen',
  'order.stopLossAbove': 'Der Stop-Loss muss bei Short über dem erwarteten Ausführungskurs ({price}) liegen',
  'order.futuresTick': '{field} muss ein ganzes Vielfaches der Tick-Größe {tick} sein',
  'order.contractUnknown': '{contract} ist kein gelisteter Kontraktmonat von {code}',
  'order.triggerOnlyForStops': 'Nur Stop- und Stop-Limit-Orders haben einen Auslösepreis',
  'order.stopNoPrice': 'Eine Stop-Order wird zum Marktpreis ausgeführt: Geben Sie nur einen Auslösepreis an',
};

const hi: OrderEntryCatalog = {
  'order.takeProfitAbove': 'तेज़ी के ऑर्डर में टेक-प्रॉफ़िट अपेक्षित निष्पादन मूल्य ({price}) से ऊपर होना चाहिए',
  'order.takeProfitBelow': 'मंदी के ऑर्डर में टेक-प्रॉफ़िट अपेक्षित निष्पादन मूल्य ({price}) से नीचे होना चाहिए',
  'order.stopLossBelow': 'तेज़ी के ऑर्डर में स्टॉप-लॉस अपेक्षित निष्पादन मूल्य ({price}) से नीचे होना चाहिए',
  'order.stopLossAbove': 'मंदी के ऑर्डर में स्टॉप-लॉस अपेक्षित निष्पादन मूल्य ({price}) से ऊपर होना चाहिए',
  'order.futuresTick': '{field} टिक आकार {tick} का पूर्ण गुणज होना चाहिए',
  'order.contractUnknown': '{contract} {code} का सूचीबद्ध अनुबंध माह नहीं है',
  'order.triggerOnlyForStops': 'केवल स्टॉप और स्टॉप-लिमिट ऑर्डर में ट्रिगर मूल्य होता है',
  'order.stopNoPrice': 'स्टॉप ऑर्डर बाज़ार मूल्य पर निष्पादित होता है: केवल ट्रिगर मूल्य दें',
};

const ja: OrderEntryCatalog = {
  'order.takeProfitAbove': '買い注文の利益確定は想定約定価格（{price}）より高くしてください',
  'order.takeProfitBelow': '売り注文の利益確定は想定約定価格（{price}）より低くしてください',
  'order.stopLossBelow': '買い注文の損切りは想定約定価格（{price}）より低くしてください',
  'order.stopLossAbove': '売り注文の損切りは想定約定価格（{price}）より高くしてください',
  'order.futuresTick': '{field}は呼値 {tick} の整数倍にしてください',
  'order.contractUnknown': '{contract} は {code} の上場限月ではありません',
  'order.triggerOnlyForStops': '発動価格を指定できるのは逆指値注文と逆指値付き指値注文だけです',
  'order.stopNoPrice': '逆指値注文は成行で約定します。発動価格だけを指定してください',
};

const th: OrderEntryCatalog = {
  'order.takeProfitAbove': 'คำสั่งซื้อขึ้นต้องตั้งทำกำไรสูงกว่าราคาที่คาดว่าจะจับคู่ได้ ({price})',
  'order.takeProfitBelow': 'คำสั่งซื้อลงต้องตั้งทำกำไรต่ำกว่าราคาที่คาดว่าจะจับคู่ได้ ({price})',
  'order.stopLossBelow': 'คำสั่งซื้อขึ้นต้องตั้งตัดขาดทุนต่ำกว่าราคาที่คาดว่าจะจับคู่ได้ ({price})',
  'order.stopLossAbove': 'คำสั่งซื้อลงต้องตั้งตัดขาดทุนสูงกว่าราคาที่คาดว่าจะจับคู่ได้ ({price})',
  'order.futuresTick': '{field} ต้องเป็นจำนวนเท่าของช่วงราคา {tick}',
  'order.contractUnknown': '{contract} ไม่ใช่เดือนสัญญาที่เปิดซื้อขายของ {code}',
  'order.triggerOnlyForStops': 'เฉพาะคำสั่งหยุดและคำสั่งหยุดแบบจำกัดราคาเท่านั้นที่มีราคาทริกเกอร์',
  'order.stopNoPrice': 'คำสั่งหยุดจับคู่ที่ราคาตลาด: ระบุเฉพาะราคาทริกเกอร์',
};

const zhCN: OrderEntryCatalog = {
  'order.takeProfitAbove': '买涨订单的止盈价必须高于预计成交价（{price}）',
  'order.takeProfitBelow': '买跌订单的止盈价必须低于预计成交价（{price}）',
  'order.stopLossBelow': '买涨订单的止损价必须低于预计成交价（{price}）',
  'order.stopLossAbove': '买跌订单的止损价必须高于预计成交价（{price}）',
  'order.futuresTick': '{field} 必须是最小变动价位 {tick} 的整数倍',
  'order.contractUnknown': '{contract} 不是 {code} 的上市合约月份',
  'order.triggerOnlyForStops': '只有止损单和止损限价单需要触发价',
  'order.stopNoPrice': '止损单按市价成交：只需填写触发价',
};

const zhTW: OrderEntryCatalog = {
  'order.takeProfitAbove': '買漲委託的停利價必須高於預計成交價（{price}）',
  'order.takeProfitBelow': '買跌委託的停利價必須低於預計成交價（{price}）',
  'order.stopLossBelow': '買漲委託的停損價必須低於預計成交價（{price}）',
  'order.stopLossAbove': '買跌委託的停損價必須高於預計成交價（{price}）',
  'order.futuresTick': '{field} 必須是最小跳動點 {tick} 的整數倍',
  'order.contractUnknown': '{contract} 不是 {code} 的上市合約月份',
  'order.triggerOnlyForStops': '只有停損單與停損限價單需要觸發價',
  'order.stopNoPrice': '停損單以市價成交：只需填寫觸發價',
};

export const orderEntryCatalogs: Record<Exclude<Locale, 'en'>, OrderEntryCatalog> = { de, hi, ja, th, 'zh-CN': zhCN, 'zh-TW': zhTW };
