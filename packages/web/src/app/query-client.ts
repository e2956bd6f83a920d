import { MutationCache, QueryClient } from '@tanstack/react-query';
import { isAlreadyReported, isApiError } from '../api/api-error';
import { showToast } from '../lib/toast';

declare module '@tanstack/react-query' {
  interface Register {
    /** `silent`: the mutation handles its own failure, the global toast stays quiet. */
    mutationMeta: { silent?: boolean };
  }
}

/**
 * Server refusals of a mutation are shown as a toast in one place; the message is already in the
 * user's language (DESIGN §8). Transport failures and expiry were toasted by the client itself.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.silent || isAlreadyReported(error)) return;
        showToast(error.message);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A server refusal will not change on retry; one retry covers a flaky network.
        retry: (failureCount, error) => failureCount < 1 && isApiError(error) && error.kind === 'network',
      },
      mutations: { retry: false },
    },
  });
}
