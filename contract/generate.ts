/**
 * What is generated from the contract (contract/openapi.yaml), so the YAML stays the one source:
 * - src/api/contract.ts: its TypeScript types (openapi-typescript), imported with `import type`
 *   by the client modules and the mocks;
 * - docs/server-contract.md: the integration guide, from its descriptions and `x-server-must`,
 *   `x-cache` and `x-rate-limit` fields.
 * `npm run contract:generate` writes both; src/api/contract.test.ts fails when either differs from
 * what this module generates now.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import openapiTS, { COMMENT_HEADER, astToString } from 'openapi-typescript'
import { format, resolveConfig } from 'prettier'
import { load } from 'js-yaml'

export const CONTRACT_PATH = join(import.meta.dirname, 'openapi.yaml')
export const TYPES_PATH = join(import.meta.dirname, '../src/api/contract.ts')
export const GUIDE_PATH = join(import.meta.dirname, '../docs/server-contract.md')

/** Formatted like every other file of the repository, so `prettier --check` passes on it. */
async function pretty(text: string, path: string): Promise<string> {
  return format(text, { ...(await resolveConfig(path)), filepath: path })
}

export async function generateTypes(): Promise<string> {
  const ast = await openapiTS(pathToFileURL(CONTRACT_PATH), { silent: true })
  return pretty(COMMENT_HEADER + astToString(ast), TYPES_PATH)
}

// The parts of the document the guide reads (the YAML is checked by `npm run lint:contract`).
interface Cache {
  policy: 'no-store' | 'public'
  maxAge?: number
  staleWhileRevalidate?: number
  note?: string
}
interface RateLimit {
  key: string
  limit: number
  windowSeconds: number
}
interface Ref {
  $ref: string
}
interface Parameter {
  name: string
  in: string
  required?: boolean
}
interface Operation {
  operationId: string
  summary: string
  description?: string
  security?: Record<string, string[]>[]
  parameters?: (Parameter | Ref)[]
  requestBody?: { content: Record<string, { schema: Ref | object }> }
  responses: Record<string, Ref | { description: string }>
  'x-server-must'?: string[]
  'x-cache'?: Cache
  /** One entry per counter: the sommelier counts per customer and per address, apart. */
  'x-rate-limit'?: RateLimit[]
  'x-max-body-bytes'?: number
}
interface Document {
  info: { title: string; description: string }
  'x-server-must': string[]
  paths: Record<string, Record<string, Operation> & { servers?: { url: string }[] }>
  webhooks: Record<string, Record<string, Operation>>
  components: {
    parameters: Record<string, Parameter>
    responses: Record<string, { description: string }>
  }
}

export function readContract(): Document {
  // The document's shape is the interface above, as far as the guide reads it.
  return load(readFileSync(CONTRACT_PATH, 'utf8')) as Document
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const

/** Every operation of the document's paths, in its order. */
export function contractOperations(doc: Document = readContract()) {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = item[method]
      return operation ? [{ method, path, operation, servers: item.servers }] : []
    }),
  )
}

const refName = (ref: string) => ref.split('/').at(-1) ?? ref
const isRef = (v: object): v is Ref => '$ref' in v

function parameterOf(doc: Document, p: Parameter | Ref): Parameter {
  const found = isRef(p) ? doc.components.parameters[refName(p.$ref)] : p
  // `npm run lint:contract` fails on a reference that does not resolve.
  if (!found) throw new Error(`No parameter ${isRef(p) ? p.$ref : p.name} in the contract`)
  return found
}

function cacheText(cache: Cache | undefined): string {
  if (!cache || cache.policy === 'no-store') return 'never (`private, no-store`)'
  const swr = cache.staleWhileRevalidate
    ? `, stale-while-revalidate=${cache.staleWhileRevalidate}`
    : ''
  return `yes: \`public, max-age=${cache.maxAge ?? 0}${swr}\``
}

const rateText = (rules: RateLimit[] | undefined) =>
  rules?.length
    ? rules.map((r) => `${r.limit} per ${r.windowSeconds} s per ${r.key}`).join('; ')
    : '—'

