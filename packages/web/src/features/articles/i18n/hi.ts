import type { ArticlesResource } from './en';

const hi: ArticlesResource = {
  list: {
    news: 'समाचार',
    notices: 'सूचनाएँ',
    topics: 'विषय',
    allTopics: 'सभी',
    empty: 'अभी तक कुछ प्रकाशित नहीं हुआ',
    emptyText: 'बाज़ार समाचार और Tradewind की घोषणाएँ यहाँ दिखाई देती हैं।',
    loadMore: 'और दिखाएँ',
    loadingMore: 'लोड हो रहा है…',
  },
  detail: {
    notFound: 'यह लेख मौजूद नहीं है।',
    inEnglish: 'अभी आपकी भाषा में अनुवाद नहीं हुआ है; अंग्रेज़ी में दिखाया गया है।',
  },
};

export default hi;
