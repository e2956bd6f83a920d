import type { StopsResource } from './en';

const hi: StopsResource = {
  type: {
    stop: 'स्टॉप',
    stopLimit: 'स्टॉप-लिमिट',
  },
  triggerPrice: 'ट्रिगर मूल्य',
  limitPrice: 'लिमिट मूल्य',
  hint: {
    stopBuy: 'जब आस्क ट्रिगर मूल्य तक बढ़ता है, तब बाज़ार मूल्य पर खरीदता है।',
    stopSell: 'जब बिड ट्रिगर मूल्य तक गिरता है, तब बाज़ार मूल्य पर बेचता है।',
    stopLimitBuy: 'जब आस्क ट्रिगर मूल्य तक बढ़ता है, तब आपके लिमिट मूल्य पर खरीद का लिमिट ऑर्डर लगता है।',
    stopLimitSell: 'जब बिड ट्रिगर मूल्य तक गिरता है, तब आपके लिमिट मूल्य पर बिक्री का लिमिट ऑर्डर लगता है।',
  },
  trigger: 'ट्रिगर',
  triggered: 'ट्रिगर हो गया',
  waiting: 'ट्रिगर की प्रतीक्षा',
  tpsl: {
    title: 'टेक-प्रॉफ़िट / स्टॉप-लॉस',
    takeProfit: 'टेक-प्रॉफ़िट',
    stopLoss: 'स्टॉप-लॉस',
    hint: 'मूल्य किसी भी स्तर पर पहुँचते ही पूरी पोज़िशन बाज़ार मूल्य पर बंद हो जाती है। न चाहें तो खाली छोड़ें।',
    save: 'स्तर सहेजें',
    saved: 'टेक-प्रॉफ़िट और स्टॉप-लॉस सहेजे गए',
    none: 'कोई नहीं',
  },
  // Liquidation price and margin ratio on the order preview, position card, close page and add-margin dialog.
  risk: {
    liquidationPrice: 'परिसमापन मूल्य',
    marginRatio: 'मार्जिन अनुपात',
    unreachable: 'कोई नहीं',
    caution: 'परिसमापन के निकट',
    danger: 'परिसमापन के बहुत निकट',
    hint: 'मार्जिन अनुपात 100% पहुँचने पर पोज़िशन का परिसमापन हो जाता है।',
    newLiquidationPrice: 'नया परिसमापन मूल्य',
    newMarginRatio: 'नया मार्जिन अनुपात',
  },
  entry: {
    levels: 'टेक-प्रॉफ़िट / स्टॉप-लॉस (वैकल्पिक)',
    levelsHint: 'ऑर्डर पूरा होने पर पोज़िशन पर लगाया जाता है। न चाहें तो खाली छोड़ें।',
    takeProfitAbove: 'तेज़ी में टेक-प्रॉफ़िट {{price}} से ऊपर होना चाहिए',
    takeProfitBelow: 'मंदी में टेक-प्रॉफ़िट {{price}} से नीचे होना चाहिए',
    stopLossBelow: 'तेज़ी में स्टॉप-लॉस {{price}} से नीचे होना चाहिए',
    stopLossAbove: 'मंदी में स्टॉप-लॉस {{price}} से ऊपर होना चाहिए',
    levelInvalid: '0 से अधिक मूल्य दर्ज करें',
    tickOff: '{{tick}} के चरणों का उपयोग करें',
    contractMonth: 'अनुबंध माह',
    front: 'निकटतम',
    contract: 'अनुबंध',
    expires: 'समाप्ति {{date}}',
    lotMode: 'लॉट प्रकार',
    boardLot: 'बोर्ड लॉट',
    oddLot: 'ऑड लॉट',
    lots: 'लॉट (1 लॉट = 1,000 शेयर)',
    shares: 'शेयर (1–999)',
    sharesTotal: '= {{shares}} शेयर',
    boardLotWhole: 'लॉट की पूर्ण संख्या दर्ज करें, कम से कम 1',
    oddLotRange: 'ऑड लॉट 1 से 999 शेयर का होता है',
  },
};

export default hi;
