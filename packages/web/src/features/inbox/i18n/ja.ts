import type { InboxResource } from './en';

const ja: InboxResource = {
  list: {
    title: 'メッセージ',
    unread: '未読',
    unreadCount: '未読 {{number}} 件',
    allRead: 'すべて既読です',
    markAll: 'すべて既読にする',
    markedAll: 'すべてのメッセージを既読にしました',
    empty: 'メッセージはまだありません',
    emptyText: '入金・出金・本人確認の審査結果がここに届きます。',
    loadMore: 'さらに表示',
    loadingMore: '読み込み中…',
  },
  detail: {
    notFound: 'このメッセージは存在しません。',
  },
};

export default ja;
