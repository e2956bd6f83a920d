import type { RecurringResource } from './en';

const de: RecurringResource = {
  newPlan: 'Neuer Sparplan',
  for: 'Für {{name}} · bezahlt aus Ihrem {{wallet}} ({{currency}})',
  amount: 'Betrag je Ausführung ({{currency}})',
  frequency: {
    daily: 'Täglich',
    weekly: 'Wöchentlich',
    monthly: 'Monatlich',
  },
  time: 'Uhrzeit (UTC)',
  weekday: 'Wochentag',
  dayOfMonth: 'Tag im Monat',
  days: {
    '0': 'So',
    '1': 'Mo',
    '2': 'Di',
    '3': 'Mi',
    '4': 'Do',
    '5': 'Fr',
    '6': 'Sa',
  },
  create: 'Plan starten',
  created: 'Plan gestartet',
  monthEnd: 'In kürzeren Monaten wird am letzten Tag ausgeführt.',
  hint: 'Jede Ausführung kauft zum Marktpreis so viele ganze Einheiten, wie der Betrag (inklusive Gebühr) erlaubt; der Rest bleibt im Wallet.',
  empty: 'Noch keine Sparpläne. Öffnen Sie einen Kurs und wählen Sie „{{button}}“.',
  every: {
    daily: 'Täglich um {{time}} UTC',
    weekly: 'Jeden {{day}} um {{time}} UTC',
    monthly: 'Monatlich am {{day}}. um {{time}} UTC',
  },
  next: 'Nächste Ausführung {{time}}',
  status: {
    active: 'Aktiv',
    paused: 'Pausiert',
    cancelled: 'Beendet',
  },
  pause: 'Pausieren',
  resume: 'Fortsetzen',
  cancel: 'Plan beenden',
  confirmCancel: 'Diesen Plan endgültig beenden?',
  history: 'Ausführungen',
  noRuns: 'Noch keine Ausführungen.',
  run: {
    filled: '{{quantity}} gekauft zu {{price}} für {{spent}}',
    pending: 'Läuft',
    skipped: 'Ausgelassen',
  },
  invalidTime: 'Geben Sie eine Uhrzeit als HH:MM ein',
  invalidDay: 'Geben Sie einen Tag von 1 bis 31 ein',
  entry: 'Regelmäßig investieren',
};

export default de;
