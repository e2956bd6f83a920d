import type { RecurringResource } from './en';

const th: RecurringResource = {
  newPlan: 'แผนใหม่',
  for: 'สำหรับ {{name}} · จ่ายจาก{{wallet}}ของคุณ ({{currency}})',
  amount: 'จำนวนต่อครั้ง ({{currency}})',
  frequency: {
    daily: 'รายวัน',
    weekly: 'รายสัปดาห์',
    monthly: 'รายเดือน',
  },
  time: 'เวลา (UTC)',
  weekday: 'วันในสัปดาห์',
  dayOfMonth: 'วันที่ของเดือน',
  days: {
    '0': 'อา.',
    '1': 'จ.',
    '2': 'อ.',
    '3': 'พ.',
    '4': 'พฤ.',
    '5': 'ศ.',
    '6': 'ส.',
  },
  create: 'เริ่มแผน',
  created: 'เริ่มแผนแล้ว',
  monthEnd: 'เดือนที่สั้นกว่าจะทำในวันสุดท้าย',
  hint: 'แต่ละครั้งซื้อที่ราคาตลาดจำนวนหน่วยเต็มมากที่สุดที่จำนวนเงิน (รวมค่าธรรมเนียม) ซื้อได้ ส่วนที่เหลืออยู่ในกระเป๋า',
  empty: 'ยังไม่มีแผน เปิดหน้าราคาแล้วเลือก “{{button}}”',
  every: {
    daily: 'ทุกวันเวลา {{time}} UTC',
    weekly: 'ทุกวัน{{day}} เวลา {{time}} UTC',
    monthly: 'ทุกเดือนวันที่ {{day}} เวลา {{time}} UTC',
  },
  next: 'ครั้งถัดไป {{time}}',
  status: {
    active: 'ใช้งาน',
    paused: 'หยุดชั่วคราว',
    cancelled: 'ยกเลิกแล้ว',
  },
  pause: 'หยุดชั่วคราว',
  resume: 'ทำต่อ',
  cancel: 'ยกเลิกแผน',
  confirmCancel: 'ยกเลิกแผนนี้ถาวรหรือไม่',
  history: 'ประวัติการทำรายการ',
  noRuns: 'ยังไม่มีการทำรายการ',
  run: {
    filled: 'ซื้อ {{quantity}} ที่ {{price}} รวม {{spent}}',
    pending: 'กำลังดำเนินการ',
    skipped: 'ข้าม',
  },
  invalidTime: 'กรอกเวลาแบบ HH:MM',
  invalidDay: 'กรอกวันที่ 1 ถึง 31',
  entry: 'ลงทุนสม่ำเสมอ',
};

export default th;
