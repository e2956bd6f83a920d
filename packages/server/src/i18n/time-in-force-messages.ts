import type { Locale } from '@tradewind/contract';

/**
 * Time in force (issue 20): the refusal of a time in force on a market order and the inbox notice
 * of an order that expired. Merged into the catalogs of `messages.ts` (whose test checks every
 * locale has every key, translated). `{field}` is the field's label (`field-labels.ts`).
 */
export const timeInForceEn = {
  'order.timeInForceMarket': '{field} is only for limit, stop and stop-limit orders: a market order fills at once',
  'notice.orderExpiredTitle': 'Order expired',
  'notice.orderExpiredDayBody': 'Your day order for {quantity} {code} was not filled by the close of its trading session. It expired and its held funds were released.',
  'notice.orderExpiredGtcBody': 'Your good-till-cancelled order for {quantity} {code} was not filled within {days} days. It expired and its held funds were released.',
};

type TimeInForceCatalog = Record<keyof typeof timeInForceEn, string>;

const de: TimeInForceCatalog = {
  'order.timeInForceMarket': '{field} gibt es nur für Limit-, Stop- und Stop-Limit-Orders: Eine Market-Order wird sofort ausgeführt',
  'notice.orderExpiredTitle': 'Order abgelaufen',
  'notice.orderExpiredDayBody': 'Ihre Tagesorder über {quantity} {code} wurde bis zum Ende der Handelssitzung nicht ausgeführt. Sie ist abgelaufen und die reservierten Mittel wurden freigegeben.',
  'notice.orderExpiredGtcBody': 'Ihre Order bis auf Widerruf über {quantity} {code} wurde innerhalb von {days} Tagen nicht ausgeführt. Sie ist abgelaufen und die reservierten Mittel wurden freigegeben.',
};

const hi: TimeInForceCatalog = {
  'order.timeInForceMarket': '{field} केवल लिमिट, स्टॉप और स्टॉप-लिमिट ऑर्डर के लिए है: मार्केट ऑर्डर तुरंत पूरा होता है',
  'notice.orderExpiredTitle': 'ऑर्डर की अवधि समाप्त',
  'notice.orderExpiredDayBody': '{quantity} {code} का आपका दिन का ऑर्डर ट्रेडिंग सत्र बंद होने तक पूरा नहीं हुआ। इसकी अवधि समाप्त हो गई और रोकी गई राशि मुक्त कर दी गई।',
  'notice.orderExpiredGtcBody': '{quantity} {code} का आपका रद्द होने तक मान्य ऑर्डर {days} दिनों में पूरा नहीं हुआ। इसकी अवधि समाप्त हो गई और रोकी गई राशि मुक्त कर दी गई।',
};

const ja: TimeInForceCatalog = {
  'order.timeInForceMarket': '{field}は指値・逆指値・逆指値付き指値注文だけに指定できます。成行注文はすぐに約定します',
  'notice.orderExpiredTitle': '注文が失効しました',
  'notice.orderExpiredDayBody': '{code} {quantity} の当日注文は取引時間の終了までに約定しませんでした。注文は失効し、拘束資金を解放しました。',
  'notice.orderExpiredGtcBody': '{code} {quantity} の無期限注文は {days} 日以内に約定しませんでした。注文は失効し、拘束資金を解放しました。',
};

const th: TimeInForceCatalog = {
  'order.timeInForceMarket': '{field} ใช้ได้เฉพาะคำสั่งแบบจำกัดราคา คำสั่งหยุด และคำสั่งหยุดแบบจำกัดราคา: คำสั่งตลาดจับคู่ทันที',
  'notice.orderExpiredTitle': 'คำสั่งหมดอายุ',
  'notice.orderExpiredDayBody': 'คำสั่งรายวันของคุณสำหรับ {code} จำนวน {quantity} ไม่ได้จับคู่ก่อนปิดช่วงการซื้อขาย คำสั่งหมดอายุแล้วและเงินที่กันไว้ถูกปล่อยคืน',
  'notice.orderExpiredGtcBody': 'คำสั่งจนกว่าจะยกเลิกของคุณสำหรับ {code} จำนวน {quantity} ไม่ได้จับคู่ภายใน {days} วัน คำสั่งหมดอายุแล้วและเงินที่กันไว้ถูกปล่อยคืน',
};

const zhCN: TimeInForceCatalog = {
  'order.timeInForceMarket': '{field}只适用于限价单、止损单和止损限价单：市价单会立即成交',
  'notice.orderExpiredTitle': '订单已过期',
  'notice.orderExpiredDayBody': '您的 {code} {quantity} 当日有效订单在交易时段结束前未成交，已过期，冻结资金已释放。',
  'notice.orderExpiredGtcBody': '您的 {code} {quantity} 撤销前有效订单在 {days} 天内未成交，已过期，冻结资金已释放。',
};

const zhTW: TimeInForceCatalog = {
  'order.timeInForceMarket': '{field}只適用於限價單、停損單與停損限價單：市價單會立即成交',
  'notice.orderExpiredTitle': '委託已過期',
  'notice.orderExpiredDayBody': '您的 {code} {quantity} 當日有效委託在交易時段結束前未成交，已過期，圈存資金已釋放。',
  'notice.orderExpiredGtcBody': '您的 {code} {quantity} 取消前有效委託在 {days} 天內未成交，已過期，圈存資金已釋放。',
};

export const timeInForceCatalogs: Record<Exclude<Locale, 'en'>, TimeInForceCatalog> = { de, hi, ja, th, 'zh-CN': zhCN, 'zh-TW': zhTW };
