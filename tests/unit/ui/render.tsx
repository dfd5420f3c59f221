import { QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { i18n } from '../../../src/app/i18n/i18n'
import { queryClient } from '../../../src/app/api/query-client'

function WithCatalogue({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </QueryClientProvider>
  )
}

/** Renders a widget with the application's English catalogue and query client, as the shell provides them (also on rerender). */
export function renderUi(node: ReactNode) {
  return render(node, { wrapper: WithCatalogue })
}
