// SPEC §2 /maintenance.html?redirect={current url}; SPEC §4 version polling: back when maintenance ends.
(function () {
  var CHECK_MS = 15000
  var params = new URLSearchParams(window.location.search)
  function target() {
    // Only addresses of this site are followed, so the page cannot be used to send people elsewhere.
    try {
      var url = new URL(params.get('redirect') || '/', window.location.origin)
      return url.origin === window.location.origin && url.pathname !== '/maintenance.html' ? url.href : '/'
    } catch (e) {
      return '/'
    }
  }
  function check() {
    fetch('/version.json', { cache: 'no-store' })
      .then(function (r) { return r.ok ? r.json() : null })
      .then(function (v) {
        if (!v) return
        if (v.maintenance === false) { window.location.replace(target()); return }
        if (v.maintenance_message) document.getElementById('message').textContent = v.maintenance_message
      })
      .catch(function () { /* the server may be restarting; try again */ })
  }
  check()
  setInterval(check, CHECK_MS)
})()
