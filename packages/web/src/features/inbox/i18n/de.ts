import type { InboxResource } from './en';

const de: InboxResource = {
  list: {
    title: 'Nachrichten',
    unread: 'Ungelesen',
    unreadCount: '{{number}} ungelesen',
    allRead: 'Alles gelesen',
    markAll: 'Alle als gelesen markieren',
    markedAll: 'Alle Nachrichten als gelesen markiert',
    empty: 'Noch keine Nachrichten',
    emptyText: 'Hier erhalten Sie die Ergebnisse der Prüfung Ihrer Einzahlungen, Auszahlungen und Identitätsprüfung.',
    loadMore: 'Mehr anzeigen',
    loadingMore: 'Wird geladen …',
  },
  detail: {
    notFound: 'Diese Nachricht gibt es nicht.',
  },
};

export default de;
