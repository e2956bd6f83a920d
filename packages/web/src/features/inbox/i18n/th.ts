import type { InboxResource } from './en';

const th: InboxResource = {
  list: {
    title: 'ข้อความ',
    unread: 'ยังไม่อ่าน',
    unreadCount: 'ยังไม่อ่าน {{number}} รายการ',
    allRead: 'อ่านครบแล้ว',
    markAll: 'อ่านทั้งหมด',
    markedAll: 'ทำเครื่องหมายว่าอ่านแล้วทั้งหมด',
    empty: 'ยังไม่มีข้อความ',
    emptyText: 'ผลการตรวจสอบการฝาก การถอน และการยืนยันตัวตนของคุณจะแสดงที่นี่',
    loadMore: 'แสดงเพิ่มเติม',
    loadingMore: 'กำลังโหลด…',
  },
  detail: {
    notFound: 'ไม่มีข้อความนี้',
  },
};

export default th;
