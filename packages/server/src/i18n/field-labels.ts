import type { Locale } from '@tradewind/contract';

/**
 * What people call the fields of the request bodies, so a refusal names "Take-profit" (or 止盈)
 * where the schema says `takeProfit`. `translate` puts them into the `{field}` of any message; a
 * field without a label here reads as its name spelled out in words (English), so add the label
 * when a body gains a field people type into.
 */
const en = {
  username: 'E-mail',
  fromWallet: 'From wallet',
  toWallet: 'To wallet',
  currency: 'Currency',
  stockCode: 'Symbol',
  goldCode: 'Futures symbol',
  goldName: 'Futures name',
  contract: 'Contract month',
  market: 'Market',
  source: 'Asset class',
  direction: 'Direction',
  orderType: 'Order type',
  price: 'Price',
  triggerPrice: 'Trigger price',
  quantity: 'Quantity',
  leverage: 'Leverage',
  takeProfit: 'Take-profit',
  stopLoss: 'Stop-loss',
  id: 'ID',
  amount: 'Amount',
  email: 'E-mail',
  password: 'Password',
  code: 'Verification code',
  inviteCode: 'Invite code',
  payPassword: 'Transaction password',
  pageNum: 'Page',
  pageSize: 'Page size',
  classify: 'Category',
  body: 'Request',
  query: 'Query',
  request: 'Request',
};
type Labels = Record<keyof typeof en, string>;

const de: Labels = {
  username: 'E-Mail',
  fromWallet: 'Von Wallet',
  toWallet: 'An Wallet',
  currency: 'Währung',
  stockCode: 'Symbol',
  goldCode: 'Futures-Symbol',
  goldName: 'Futures-Name',
  contract: 'Kontraktmonat',
  market: 'Markt',
  source: 'Anlageklasse',
  direction: 'Richtung',
  orderType: 'Ordertyp',
  price: 'Preis',
  triggerPrice: 'Auslösepreis',
  quantity: 'Menge',
  leverage: 'Hebel',
  takeProfit: 'Take-Profit',
  stopLoss: 'Stop-Loss',
  id: 'Kennung',
  amount: 'Betrag',
  email: 'E-Mail',
  password: 'Passwort',
  code: 'Bestätigungscode',
  inviteCode: 'Einladungscode',
  payPassword: 'Transaktionspasswort',
  pageNum: 'Seite',
  pageSize: 'Seitengröße',
  classify: 'Kategorie',
  body: 'Anfrage',
  query: 'Abfrage',
  request: 'Anfrage',
};

const hi: Labels = {
  username: 'ई-मेल',
  fromWallet: 'किस वॉलेट से',
  toWallet: 'किस वॉलेट में',
  currency: 'मुद्रा',
  stockCode: 'प्रतीक',
  goldCode: 'फ़्यूचर्स प्रतीक',
  goldName: 'फ़्यूचर्स नाम',
  contract: 'अनुबंध माह',
  market: 'बाज़ार',
  source: 'परिसंपत्ति वर्ग',
  direction: 'दिशा',
  orderType: 'ऑर्डर प्रकार',
  price: 'मूल्य',
  triggerPrice: 'ट्रिगर मूल्य',
  quantity: 'मात्रा',
  leverage: 'लीवरेज',
  takeProfit: 'टेक-प्रॉफ़िट',
  stopLoss: 'स्टॉप-लॉस',
  id: 'पहचान संख्या',
  amount: 'राशि',
  email: 'ई-मेल',
  password: 'पासवर्ड',
  code: 'सत्यापन कोड',
  inviteCode: 'आमंत्रण कोड',
  payPassword: 'लेन-देन पासवर्ड',
  pageNum: 'पृष्ठ',
  pageSize: 'पृष्ठ आकार',
  classify: 'श्रेणी',
  body: 'अनुरोध',
  query: 'क्वेरी',
  request: 'अनुरोध',
};

const ja: Labels = {
  username: 'メールアドレス',
  fromWallet: '振替元ウォレット',
  toWallet: '振替先ウォレット',
  currency: '通貨',
  stockCode: '銘柄コード',
  goldCode: '先物コード',
  goldName: '先物名',
  contract: '限月',
  market: '市場',
  source: '資産クラス',
  direction: '売買方向',
  orderType: '注文種別',
  price: '価格',
  triggerPrice: '発動価格',
  quantity: '数量',
  leverage: 'レバレッジ',
  takeProfit: '利益確定',
  stopLoss: '損切り',
  id: '番号',
  amount: '金額',
  email: 'メールアドレス',
  password: 'パスワード',
  code: '認証コード',
  inviteCode: '招待コード',
  payPassword: '取引パスワード',
  pageNum: 'ページ',
  pageSize: 'ページサイズ',
  classify: '分類',
  body: 'リクエスト',
  query: 'クエリ',
  request: 'リクエスト',
};

