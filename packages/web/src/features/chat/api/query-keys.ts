/** The chat's cache: one history per side (a visitor's and a signed-in user's never mix). */
export const chatKeys = {
  all: ['chat'] as const,
  history: (side: 'user' | 'visitor') => ['chat', 'history', side] as const,
};
