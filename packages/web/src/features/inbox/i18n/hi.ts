import type { InboxResource } from './en';

const hi: InboxResource = {
  list: {
    title: 'संदेश',
    unread: 'अपठित',
    unreadCount: '{{number}} अपठित',
    allRead: 'कोई नया संदेश नहीं',
    markAll: 'सभी को पढ़ा हुआ मार्क करें',
    markedAll: 'सभी संदेश पढ़े हुए चिह्नित किए गए',
    empty: 'अभी कोई संदेश नहीं',
    emptyText: 'आपकी जमा, निकासी और पहचान सत्यापन की समीक्षा के परिणाम यहाँ आते हैं।',
    loadMore: 'और दिखाएँ',
    loadingMore: 'लोड हो रहा है…',
  },
  detail: {
    notFound: 'यह संदेश मौजूद नहीं है।',
  },
};

export default hi;
