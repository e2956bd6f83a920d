import type { AlertsResource } from './en';

const de: AlertsResource = {
  title: 'Kursalarme',
  newAlert: 'Neuer Alarm',
  for: 'Für {{name}} · jetzt {{price}}',
  kind: {
    price: 'Kurs',
    percent: '%-Bewegung',
  },
  direction: {
    above: 'Über',
    below: 'Unter',
    up: 'Steigt',
    down: 'Fällt',
  },
  price: 'Alarmkurs',
  percent: 'Bewegung (%)',
  create: 'Alarm setzen',
  created: 'Alarm gesetzt',
  empty: 'Noch keine Alarme. Öffnen Sie einen Kurs und tippen Sie auf die Glocke.',
  active: 'Aktiv',
  triggered: 'Ausgelöst',
  line: {
    above: 'Auf oder über {{price}}',
    below: 'Auf oder unter {{price}}',
    up: '+{{percent}} % von {{base}} → {{price}}',
    down: '−{{percent}} % von {{base}} → {{price}}',
  },
  firedAt: 'Ausgelöst bei {{price}} · {{time}}',
  setAt: 'Gesetzt {{time}}',
  delete: 'Löschen',
  deleted: 'Alarm gelöscht',
  confirmDelete: 'Diesen Alarm löschen?',
  setAlert: 'Kursalarm setzen',
  percentInvalid: 'Geben Sie einen Prozentwert über 0 ein (unter 100 für einen Rückgang)',
  notifications: 'Browser-Benachrichtigungen sind aus: Alarme kommen trotzdem in Ihr Postfach und auf den Bildschirm.',
};

export default de;
