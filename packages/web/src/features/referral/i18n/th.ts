import type { ReferralResource } from './en';

const th: ReferralResource = {
  share: {
    share: 'แชร์',
    shareLabel: 'แชร์ลิงก์เชิญ',
    shareTitle: 'มาร่วม Tradewind กับฉัน',
    heading: 'ชวนเพื่อนมาใช้ Tradewind',
    intro: 'เพื่อนที่สมัครด้วยรหัสเชิญหรือลิงก์ของคุณจะนับเป็นผู้ที่คุณเชิญ',
    code: 'รหัสเชิญของคุณ',
    link: 'ลิงก์เชิญของคุณ',
    qr: 'คิวอาร์โค้ดของลิงก์เชิญ',
    qrHint: 'ให้เพื่อนสแกนโค้ดนี้ด้วยกล้องโทรศัพท์เพื่อเปิดหน้าสมัครสมาชิก',
    copyCode: 'คัดลอกรหัส',
    copyLink: 'คัดลอกลิงก์',
    copied: 'คัดลอกแล้ว',
    copyFailed: 'คัดลอกไม่สำเร็จ โปรดเลือกข้อความแล้วคัดลอกเอง',
    invited: 'จำนวนคนที่คุณเชิญ',
  },
};

export default th;
