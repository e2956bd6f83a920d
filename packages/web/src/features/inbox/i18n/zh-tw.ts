import type { InboxResource } from './en';

const zhTW: InboxResource = {
  list: {
    title: '訊息',
    unread: '未讀',
    unreadCount: '{{number}} 則未讀',
    allRead: '已全部讀完',
    markAll: '全部標為已讀',
    markedAll: '所有訊息已標為已讀',
    empty: '尚無訊息',
    emptyText: '入金、出金及身分驗證的審核結果會傳送到這裡。',
    loadMore: '顯示更多',
    loadingMore: '載入中…',
  },
  detail: {
    notFound: '此訊息不存在。',
  },
};

export default zhTW;
