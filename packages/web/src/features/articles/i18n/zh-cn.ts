import type { ArticlesResource } from './en';

const zhCN: ArticlesResource = {
  list: {
    news: '资讯',
    notices: '公告',
    topics: '主题',
    allTopics: '全部',
    empty: '暂无发布内容',
    emptyText: '市场资讯和 Tradewind 公告将显示在这里。',
    loadMore: '显示更多',
    loadingMore: '加载中…',
  },
  detail: {
    notFound: '该文章不存在。',
    inEnglish: '尚未翻译成您的语言，以英文显示。',
  },
};

export default zhCN;
