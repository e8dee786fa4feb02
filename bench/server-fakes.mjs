/**
 * The fake upstreams of `npm run bench:server` (bench/server.mjs), in a process of their own so
 * that neither the load generator nor the proxy shares their event loop. Plain node:http, as
 * cheap as an upstream can be: what the bench sends straight to them is the baseline the proxy's
 * figures are compared with.
 *
 *   search  POST /1/indexes/*\/queries                    a 24-hit answer (about 6 KB)
 *   rules   POST /api/projects/wine/evaluate/{decision}   { result, performance, trace }
 *   site    GET  /login/getcurrentuser                    logged in, one shopper per cookie
 *   model   POST /v1/chat/completions                     STREAM_EVENTS events, one every
 *                                                         STREAM_MS / STREAM_EVENTS, then [DONE]
 *
 * Prints `{"port":…}` on stdout once listening.
 */
import { createServer } from 'node:http'

const STREAM_MS = Number(process.env.STREAM_MS ?? 20_000)
const STREAM_EVENTS = Number(process.env.STREAM_EVENTS ?? 20)

const hit = (n) => ({
  objectID: String(n),
  title: `Château Exemple ${n} Bordeaux Supérieur`,
  price: 12.5 + n,
  'c.color': 'red-7b1e2b',
  'g.title': ['Merlot', 'Cabernet Sauvignon'],
  'r.title': 'Bordeaux',
  image: `https://cdn.example/wines/${n}.webp`,
  _highlightResult: { title: { value: `Château <em>Exemple</em> ${n}`, matchLevel: 'full' } },
})
const SEARCH = JSON.stringify({
  results: [{ hits: Array.from({ length: 24 }, (_, n) => hit(n)), nbHits: 240, page: 0 }],
})
const RULES = JSON.stringify({ result: { output: 6.5 }, performance: '0.2ms', trace: {} })

const server = createServer((req, res) => {
  const path = (req.url ?? '/').split('?')[0]
  // Read the whole body before answering, as a real upstream does.
  req.resume()
  req.on('end', () => {
    if (req.method === 'POST' && path === '/1/indexes/*/queries') {
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end(SEARCH)
    } else if (req.method === 'POST' && path.startsWith('/api/projects/wine/evaluate/')) {
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end(RULES)
    } else if (req.method === 'GET' && path === '/login/getcurrentuser') {
      const shopper = /s=(\w+)/.exec(req.headers.cookie ?? '')?.[1] ?? 'anonymous'
      res.writeHead(200, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify({ isLoggedIn: true, user: { email: `${shopper}@example.com` } }))
    } else if (req.method === 'POST' && path === '/v1/chat/completions') {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' })
      let sent = 0
      const timer = setInterval(() => {
        sent += 1
        res.write(`data: {"choices":[{"delta":{"content":"Word ${sent}. "}}]}\n\n`)
        if (sent === STREAM_EVENTS) {
          clearInterval(timer)
          res.end('data: [DONE]\n\n')
        }
      }, STREAM_MS / STREAM_EVENTS)
      res.on('close', () => clearInterval(timer))
    } else {
      res.writeHead(404)
      res.end()
    }
  })
})
server.keepAliveTimeout = 60_000
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(JSON.stringify({ port: server.address().port }))
})
process.on('SIGTERM', () => process.exit(0))
