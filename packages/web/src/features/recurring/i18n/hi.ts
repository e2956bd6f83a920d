import type { RecurringResource } from './en';

const hi: RecurringResource = {
  newPlan: 'नई योजना',
  for: '{{name}} के लिए · आपके {{wallet}} से भुगतान ({{currency}})',
  amount: 'प्रति बार राशि ({{currency}})',
  frequency: {
    daily: 'रोज़',
    weekly: 'साप्ताहिक',
    monthly: 'मासिक',
  },
  time: 'समय (UTC)',
  weekday: 'सप्ताह का दिन',
  dayOfMonth: 'महीने का दिन',
  days: {
    '0': 'रवि',
    '1': 'सोम',
    '2': 'मंगल',
    '3': 'बुध',
    '4': 'गुरु',
    '5': 'शुक्र',
    '6': 'शनि',
  },
  create: 'योजना शुरू करें',
  created: 'योजना शुरू हुई',
  monthEnd: 'छोटे महीनों में यह अंतिम दिन चलती है।',
  hint: 'हर बार राशि (शुल्क सहित) से जितनी पूरी इकाइयाँ आती हैं, बाज़ार मूल्य पर खरीदी जाती हैं; बाकी वॉलेट में रहता है।',
  empty: 'अभी कोई योजना नहीं। कोई कोट खोलें और “{{button}}” चुनें।',
  every: {
    daily: 'रोज़ {{time}} UTC पर',
    weekly: 'हर {{day}} {{time}} UTC पर',
    monthly: 'हर महीने {{day}} तारीख को {{time}} UTC पर',
  },
  next: 'अगली बार {{time}}',
  status: {
    active: 'सक्रिय',
    paused: 'रुकी हुई',
    cancelled: 'रद्द',
  },
  pause: 'रोकें',
  resume: 'फिर शुरू करें',
  cancel: 'योजना रद्द करें',
  confirmCancel: 'इस योजना को स्थायी रूप से रद्द करें?',
  history: 'निष्पादन',
  noRuns: 'अभी कोई निष्पादन नहीं।',
  run: {
    filled: '{{quantity}} खरीदे {{price}} पर, कुल {{spent}}',
    pending: 'जारी',
    skipped: 'छोड़ा गया',
  },
  invalidTime: 'समय HH:MM के रूप में दर्ज करें',
  invalidDay: '1 से 31 के बीच दिन दर्ज करें',
  entry: 'नियमित निवेश',
};

export default hi;
