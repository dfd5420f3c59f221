/** The one TanStack Query client: server data lives here (STYLE.md "Browser features"). */
import { QueryClient } from '@tanstack/react-query'

export const queryClient = new QueryClient({
  defaultOptions: {
    // Failures are reported once by the SPEC §8 error handler; retrying would repeat the message.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
})
