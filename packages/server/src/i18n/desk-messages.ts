import type { Locale } from '@tradewind/contract';

/**
 * Refusals of the desk's rules (issue 20): cancelling a withdrawal, editing a block offer,
 * shortening an IPO's purchase window, trading permission before identity is verified.
 * Merged into the catalogs of `messages.ts`, whose test checks every locale has every key.
 */
export const deskEn = {
  'withdrawal.notFound': 'This withdrawal does not exist',
  'withdrawal.notCancellable': 'This withdrawal is no longer pending, so it cannot be cancelled',
  'block.offerNotFound': 'This block offer does not exist',
  'block.offerNotEditable': 'This block offer has ended or was withdrawn and can no longer be changed',
  'block.minAboveRemaining': '{field} cannot be more than the shares left on offer ({max})',
  'ipo.windowShortened': '{field} cannot move earlier once someone has subscribed; it may only be extended',
  'permission.identityRequired': 'Trading permission needs a verified identity: complete identity verification first',
} as const;

type DeskCatalog = Record<keyof typeof deskEn, string>;

const de: DeskCatalog = {
  'withdrawal.notFound': 'Diese Auszahlung existiert nicht',
  'withdrawal.notCancellable': 'Diese Auszahlung ist nicht mehr offen und kann nicht storniert werden',
  'block.offerNotFound': 'Dieses Blockangebot existiert nicht',
  'block.offerNotEditable': 'Dieses Blockangebot ist beendet oder zurückgezogen und kann nicht mehr geändert werden',
  'block.minAboveRemaining': '{field} darf nicht größer sein als die noch angebotenen Aktien ({max})',
  'ipo.windowShortened': '{field} kann nicht vorverlegt werden, sobald jemand gezeichnet hat; nur eine Verlängerung ist möglich',
  'permission.identityRequired': 'Die Handelsberechtigung setzt eine bestätigte Identität voraus: Schließen Sie zuerst die Identitätsprüfung ab',
};

const hi: DeskCatalog = {
  'withdrawal.notFound': 'यह निकासी मौजूद नहीं है',
  'withdrawal.notCancellable': 'यह निकासी अब लंबित नहीं है, इसलिए इसे रद्द नहीं किया जा सकता',
  'block.offerNotFound': 'यह ब्लॉक ऑफ़र मौजूद नहीं है',
  'block.offerNotEditable': 'यह ब्लॉक ऑफ़र समाप्त हो चुका है या वापस ले लिया गया है और अब बदला नहीं जा सकता',
  'block.minAboveRemaining': '{field} ऑफ़र पर बचे शेयरों ({max}) से अधिक नहीं हो सकता',
  'ipo.windowShortened': 'किसी के सब्सक्राइब करने के बाद {field} पहले नहीं की जा सकती; इसे केवल बढ़ाया जा सकता है',
  'permission.identityRequired': 'ट्रेडिंग अनुमति के लिए सत्यापित पहचान आवश्यक है: पहले पहचान सत्यापन पूरा करें',
};

const ja: DeskCatalog = {
  'withdrawal.notFound': 'この出金は存在しません',
  'withdrawal.notCancellable': 'この出金は処理待ちではないため、取り消せません',
  'block.offerNotFound': 'このブロックオファーは存在しません',
  'block.offerNotEditable': 'このブロックオファーは終了または取り下げ済みのため、変更できません',
  'block.minAboveRemaining': '{field} は残りの株数（{max}）を超えられません',
  'ipo.windowShortened': '申込者がいる場合、{field} を早めることはできません（延長のみ可能です）',
  'permission.identityRequired': '取引権限には本人確認の完了が必要です。先に本人確認を済ませてください',
};

const th: DeskCatalog = {
  'withdrawal.notFound': 'ไม่มีรายการถอนเงินนี้',
  'withdrawal.notCancellable': 'รายการถอนเงินนี้ไม่ได้รอดำเนินการแล้ว จึงยกเลิกไม่ได้',
  'block.offerNotFound': 'ไม่มีข้อเสนอบล็อกนี้',
  'block.offerNotEditable': 'ข้อเสนอบล็อกนี้สิ้นสุดหรือถูกถอนแล้ว จึงแก้ไขไม่ได้',
  'block.minAboveRemaining': '{field} ต้องไม่มากกว่าจำนวนหุ้นที่ยังเสนอขายอยู่ ({max})',
  'ipo.windowShortened': 'เมื่อมีผู้จองซื้อแล้ว {field} จะเลื่อนให้เร็วขึ้นไม่ได้ ขยายออกไปได้เท่านั้น',
  'permission.identityRequired': 'สิทธิ์การซื้อขายต้องยืนยันตัวตนก่อน: โปรดยืนยันตัวตนให้เสร็จสิ้น',
};

const zhCN: DeskCatalog = {
  'withdrawal.notFound': '该提现不存在',
  'withdrawal.notCancellable': '该提现已不在待审核状态，无法取消',
  'block.offerNotFound': '该大宗报价不存在',
  'block.offerNotEditable': '该大宗报价已结束或已撤回，无法再修改',
  'block.minAboveRemaining': '{field} 不能超过剩余可售股数（{max}）',
  'ipo.windowShortened': '已有人认购后不能提前 {field}，只能延长',
  'permission.identityRequired': '交易权限需要先完成实名认证：请先完成身份认证',
};

const zhTW: DeskCatalog = {
  'withdrawal.notFound': '此出金不存在',
  'withdrawal.notCancellable': '此出金已不在待審核狀態，無法取消',
  'block.offerNotFound': '此鉅額報價不存在',
  'block.offerNotEditable': '此鉅額報價已結束或已撤回，無法再修改',
  'block.minAboveRemaining': '{field} 不能超過剩餘可售股數（{max}）',
  'ipo.windowShortened': '已有人認購後不能提前 {field}，只能延長',
  'permission.identityRequired': '交易權限需要先完成實名認證：請先完成身分認證',
};

export const deskCatalogs: Record<Exclude<Locale, 'en'>, DeskCatalog> = { de, hi, ja, th, 'zh-CN': zhCN, 'zh-TW': zhTW };
