import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { i18n } from '../../../src/app/i18n/i18n'

function WithCatalogue({ children }: { children: ReactNode }) {
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
}

/** Renders a widget with the application's English catalogue, as the shell provides it (also on rerender). */
export function renderUi(node: ReactNode) {
  return render(node, { wrapper: WithCatalogue })
}
