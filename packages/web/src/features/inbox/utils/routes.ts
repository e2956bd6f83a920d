/** The SPEC §2 inbox routes. */
export const inboxPaths = {
  list: '/pages/notice/index',
  detail: '/pages/notice/detail',
} as const;
