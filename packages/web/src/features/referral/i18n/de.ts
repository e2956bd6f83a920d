import type { ReferralResource } from './en';

const de: ReferralResource = {
  share: {
    share: 'Teilen',
    shareLabel: 'Einladungslink teilen',
    shareTitle: 'Komm zu Tradewind',
    heading: 'Freunde zu Tradewind einladen',
    intro: 'Freunde, die sich mit Ihrem Einladungscode oder Link registrieren, werden Ihnen zugerechnet.',
    code: 'Ihr Einladungscode',
    link: 'Ihr Einladungslink',
    qr: 'QR-Code Ihres Einladungslinks',
    qrHint: 'Lassen Sie einen Freund diesen Code mit der Handykamera scannen, um die Registrierung zu öffnen.',
    copyCode: 'Code kopieren',
    copyLink: 'Link kopieren',
    copied: 'Kopiert',
    copyFailed: 'Kopieren fehlgeschlagen. Markieren Sie den Text und kopieren Sie ihn von Hand.',
    invited: 'Von Ihnen eingeladen',
  },
};

export default de;
