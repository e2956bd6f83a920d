import type { StopsResource } from './en';

const th: StopsResource = {
  type: {
    stop: 'คำสั่งหยุด',
    stopLimit: 'หยุดแบบจำกัดราคา',
  },
  triggerPrice: 'ราคาทริกเกอร์',
  limitPrice: 'ราคาจำกัด',
  hint: {
    stopBuy: 'ซื้อที่ราคาตลาดเมื่อราคาเสนอขายขึ้นถึงราคาทริกเกอร์',
    stopSell: 'ขายที่ราคาตลาดเมื่อราคาเสนอซื้อลงถึงราคาทริกเกอร์',
    stopLimitBuy: 'เมื่อราคาเสนอขายขึ้นถึงราคาทริกเกอร์ จะตั้งคำสั่งซื้อแบบจำกัดราคาที่ราคาจำกัดของคุณ',
    stopLimitSell: 'เมื่อราคาเสนอซื้อลงถึงราคาทริกเกอร์ จะตั้งคำสั่งขายแบบจำกัดราคาที่ราคาจำกัดของคุณ',
  },
  trigger: 'ทริกเกอร์',
  triggered: 'ทริกเกอร์แล้ว',
  waiting: 'รอทริกเกอร์',
  tpsl: {
    title: 'ทำกำไร / ตัดขาดทุน',
    takeProfit: 'ทำกำไร',
    stopLoss: 'ตัดขาดทุน',
    hint: 'ปิดสถานะทั้งหมดที่ราคาตลาดเมื่อราคาถึงระดับใดระดับหนึ่ง เว้นว่างไว้หากไม่ต้องการ',
    save: 'บันทึกระดับ',
    saved: 'บันทึกการทำกำไรและตัดขาดทุนแล้ว',
    none: 'ไม่มี',
  },
  // Liquidation price and margin ratio on the order preview, position card, close page and add-margin dialog.
  risk: {
    liquidationPrice: 'ราคาบังคับปิด',
    marginRatio: 'อัตรามาร์จิ้น',
    unreachable: 'ไม่มี',
    caution: 'ใกล้ถูกบังคับปิด',
    danger: 'ใกล้ถูกบังคับปิดมาก',
    hint: 'สถานะจะถูกบังคับปิดเมื่ออัตรามาร์จิ้นถึง 100%',
    newLiquidationPrice: 'ราคาบังคับปิดใหม่',
    newMarginRatio: 'อัตรามาร์จิ้นใหม่',
  },
  entry: {
    levels: 'ทำกำไร / ตัดขาดทุน (ไม่บังคับ)',
    levelsHint: 'ตั้งให้สถานะเมื่อคำสั่งจับคู่ เว้นว่างหากไม่ต้องการ',
    takeProfitAbove: 'ซื้อขึ้นต้องตั้งทำกำไรสูงกว่า {{price}}',
    takeProfitBelow: 'ซื้อลงต้องตั้งทำกำไรต่ำกว่า {{price}}',
    stopLossBelow: 'ซื้อขึ้นต้องตั้งตัดขาดทุนต่ำกว่า {{price}}',
    stopLossAbove: 'ซื้อลงต้องตั้งตัดขาดทุนสูงกว่า {{price}}',
    levelInvalid: 'กรอกราคาที่มากกว่า 0',
    tickOff: 'ใช้ช่วงราคาทีละ {{tick}}',
    contractMonth: 'เดือนสัญญา',
    front: 'ใกล้สุด',
    contract: 'สัญญา',
    expires: 'หมดอายุ {{date}}',
    lotMode: 'ประเภทล็อต',
    boardLot: 'ล็อตปกติ',
    oddLot: 'เศษหุ้น',
    lots: 'ล็อต (1 ล็อต = 1,000 หุ้น)',
    shares: 'หุ้น (1–999)',
    sharesTotal: '= {{shares}} หุ้น',
    boardLotWhole: 'กรอกจำนวนล็อตเป็นจำนวนเต็ม อย่างน้อย 1',
    oddLotRange: 'เศษหุ้นคือ 1 ถึง 999 หุ้น',
  },
};

export default th;
