import type { DocumentsResource } from './en';

const de: DocumentsResource = {
  viewer: {
    refusedTitle: 'Diese Seite kann hier nicht geöffnet werden',
    refusedHost: '{{host}} steht nicht auf der Liste der Websites, die diese App anzeigen darf. Nur Dokumente freigegebener Websites öffnen sich in der App.',
    refusedInvalid: 'Die Adresse dieses Dokuments ist ungültig.',
    refusedInsecure: 'Nur sichere Seiten (https) öffnen sich in der App.',
    missing: 'Es wurde kein Dokument angegeben.',
    frameTitle: 'Dokument von {{host}}',
  },
  terms: {
    title: 'Nutzungsbedingungen',
    updated: 'Zuletzt aktualisiert am 1. November 2026',
    sections: {
      s1: { heading: 'Wer wir sind', body: 'Tradewind ist eine Broker-App für Privatkunden. Mit der Eröffnung eines Kontos stimmen Sie diesen Bedingungen zu.' },
      s2: { heading: 'Ihr Konto', body: 'Halten Sie Ihr Passwort und Ihr Transaktionspasswort geheim. Sie sind für Aufträge verantwortlich, die damit erteilt werden. Melden Sie sich sofort, wenn Sie glauben, dass jemand anderes Ihr Konto benutzt hat.' },
      s3: { heading: 'Risiko', body: 'Kurse von Aktien, Futures und Währungen steigen und fallen. Beim Handel mit Hebel können Sie mehr verlieren, als Sie eingesetzt haben. Frühere Renditen einer Agentur oder eines Roboters versprechen keine künftigen.' },
      s4: { heading: 'Geld', body: 'Ein- und Auszahlungen werden geprüft, bevor sie gutgeschrieben oder ausgezahlt werden. Vor dem Handel oder einer Auszahlung können wir eine Identitätsprüfung verlangen.' },
    },
  },
  privacy: {
    title: 'Datenschutzerklärung',
    updated: 'Zuletzt aktualisiert am 1. November 2026',
    sections: {
      s1: { heading: 'Was wir erheben', body: 'Ihre E-Mail-Adresse, die Ausweisdokumente, die Sie zur Prüfung hochladen, Ihre Aufträge, Zahlungen und Ihre Nachrichten an den Kundenservice.' },
      s2: { heading: 'Wozu', body: 'Um Ihr Konto zu führen, unsere gesetzlichen Pflichten zur Kundenprüfung und Betrugsvorbeugung zu erfüllen und Ihre Fragen zu beantworten.' },
      s3: { heading: 'Wer sie sieht', body: 'Unsere Mitarbeitenden, die Einzahlungen, Auszahlungen und Identitäten prüfen, sowie Behörden, wo das Gesetz es verlangt. Wir verkaufen Ihre Daten nicht.' },
      s4: { heading: 'Ihre Rechte', body: 'Sie können eine Kopie Ihrer Daten anfordern, eine Berichtigung verlangen oder Ihr Konto schließen, indem Sie dem Kundenservice schreiben.' },
    },
  },
};

export default de;
