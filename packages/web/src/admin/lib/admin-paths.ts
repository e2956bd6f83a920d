/** The back office's routes, inside the app's hash router (`#/admin/...`). */
export const adminPaths = {
  root: '/admin',
  deposits: '/admin/deposits',
  withdrawals: '/admin/withdrawals',
  kyc: '/admin/kyc',
  permissions: '/admin/permissions',
  users: '/admin/users',
  user: (id: number) => `/admin/users/${id}`,
  ipos: '/admin/ipos',
  blockOffers: '/admin/block-offers',
  articles: '/admin/articles',
  messages: '/admin/messages',
  appVersion: '/admin/app-version',
  outbox: '/admin/outbox',
  audit: '/admin/audit',
  agencies: '/admin/agencies',
  chat: '/admin/chat',
} as const;
