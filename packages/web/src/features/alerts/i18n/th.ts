import type { AlertsResource } from './en';

const th: AlertsResource = {
  title: 'แจ้งเตือนราคา',
  newAlert: 'การแจ้งเตือนใหม่',
  for: 'สำหรับ {{name}} · ตอนนี้ {{price}}',
  kind: {
    price: 'ราคา',
    percent: '% เปลี่ยนแปลง',
  },
  direction: {
    above: 'สูงกว่า',
    below: 'ต่ำกว่า',
    up: 'ขึ้น',
    down: 'ลง',
  },
  price: 'ราคาแจ้งเตือน',
  percent: 'เปลี่ยนแปลง (%)',
  create: 'ตั้งการแจ้งเตือน',
  created: 'ตั้งการแจ้งเตือนแล้ว',
  empty: 'ยังไม่มีการแจ้งเตือน เปิดหน้าราคาแล้วแตะกระดิ่งเพื่อตั้ง',
  active: 'ใช้งาน',
  triggered: 'แจ้งแล้ว',
  line: {
    above: 'เท่ากับหรือสูงกว่า {{price}}',
    below: 'เท่ากับหรือต่ำกว่า {{price}}',
    up: 'ขึ้น {{percent}} % จาก {{base}} → {{price}}',
    down: 'ลง {{percent}} % จาก {{base}} → {{price}}',
  },
  firedAt: 'แจ้งที่ {{price}} · {{time}}',
  setAt: 'ตั้งเมื่อ {{time}}',
  delete: 'ลบ',
  deleted: 'ลบการแจ้งเตือนแล้ว',
  confirmDelete: 'ลบการแจ้งเตือนนี้?',
  setAlert: 'ตั้งการแจ้งเตือนราคา',
  percentInvalid: 'กรอกเปอร์เซ็นต์มากกว่า 0 (น้อยกว่า 100 สำหรับขาลง)',
  notifications: 'การแจ้งเตือนของเบราว์เซอร์ปิดอยู่: การแจ้งเตือนยังคงส่งถึงกล่องข้อความและหน้าจอ',
};

export default th;
