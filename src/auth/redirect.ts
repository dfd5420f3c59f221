/**
 * SPEC §2 "/login?redirect={previous location}": after login the user returns there, or to '/'.
 * Only paths inside the app are followed, so a crafted link cannot send a fresh session elsewhere.
 */
export function safeRedirect(redirect: string | null): string {
  if (redirect === null || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\')) return '/'
  if (redirect === '/login' || redirect.startsWith('/login?') || redirect.startsWith('/login/')) return '/'
  return redirect
}
