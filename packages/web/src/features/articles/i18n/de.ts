import type { ArticlesResource } from './en';

const de: ArticlesResource = {
  list: {
    news: 'Nachrichten',
    notices: 'Mitteilungen',
    topics: 'Themen',
    allTopics: 'Alle',
    empty: 'Noch nichts veröffentlicht',
    emptyText: 'Hier erscheinen Marktnachrichten und Mitteilungen von Tradewind.',
    loadMore: 'Mehr anzeigen',
    loadingMore: 'Wird geladen…',
  },
  detail: {
    notFound: 'Diesen Artikel gibt es nicht.',
    inEnglish: 'Noch nicht in Ihre Sprache übersetzt; auf Englisch angezeigt.',
  },
};

export default de;
