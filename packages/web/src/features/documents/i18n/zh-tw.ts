import type { DocumentsResource } from './en';

const zhTW: DocumentsResource = {
  viewer: {
    refusedTitle: '無法在此開啟此頁面',
    refusedHost: '{{host}} 不在本應用程式可顯示的網站清單中。只有經核准網站的文件才能在應用程式內開啟。',
    refusedInvalid: '此文件的網址無效。',
    refusedInsecure: '應用程式內只能開啟安全（https）頁面。',
    missing: '未指定文件。',
    frameTitle: '來自 {{host}} 的文件',
  },
  terms: {
    title: '服務條款',
    updated: '最後更新於 2026 年 11 月 1 日',
    sections: {
      s1: { heading: '關於我們', body: 'Tradewind 是為個人客戶提供的券商應用程式。開立帳戶即表示您同意本條款。' },
      s2: { heading: '您的帳戶', body: '請對登入密碼與交易密碼保密。使用它們下達的委託由您負責。若您認為他人使用了您的帳戶，請立即通知我們。' },
      s3: { heading: '風險', body: '股票、期貨與外匯的價格會漲跌。槓桿交易的虧損可能超過投入的金額。機構或機器人的過往報酬不代表未來報酬。' },
      s4: { heading: '資金', body: '入金與出金在入帳或付款前均須審核。在交易或出金前，我們可能要求您完成身分驗證。' },
    },
  },
  privacy: {
    title: '隱私權政策',
    updated: '最後更新於 2026 年 11 月 1 日',
    sections: {
      s1: { heading: '我們蒐集的資料', body: '您的電子郵件地址、為驗證上傳的身分證件、您的委託、付款，以及您寄給客服的訊息。' },
      s2: { heading: '用途', body: '用於經營您的帳戶、履行客戶身分核驗與防範詐騙的法定義務，以及回答您的問題。' },
      s3: { heading: '誰能看到', body: '審核入金、出金與身分的員工，以及法律要求時的主管機關。我們不會出售您的資料。' },
      s4: { heading: '您的權利', body: '您可以聯絡客服索取資料副本、要求更正或註銷帳戶。' },
    },
  },
};

export default zhTW;
