import type { StopsResource } from './en';

const ja: StopsResource = {
  type: {
    stop: '逆指値',
    stopLimit: '逆指値付き指値',
  },
  triggerPrice: '発動価格',
  limitPrice: '指値',
  hint: {
    stopBuy: '売気配が発動価格まで上がると成行で買います。',
    stopSell: '買気配が発動価格まで下がると成行で売ります。',
    stopLimitBuy: '売気配が発動価格まで上がると、指値で買い注文を出します。',
    stopLimitSell: '買気配が発動価格まで下がると、指値で売り注文を出します。',
  },
  trigger: '発動価格',
  triggered: '発動済み',
  waiting: '発動待ち',
  tpsl: {
    title: '利益確定 / 損切り',
    takeProfit: '利益確定',
    stopLoss: '損切り',
    hint: '価格がどちらかの水準に達すると、ポジション全体を成行で決済します。設定しない場合は空欄のままにしてください。',
    save: '水準を保存',
    saved: '利益確定と損切りを保存しました',
    none: 'なし',
  },
  // Liquidation price and margin ratio on the order preview, position card, close page and add-margin dialog.
  risk: {
    liquidationPrice: '強制決済価格',
    marginRatio: '証拠金率',
    unreachable: 'なし',
    caution: '強制決済に近づいています',
    danger: '強制決済が目前です',
    hint: '証拠金率が100%に達するとポジションは強制決済されます。',
    newLiquidationPrice: '追加後の強制決済価格',
    newMarginRatio: '追加後の証拠金率',
  },
  entry: {
    levels: '利益確定 / 損切り（任意）',
    levelsHint: '注文が約定した時点でポジションに設定されます。不要なら空欄のままにしてください。',
    takeProfitAbove: '買いの利益確定は {{price}} より高くしてください',
    takeProfitBelow: '売りの利益確定は {{price}} より低くしてください',
    stopLossBelow: '買いの損切りは {{price}} より低くしてください',
    stopLossAbove: '売りの損切りは {{price}} より高くしてください',
    levelInvalid: '0 より大きい価格を入力してください',
    tickOff: '{{tick}} 刻みで入力してください',
    contractMonth: '限月',
    front: '期近',
    contract: '限月',
    expires: '満期 {{date}}',
    lotMode: '単位',
    boardLot: '単元株',
    oddLot: '単元未満株',
    lots: '単元数（1 単元 = 1,000 株）',
    shares: '株数（1～999）',
    sharesTotal: '= {{shares}} 株',
    boardLotWhole: '1 以上の整数の単元数を入力してください',
    oddLotRange: '単元未満株は 1～999 株です',
  },
};

export default ja;
