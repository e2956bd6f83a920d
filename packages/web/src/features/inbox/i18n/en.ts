/** The inbox (namespace `inbox`); English is the key source for the other six. */
const en = {
  list: {
    title: 'Messages',
    unread: 'Unread',
    unreadCount: '{{number}} unread',
    allRead: 'All caught up',
    markAll: 'Mark all read',
    markedAll: 'All messages marked as read',
    empty: 'No messages yet',
    emptyText: 'Reviews of your deposits, withdrawals and identity verification arrive here.',
    loadMore: 'Show more',
    loadingMore: 'Loading…',
  },
  detail: {
    notFound: 'This message does not exist.',
  },
};

export type InboxResource = typeof en;
export default en;
