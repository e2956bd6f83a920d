import type { ReferralResource } from './en';

const hi: ReferralResource = {
  share: {
    share: 'शेयर करें',
    shareLabel: 'आमंत्रण लिंक शेयर करें',
    shareTitle: 'Tradewind पर मेरे साथ जुड़ें',
    heading: 'दोस्तों को Tradewind पर आमंत्रित करें',
    intro: 'जो दोस्त आपके आमंत्रण कोड या लिंक से पंजीकरण करते हैं, वे आपके गिने जाते हैं।',
    code: 'आपका आमंत्रण कोड',
    link: 'आपका आमंत्रण लिंक',
    qr: 'आपके आमंत्रण लिंक का QR कोड',
    qrHint: 'साइन-अप पेज खोलने के लिए किसी दोस्त से फ़ोन कैमरे से यह कोड स्कैन करवाएँ।',
    copyCode: 'कोड कॉपी करें',
    copyLink: 'लिंक कॉपी करें',
    copied: 'कॉपी हो गया',
    copyFailed: 'कॉपी नहीं हो सका। टेक्स्ट चुनकर हाथ से कॉपी करें।',
    invited: 'आपके द्वारा आमंत्रित लोग',
  },
};

export default hi;
