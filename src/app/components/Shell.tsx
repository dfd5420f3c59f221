import { useEffect, useState, type ComponentType } from 'react'
import { Outlet, useLocation, useNavigate } from 'react-router'
import { useStore } from 'zustand'
import type { CurrentUser } from '../../shared/api/users'
import { blockingPageStore, showBlockingPage } from '../shell/navigation'
import { NotAuthorizedPage } from '../pages/NotAuthorizedPage'
import { NotFoundPage } from '../pages/NotFoundPage'
import { usePreferences } from '../preferences/preferences'
import { logout } from '../guard/session'
import { SHORTCUT_ROUTES } from '../input/shortcuts'
import { applyTheme } from '../preferences/themes'
import { switchLanguage } from '../i18n'
import { isKioskRoute } from '../version/version-poll'
import { useShortcuts, type ShortcutHandlers } from '../input/use-shortcuts'
import { HelpModal } from './HelpModal'
import { loadSearchModal } from '../../monitoring'
import { useTouchGestures } from '../input/use-touch-gestures'
import { queryClient } from '../api/query-client'
import { MainMenu } from './MainMenu'
import { TopBar } from './TopBar'
import { PushApprovals } from './PushApprovals'
import { usePhoneScreen } from '../shell/narrow'

export interface ShellProps {
  user: CurrentUser
  /** SPEC §4 route guard 5: the module check failed. */
  notAuthorized: boolean
}

/** The protected shell: top bar, main menu, the routed screen, help modal and shortcuts. */
export function Shell({ user, notAuthorized }: ShellProps) {
  const navigate = useNavigate()
  const location = useLocation()
  const [preferences = user.preferences, setPreferences] = usePreferences()
  const blockingPage = useStore(blockingPageStore, (s) => s.page)
  const [helpOpen, setHelpOpen] = useState(false)
  // SPEC §2 help panel: f or s opens search on every screen (the monitoring screens open their own).
  const [Search, setSearch] = useState<ComponentType<{ onClose(): void }> | null>(null)

  // SPEC §8 blocking pages belong to the screen that caused them.
  useEffect(() => showBlockingPage(null), [location.pathname, location.search])

  useEffect(() => {
    void applyTheme(preferences.theme)
  }, [preferences.theme])

  useEffect(() => {
    void switchLanguage(preferences.language)
  }, [preferences.language])

  // On a phone the menu overlays the screen: it starts closed and closes after each navigation (issue 17),
  // without touching the side bar preference a wider screen keeps.
  const phone = usePhoneScreen()
  const [phoneMenuOpen, setPhoneMenuOpen] = useState(false)
  useEffect(() => setPhoneMenuOpen(false), [location.pathname, location.search])
  const menuHidden = phone ? !phoneMenuOpen : preferences.hideSideBar
  const setMenuHidden = (hidden: boolean) => (phone ? setPhoneMenuOpen(!hidden) : setPreferences({ hideSideBar: hidden }))

  const toggleMenu = () => setMenuHidden(!menuHidden)
  const openSearch = () => void loadSearchModal().then((modal) => setSearch(() => modal))
  const handlers: ShortcutHandlers = { toggleMenu, help: () => setHelpOpen(true), search: openSearch }
  for (const [id, to] of Object.entries(SHORTCUT_ROUTES)) handlers[id as keyof ShortcutHandlers] = () => void navigate(to)
  useShortcuts(handlers)
  useTouchGestures((gesture) => {
    if (gesture === 'open-menu' && menuHidden) setMenuHidden(false)
    else if (gesture === 'close-menu' && !menuHidden) setMenuHidden(true)
    else if (gesture === 'reload') void queryClient.invalidateQueries()
  })

  let content = <Outlet />
  if (notAuthorized || blockingPage === 'not_authorized') content = <NotAuthorizedPage />
  else if (blockingPage === 'content_not_found') content = <NotFoundPage variant="content" />

  // A wall (SPEC §2 "/fullscreen"; issue 7 "no chrome"): the screen alone, with nothing hidden behind it to
  // tab into, and no top bar or menu to build before the map is drawn.
  if (isKioskRoute(location.pathname)) return <main id="main">{content}</main>
  return (
    <div className="d-flex flex-column min-vh-100">
      <TopBar
        username={user.username}
        avatarUrl={user.avatar_url}
        menuHidden={menuHidden}
        theme={preferences.theme}
        onToggleMenu={toggleMenu}
        onThemeChange={(theme) => setPreferences({ theme })}
        onLogout={() => void logout()}
      />
      <PushApprovals />
      <div className="d-flex flex-grow-1 position-relative">
        {!menuHidden && <MainMenu allowedModules={user.allowed_modules} overlay={phone} />}
        <main id="main" className="flex-grow-1" style={{ minWidth: 0 }}>
          {content}
        </main>
      </div>
      {helpOpen && <HelpModal onClose={() => setHelpOpen(false)} />}
      {Search && <Search onClose={() => setSearch(null)} />}
    </div>
  )
}
