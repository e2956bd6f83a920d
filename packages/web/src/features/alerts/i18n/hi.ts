import type { AlertsResource } from './en';

const hi: AlertsResource = {
  title: 'मूल्य अलर्ट',
  newAlert: 'नया अलर्ट',
  for: '{{name}} के लिए · अभी {{price}}',
  kind: {
    price: 'मूल्य',
    percent: '% बदलाव',
  },
  direction: {
    above: 'ऊपर',
    below: 'नीचे',
    up: 'बढ़त',
    down: 'गिरावट',
  },
  price: 'अलर्ट मूल्य',
  percent: 'बदलाव (%)',
  create: 'अलर्ट लगाएँ',
  created: 'अलर्ट लग गया',
  empty: 'अभी कोई अलर्ट नहीं। कोई कोट खोलें और घंटी पर टैप करें।',
  active: 'सक्रिय',
  triggered: 'चल गया',
  line: {
    above: '{{price}} या उससे ऊपर',
    below: '{{price}} या उससे नीचे',
    up: '{{base}} से {{percent}} % ऊपर → {{price}}',
    down: '{{base}} से {{percent}} % नीचे → {{price}}',
  },
  firedAt: '{{price}} पर चला · {{time}}',
  setAt: 'लगाया {{time}}',
  delete: 'हटाएँ',
  deleted: 'अलर्ट हटाया गया',
  confirmDelete: 'यह अलर्ट हटाएँ?',
  setAlert: 'मूल्य अलर्ट लगाएँ',
  percentInvalid: '0 से अधिक प्रतिशत दर्ज करें (गिरावट के लिए 100 से कम)',
  notifications: 'ब्राउज़र सूचनाएँ बंद हैं: अलर्ट फिर भी आपके इनबॉक्स और स्क्रीन पर आएँगे।',
};

export default hi;
