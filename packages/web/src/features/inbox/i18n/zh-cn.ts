import type { InboxResource } from './en';

const zhCN: InboxResource = {
  list: {
    title: '消息',
    unread: '未读',
    unreadCount: '{{number}} 条未读',
    allRead: '已全部读完',
    markAll: '全部已读',
    markedAll: '所有消息已标为已读',
    empty: '暂无消息',
    emptyText: '充值、提现和身份认证的审核结果会发送到这里。',
    loadMore: '加载更多',
    loadingMore: '加载中…',
  },
  detail: {
    notFound: '该消息不存在。',
  },
};

export default zhCN;
