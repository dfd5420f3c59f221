/* The offline page (service-worker.js): reload into Vigil once /version.json answers again: every 10 s, when the browser is online, or on request. */
;(function () {
  var status = document.getElementById('status')
  function check() {
    fetch('/version.json', { cache: 'no-store' })
      .then(function (r) {
        if (r.ok) location.reload()
      })
      .catch(function () {
        if (status) status.textContent = 'Still not reachable at ' + new Date().toLocaleTimeString() + '; checking again shortly…'
      })
  }
  setInterval(check, 10000)
  document.getElementById('retry').addEventListener('click', check)
  addEventListener('online', check)
})()