/** Table cells hold one line: pipes escaped. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ')

/** The guide opens with how to check a site against it (contract/check.ts). */
const KIT_SECTION = [
  '## Check your site first',
  '',
  'Point the conformance kit at a staging site; it runs the contract against it and prints, check ' +
    'by check, PASS, FAIL with the reason, or SKIP (and exits 1 when one fails):',
  '',
  '```sh',
  'npm run contract:check -- --site https://staging.shop.example --user claire@example.com:secret --product W10001',
  '```',
  '',
  '- `--site`: the origin serving these calls. `--user`: a test customer (the identity, points, ' +
    'idempotency and price checks need one). `--product`: the odooCode of a wine on sale (the ' +
    'forged-price check creates an unpaid order of it). `--version-cookie`: the session version ' +
    'cookie your config block names, left out of the session cookie check (scripts read it).',
  '- It validates every answer against the schemas of contract/openapi.yaml, and probes the rules ' +
    'below from outside: `private, no-store`, the session cookie, the CSRF token on each mutating ' +
    'call and its rotation, identity from the session only, points only from a paid order, 422 for ' +
    'a reused `Idempotency-Key` with another body, a forged price refused, an order without ' +
    '`age_confirmed` refused (422), `_reset_url`, and 429 past the limits of login, the e-mail ' +
    'check and the reset link.',
  '- It never confirms a payment, so nothing is charged; it uses invented addresses and order ' +
    'numbers and takes back a points change a lax site made. The rate-limit checks run last and use ' +
    "up this machine's address for a while (the reset link's for an hour).",
  "- Our own CI runs it against `npm run demo:prod`'s API (the mock back office, `npm run " +
    'contract:demo`), where every check passes.',
  '',
]

export async function generateGuide(doc: Document = readContract()): Promise<string> {
  const operations = contractOperations(doc)
  const lines: string[] = [
    '# Server contract of the wine widgets',
    '',
    '<!-- Generated from contract/openapi.yaml by `npm run contract:generate`: edit the YAML, not this file. -->',
    '',
    'The machine-readable contract is [contract/openapi.yaml](../contract/openapi.yaml) (OpenAPI 3.1). ' +
      'This guide lists, call by call, what the server must check or recompute before it trusts what ' +
      'the browser sent.',
    '',
    ...KIT_SECTION,
    doc.info.description.trim(),
    '',
    '## Rules for every call',
    '',
    ...doc['x-server-must'].map((rule) => `- ${rule}`),
    '',
    '## The calls at a glance',
    '',
    '| Call | Session | CSRF | Idempotency-Key | CDN may cache | Rate limit |',
    '| --- | --- | --- | --- | --- | --- |',
  ]
  for (const { method, path, operation } of operations) {
    const params = (operation.parameters ?? []).map((p) => parameterOf(doc, p).name)
    const session = (operation.security ?? []).some((s) => 'session' in s)
    lines.push(
      `| \`${method.toUpperCase()} ${cell(path)}\` | ${session ? 'required' : '—'} | ${
        params.includes('X-CSRF-TOKEN') ? 'yes' : '—'
      } | ${params.includes('Idempotency-Key') ? 'yes' : '—'} | ${cacheText(
        operation['x-cache'],
      )} | ${rateText(operation['x-rate-limit'])} |`,
    )
  }
  lines.push('', '## Call by call', '')
  const section = (title: string, operation: Operation, servers?: { url: string }[]) => {
    lines.push(`### ${title}`, '', `${operation.summary} (\`${operation.operationId}\`)`, '')
    if (servers) lines.push(`Served at: ${servers.map((s) => `\`${s.url}\``).join(', ')}.`, '')
    if (operation.description) lines.push(operation.description.trim(), '')
    const body = operation.requestBody?.content
    if (body) {
      const parts = Object.entries(body).map(([type, { schema }]) =>
        isRef(schema) ? `\`${type}\` ${refName(schema.$ref)}` : `\`${type}\``,
      )
      const max = operation['x-max-body-bytes']
      lines.push(
        `Body: ${parts.join(' or ')}${max ? `, at most ${max} bytes (413 past it)` : ''}.`,
        '',
      )
    }
    lines.push('The server must:', '')
    for (const rule of operation['x-server-must'] ?? []) lines.push(`- ${rule}`)
    const cache = operation['x-cache']
    lines.push(
      `- CDN: ${cacheText(cache)}${cache?.note ? `. ${cache.note}` : ''}`,
      '',
      `Answers: ${Object.keys(operation.responses).join(', ')}.`,
      '',
    )
  }
  for (const { method, path, operation, servers } of operations)
    section(`\`${method.toUpperCase()} ${path}\``, operation, servers)
  lines.push('## Received by the back office', '')
  for (const [name, item] of Object.entries(doc.webhooks))
    for (const method of METHODS) {
      const operation = item[method]
      if (operation) section(`Webhook \`${name}\``, operation)
    }
  return pretty(lines.join('\n'), GUIDE_PATH)
}

/** `node contract/generate.ts`: writes the types and the guide. */
async function main() {
  writeFileSync(TYPES_PATH, await generateTypes())
  writeFileSync(GUIDE_PATH, await generateGuide())
  console.log(`wrote ${TYPES_PATH} and ${GUIDE_PATH}`)
}

if (process.argv[1] === import.meta.filename) await main()
