/** News and notices (namespace `articles`); English is the key source for the other six. */
const en = {
  list: {
    news: 'News',
    notices: 'Notices',
    topics: 'Topics',
    allTopics: 'All',
    empty: 'Nothing published yet',
    emptyText: 'Market news and announcements from Tradewind appear here.',
    loadMore: 'Show more',
    loadingMore: 'Loading…',
  },
  detail: {
    notFound: 'This article does not exist.',
    inEnglish: 'Not yet translated into your language; shown in English.',
  },
};

export type ArticlesResource = typeof en;
export default en;