const th: Labels = {
  username: 'อีเมล',
  fromWallet: 'กระเป๋าต้นทาง',
  toWallet: 'กระเป๋าปลายทาง',
  currency: 'สกุลเงิน',
  stockCode: 'สัญลักษณ์',
  goldCode: 'สัญลักษณ์ฟิวเจอร์ส',
  goldName: 'ชื่อฟิวเจอร์ส',
  contract: 'เดือนสัญญา',
  market: 'ตลาด',
  source: 'ประเภทสินทรัพย์',
  direction: 'ทิศทาง',
  orderType: 'ประเภทคำสั่ง',
  price: 'ราคา',
  triggerPrice: 'ราคาทริกเกอร์',
  quantity: 'จำนวน',
  leverage: 'เลเวอเรจ',
  takeProfit: 'ราคาทำกำไร',
  stopLoss: 'ราคาตัดขาดทุน',
  id: 'หมายเลข',
  amount: 'จำนวนเงิน',
  email: 'อีเมล',
  password: 'รหัสผ่าน',
  code: 'รหัสยืนยัน',
  inviteCode: 'รหัสเชิญ',
  payPassword: 'รหัสผ่านธุรกรรม',
  pageNum: 'หน้า',
  pageSize: 'ขนาดหน้า',
  classify: 'หมวดหมู่',
  body: 'คำขอ',
  query: 'การค้นหา',
  request: 'คำขอ',
};

const zhCN: Labels = {
  username: '电子邮箱',
  fromWallet: '转出钱包',
  toWallet: '转入钱包',
  currency: '币种',
  stockCode: '代码',
  goldCode: '期货代码',
  goldName: '期货名称',
  contract: '合约月份',
  market: '市场',
  source: '资产类别',
  direction: '方向',
  orderType: '订单类型',
  price: '价格',
  triggerPrice: '触发价',
  quantity: '数量',
  leverage: '杠杆',
  takeProfit: '止盈价',
  stopLoss: '止损价',
  id: '编号',
  amount: '金额',
  email: '电子邮箱',
  password: '密码',
  code: '验证码',
  inviteCode: '邀请码',
  payPassword: '交易密码',
  pageNum: '页码',
  pageSize: '每页条数',
  classify: '分类',
  body: '请求',
  query: '查询',
  request: '请求',
};

const zhTW: Labels = {
  username: '電子郵件',
  fromWallet: '轉出錢包',
  toWallet: '轉入錢包',
  currency: '幣別',
  stockCode: '代號',
  goldCode: '期貨代號',
  goldName: '期貨名稱',
  contract: '合約月份',
  market: '市場',
  source: '資產類別',
  direction: '方向',
  orderType: '委託類型',
  price: '價格',
  triggerPrice: '觸發價',
  quantity: '數量',
  leverage: '槓桿',
  takeProfit: '停利價',
  stopLoss: '停損價',
  id: '編號',
  amount: '金額',
  email: '電子郵件',
  password: '密碼',
  code: '驗證碼',
  inviteCode: '邀請碼',
  payPassword: '交易密碼',
  pageNum: '頁碼',
  pageSize: '每頁筆數',
  classify: '分類',
  body: '請求',
  query: '查詢',
  request: '請求',
};

export const fieldLabels: Record<Locale, Labels> = { en, de, hi, ja, th, 'zh-CN': zhCN, 'zh-TW': zhTW };

/** The kinds of value a schema expects (`{expected}` of validation.type). */
const typeNames: Record<Locale, Record<'number' | 'int' | 'string' | 'boolean' | 'object' | 'array' | 'value', string>> = {
  en: { number: 'number', int: 'whole number', string: 'text', boolean: 'yes/no', object: 'object', array: 'list', value: 'value' },
  de: { number: 'Zahl', int: 'ganze Zahl', string: 'Text', boolean: 'Ja/Nein', object: 'Objekt', array: 'Liste', value: 'Wert' },
  hi: { number: 'संख्या', int: 'पूर्ण संख्या', string: 'पाठ', boolean: 'हाँ/नहीं', object: 'ऑब्जेक्ट', array: 'सूची', value: 'मान' },
  ja: { number: '数値', int: '整数', string: '文字列', boolean: 'はい/いいえ', object: 'オブジェクト', array: 'リスト', value: '値' },
  th: { number: 'ตัวเลข', int: 'จำนวนเต็ม', string: 'ข้อความ', boolean: 'ใช่/ไม่ใช่', object: 'ออบเจ็กต์', array: 'รายการ', value: 'ค่า' },
  'zh-CN': { number: '数字', int: '整数', string: '文本', boolean: '是/否', object: '对象', array: '列表', value: '值' },
  'zh-TW': { number: '數字', int: '整數', string: '文字', boolean: '是/否', object: '物件', array: '清單', value: '值' },
};

/** `stopLoss` → "Stop loss": what a field without a label reads as. */
function spelledOut(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[._]+/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The label of a field path (`takeProfit`, `holdings.0.weight`): its own label, else its last named part's, else spelled out. */
export function fieldLabel(locale: Locale, path: string): string {
  const labels: Record<string, string> = fieldLabels[locale];
  if (labels[path]) return labels[path];
  const last = path.split('.').filter((part) => !/^\d+$/.test(part)).pop() ?? path;
  if (labels[last]) return labels[last];
  // A nested path without a label (translations.en.content) points into a structure: kept as written.
  return path.includes('.') ? path : spelledOut(path);
}

export function typeName(locale: Locale, expected: string): string {
  const names: Record<string, string> = typeNames[locale];
  return names[expected] ?? names.value ?? expected;
}
