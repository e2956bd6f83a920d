import type { StopsResource } from './en';

const de: StopsResource = {
  type: {
    stop: 'Stop-Order',
    stopLimit: 'Stop-Limit-Order',
  },
  triggerPrice: 'Auslösepreis',
  limitPrice: 'Limitpreis',
  hint: {
    stopBuy: 'Kauft zum Marktpreis, wenn der Briefkurs auf den Auslösepreis steigt.',
    stopSell: 'Verkauft zum Marktpreis, wenn der Geldkurs auf den Auslösepreis fällt.',
    stopLimitBuy: 'Steigt der Briefkurs auf den Auslösepreis, wird eine Kauf-Limit-Order zu Ihrem Limitpreis aufgegeben.',
    stopLimitSell: 'Fällt der Geldkurs auf den Auslösepreis, wird eine Verkaufs-Limit-Order zu Ihrem Limitpreis aufgegeben.',
  },
  trigger: 'Auslöser',
  triggered: 'Ausgelöst',
  waiting: 'Wartet auf Auslösung',
  tpsl: {
    title: 'Take-Profit / Stop-Loss',
    takeProfit: 'Take-Profit',
    stopLoss: 'Stop-Loss',
    hint: 'Die ganze Position wird zum Marktpreis geschlossen, sobald der Kurs eine der beiden Marken erreicht. Leer lassen für keine.',
    save: 'Marken speichern',
    saved: 'Take-Profit und Stop-Loss gespeichert',
    none: 'Keine',
  },
  // Liquidation price and margin ratio on the order preview, position card, close page and add-margin dialog.
  risk: {
    liquidationPrice: 'Liquidationspreis',
    marginRatio: 'Margin-Quote',
    unreachable: 'Keiner',
    caution: 'Nähert sich der Liquidation',
    danger: 'Kurz vor der Liquidation',
    hint: 'Die Position wird liquidiert, wenn die Margin-Quote 100 % erreicht.',
    newLiquidationPrice: 'Neuer Liquidationspreis',
    newMarginRatio: 'Neue Margin-Quote',
  },
  entry: {
    levels: 'Take-Profit / Stop-Loss (optional)',
    levelsHint: 'Wird bei Ausführung der Order auf die Position gesetzt. Leer lassen für keinen.',
    takeProfitAbove: 'Bei Long muss der Take-Profit über {{price}} liegen',
    takeProfitBelow: 'Bei Short muss der Take-Profit unter {{price}} liegen',
    stopLossBelow: 'Bei Long muss der Stop-Loss unter {{price}} liegen',
    stopLossAbove: 'Bei Short muss der Stop-Loss über {{price}} liegen',
    levelInvalid: 'Geben Sie einen Preis über 0 ein',
    tickOff: 'Verwenden Sie Schritte von {{tick}}',
    contractMonth: 'Kontraktmonat',
    front: 'Frontmonat',
    contract: 'Kontrakt',
    expires: 'Verfall {{date}}',
    lotMode: 'Lot-Art',
    boardLot: 'Ganzes Lot',
    oddLot: 'Teillot',
    lots: 'Lots (1 Lot = 1.000 Aktien)',
    shares: 'Aktien (1–999)',
    sharesTotal: '= {{shares}} Aktien',
    boardLotWhole: 'Geben Sie eine ganze Zahl von Lots ein, mindestens 1',
    oddLotRange: 'Ein Teillot umfasst 1 bis 999 Aktien',
  },
};

export default de;
