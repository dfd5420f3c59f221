/**
 * SPEC §2 settings/agent: how to point an agent or a script at Vigil — a token, passive results (POST results,
 * routes/results.ts) and the software push (PUT hosts/{host_id}/software, routes/host-software.ts) — with examples
 * that name this server. No API-token screen exists yet (issue 16), so a session token from login is shown.
 */
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

function Example({ id, text }: { id: string; text: string }) {
  const { t } = useTranslation()
  const [copied, setCopied] = useState(false)
  return (
    <div className="position-relative mb-3">
      <pre className="bg-body-tertiary border rounded p-2 pe-5" data-testid={id}>
        <code>{text}</code>
      </pre>
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary position-absolute top-0 end-0 m-1"
        onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true))}
      >
        {copied ? t('admin.settings.agent.copied') : t('admin.settings.agent.copy')}
      </button>
    </div>
  )
}

export function AgentSettings() {
  const { t } = useTranslation()
  const api = `${window.location.origin}/api/v1`
  const login = `TOKEN=$(curl -s -X POST ${api}/auth/login \\
  -H 'Content-Type: application/json' \\
  -d '{"username": "agent-user", "password": "…"}' | sed -E 's/.*"token":"([^"]+)".*/\\1/')`
  const results = `curl -X POST ${api}/results \\
  -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \\
  -d '{"results": [
        {"host": "web-01", "exit_status": 0, "output": "PING OK - rta 0.4 ms"},
        {"host": "web-01", "resource": "Disk /", "exit_status": 1, "output": "DISK WARNING - 85% used | used=85%;80;90"}
      ]}'`
  const software = `curl -X PUT ${api}/hosts/42/software \\
  -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \\
  -d '{"software": [{"name": "openssl", "version": "3.0.13", "vendor": "Debian", "arch": "amd64"}]}'`
  return (
    <>
      <p>{t('admin.settings.agent.intro')}</p>
      <h2 className="h5">{t('admin.settings.agent.token')}</h2>
      <p>{t('admin.settings.agent.tokenText')}</p>
      <Example id="agent-login" text={login} />
      <h2 className="h5">{t('admin.settings.agent.results')}</h2>
      <p>{t('admin.settings.agent.resultsText')}</p>
      <Example id="agent-results" text={results} />
      <h2 className="h5">{t('admin.settings.agent.software')}</h2>
      <p>{t('admin.settings.agent.softwareText')}</p>
      <Example id="agent-software" text={software} />
    </>
  )
}
