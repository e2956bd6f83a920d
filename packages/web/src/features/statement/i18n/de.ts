import type { StatementResource } from './en';

const de: StatementResource = {
  statement: {
    intro: 'Jede Buchung Ihrer Wallets im Zeitraum, direkt aus dem Hauptbuch. Jeder Saldo wird auf diesem Gerät geprüft: Anfangssaldo plus Buchungen muss den Schlusssaldo ergeben.',
    from: 'Von',
    to: 'Bis',
    periodHint: 'Ganze Tage in UTC, höchstens 366 Tage.',
    badPeriod: 'Das Enddatum darf nicht vor dem Startdatum liegen, und der Zeitraum darf höchstens 366 Tage umfassen.',
    opening: 'Anfangssaldo',
    closing: 'Schlusssaldo',
    noPostings: 'Keine Buchungen in diesem Zeitraum',
    addsUp: 'Geht auf ✓',
    addsUpDetail: '{{opening}} + {{count}} Buchungen = {{closing}}',
    doesNotAddUp: 'Geht nicht auf ✗',
    entry: 'Buchungssatz #{{id}}',
    counter: 'Gegenkonto: {{accounts}}',
    emptyWallets: '{{count}} Wallets ohne Guthaben und ohne Buchungen werden nicht angezeigt.',
    digest: 'Prüfsumme (SHA-256)',
    digestHint: 'Die Prüfsumme deckt jede Zahl dieses Auszugs ab. Jeder kann sie aus den Daten neu berechnen; eine geänderte Zahl ergibt eine andere Prüfsumme.',
    digestChecked: 'Prüfsumme auf diesem Gerät neu berechnet: sie stimmt ✓',
    digestMismatch: 'Prüfsumme auf diesem Gerät neu berechnet: sie stimmt NICHT ✗',
    digestUnchecked: 'Dieser Browser kann die Prüfsumme hier nicht neu berechnen.',
    verify: 'Mit dem Hauptbuch abgleichen',
    verified: 'Das Hauptbuch bestätigt diese Prüfsumme ✓',
    notVerified: 'Das Hauptbuch bestätigt diese Prüfsumme nicht ✗',
    copyDigest: 'Prüfsumme kopieren',
    copied: 'Kopiert',
    downloadCsv: 'CSV herunterladen',
    downloadPdf: 'PDF herunterladen',
    downloadFailed: 'Der Download ist fehlgeschlagen. Bitte erneut versuchen.',
  },
};
export default de;
