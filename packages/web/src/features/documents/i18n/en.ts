/** The document viewer and the app's own documents (namespace `documents`); English is the key source. */
const en = {
  viewer: {
    refusedTitle: 'This page cannot be opened here',
    refusedHost: '{{host}} is not on the list of sites this app may show. Only documents from approved sites open inside the app.',
    refusedInvalid: 'The address of this document is not valid.',
    refusedInsecure: 'Only secure (https) pages open inside the app.',
    missing: 'No document was given.',
    frameTitle: 'Document from {{host}}',
  },
  terms: {
    title: 'Terms of service',
    updated: 'Last updated 1 November 2026',
    sections: {
      s1: { heading: 'Who we are', body: 'Tradewind is a brokerage app for retail customers. By opening an account you agree to these terms.' },
      s2: { heading: 'Your account', body: 'Keep your password and transaction password secret. You are responsible for orders placed with them. Tell us at once if you think someone else has used your account.' },
      s3: { heading: 'Risk', body: 'Prices of stocks, futures and currencies go up and down. Leveraged trading can lose more than you put in. Past returns of an agency or a robot do not promise future ones.' },
      s4: { heading: 'Money', body: 'Deposits and withdrawals are reviewed before they are credited or paid out. We may ask for identity verification before you trade or withdraw.' },
    },
  },
  privacy: {
    title: 'Privacy policy',
    updated: 'Last updated 1 November 2026',
    sections: {
      s1: { heading: 'What we collect', body: 'Your e-mail address, the identity documents you upload for verification, your orders, payments and the messages you send to customer service.' },
      s2: { heading: 'Why', body: 'To run your account, meet our legal duties to verify customers and prevent fraud, and answer your questions.' },
      s3: { heading: 'Who sees it', body: 'Our staff who review deposits, withdrawals and identities, and authorities where the law requires it. We do not sell your data.' },
      s4: { heading: 'Your rights', body: 'You may ask for a copy of your data, ask us to correct it, or close your account by writing to customer service.' },
    },
  },
};

export type DocumentsResource = typeof en;
export default en;
