/** One root for every robot query, so a start, pause, resume or stop refreshes them all. */
export const robotsQueryKey = ['robots'] as const;
