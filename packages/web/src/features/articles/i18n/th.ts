import type { ArticlesResource } from './en';

const th: ArticlesResource = {
  list: {
    news: 'ข่าว',
    notices: 'ประกาศ',
    topics: 'หัวข้อ',
    allTopics: 'ทั้งหมด',
    empty: 'ยังไม่มีการเผยแพร่',
    emptyText: 'ข่าวตลาดและประกาศจาก Tradewind จะแสดงที่นี่',
    loadMore: 'แสดงเพิ่มเติม',
    loadingMore: 'กำลังโหลด…',
  },
  detail: {
    notFound: 'ไม่มีบทความนี้',
    inEnglish: 'ยังไม่ได้แปลเป็นภาษาของคุณ จึงแสดงเป็นภาษาอังกฤษ',
  },
};

export default th;
