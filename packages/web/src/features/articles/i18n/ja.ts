import type { ArticlesResource } from './en';

const ja: ArticlesResource = {
  list: {
    news: 'ニュース',
    notices: 'お知らせ',
    topics: 'トピック',
    allTopics: 'すべて',
    empty: 'まだ公開された記事はありません',
    emptyText: 'マーケットニュースとTradewindからのお知らせがここに表示されます。',
    loadMore: 'さらに表示',
    loadingMore: '読み込み中…',
  },
  detail: {
    notFound: 'この記事は存在しません。',
    inEnglish: 'お使いの言語にはまだ翻訳されていないため、英語で表示しています。',
  },
};

export default ja;
