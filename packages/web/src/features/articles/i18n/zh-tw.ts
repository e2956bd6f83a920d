import type { ArticlesResource } from './en';

const zhTW: ArticlesResource = {
  list: {
    news: '新聞',
    notices: '公告',
    topics: '主題',
    allTopics: '全部',
    empty: '尚無發布內容',
    emptyText: '市場新聞與 Tradewind 公告將顯示在這裡。',
    loadMore: '顯示更多',
    loadingMore: '載入中…',
  },
  detail: {
    notFound: '該文章不存在。',
    inEnglish: '尚未翻譯成您的語言，以英文顯示。',
  },
};

export default zhTW;
