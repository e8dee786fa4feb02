/**
 * The contract (contract/openapi.yaml) checked on every call of the unit run: each request the
 * widgets send to a path of the contract, and each answer the shared mock handlers give, are
 * validated against its schemas (JSON Schema 2020-12, Ajv). `mocks/vitest-setup.ts` listens to
 * the mock server's life-cycle events and fails the test during which a call broke the contract,
 * so a client or a mock that drifts from the document fails the run.
 *
 * Not checked: answers given with a deliberate fault (mocks/faults.ts: they are wrong on purpose;
 * their calls still count as exercised), answers of a test's own `server.use` handlers (often
 * wrong on purpose too), and the body of a server-sent-event stream (read by the client's tests).
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { load } from 'js-yaml'

const BASE = 'https://wine-widgets.invalid/contract'

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type JsonObject = { [key: string]: Json }

interface MediaType {
  schema?: JsonObject
}
interface Parameter {
  name: string
  in: 'query' | 'header' | 'path' | 'cookie'
  required?: boolean
  schema?: JsonObject
}
interface Response {
  headers?: Record<string, { required?: boolean; schema?: JsonObject } | { $ref: string }>
  content?: Record<string, MediaType>
}
interface Operation {
  operationId: string
  parameters?: (Parameter | { $ref: string })[]
  requestBody?: { required?: boolean; content: Record<string, MediaType> }
  responses: Record<string, Response | { $ref: string }>
}
interface Server {
  url: string
  variables?: Record<string, { default: string; enum?: string[] }>
}
interface Document {
  servers: Server[]
  paths: Record<string, Record<string, Operation> & { servers?: Server[] }>
  components: {
    schemas: Record<string, JsonObject>
    parameters: Record<string, Parameter>
    responses: Record<string, Response>
    headers: Record<string, { required?: boolean; schema?: JsonObject }>
  }
}

/** One operation as the check matches it: `POST /api/getbundle`. */
export interface Route {
  key: string
  method: string
  host: RegExp | null
  path: RegExp
  pathParams: string[]
  operation: Operation
}

export interface Violation {
  /** `POST /api/getbundle` */
  operation: string
  /** `request`, or `answer 200` */
  part: string
  problems: string[]
  test: string | undefined
}

/** What a test file leaves for the run's coverage check (mocks/contract-coverage.ts). */
export interface ContractRecord {
  /** Operations a request of this file called (`POST /api/getbundle`). */
  covered: string[]
  /** Pending drifts (PENDING_DRIFT) this file saw. */
  pending: string[]
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** `https://{appId}-dsn.algolia.net` → a host pattern; a path server (`/algolia`) → its prefix. */
function serverPattern(server: Server): { host: RegExp | null; prefix: string } {
  const fill = (text: string) =>
    escape(text).replace(/\\\{(\w+)\\\}/g, (_, name: string) => {
      const values = server.variables?.[name]?.enum
      return values ? `(?:${values.map(escape).join('|')})` : '[^./]+'
    })
  if (server.url.startsWith('/')) return { host: null, prefix: server.url.replace(/\/+$/, '') }
  const url = new URL(server.url.replace(/\{(\w+)\}/g, 'x'))
  const [, hostTemplate = ''] = /^[a-z]+:\/\/([^/]+)/i.exec(server.url) ?? []
  return {
    host: new RegExp(`^${fill(hostTemplate)}$`, 'i'),
    prefix: url.pathname.replace(/\/$/, ''),
  }
}

/** The document with every `#/components/schemas/X` pointing into the validator's copy. */
function relink(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(relink)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [
      key,
      key === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')
        ? `${BASE}#/$defs/${v.slice('#/components/schemas/'.length)}`
        : relink(v),
    ]),
  )
}

const resolve = <T extends object>(doc: Document, value: T | { $ref: string }): T => {
  if (!('$ref' in value)) return value
  const [, section = '', name = ''] = /^#\/components\/(\w+)\/(.+)$/.exec(value.$ref) ?? []
  // The document's own references; `npm run lint:contract` checks that each one resolves.
  return (doc.components as unknown as Record<string, Record<string, T>>)[section]![name]!
}

export class ContractCheck {
  readonly doc: Document
  readonly routes: Route[]
  private readonly ajv: Ajv2020
  /** Form fields are text on the wire: numbers and flags are read from it. */
  private readonly formAjv: Ajv2020
  private readonly compiled = new Map<string, ValidateFunction>()

  /** `text`: contract/openapi.yaml. */
  constructor(text: string) {
    // The parsed YAML is the document whose shape `npm run lint:contract` checks.
    this.doc = load(text) as Document
    const make = (coerceTypes: boolean) => {
      // The schemas themselves are checked by `npm run lint:contract`, not again in every file.
      const ajv = new Ajv2020({
        allErrors: true,
        allowUnionTypes: true,
        coerceTypes,
        validateSchema: false,
      })
      addFormats(ajv)
      ajv.addSchema({ $id: BASE, $defs: relink(this.doc.components.schemas) })
      return ajv
    }
    this.ajv = make(false)
    this.formAjv = make(true)
    this.routes = Object.entries(this.doc.paths).flatMap(([path, item]) => {
      const servers = item.servers ?? this.doc.servers
      const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)
      const template = escape(path).replace(/\\\{\w+\\\}/g, '([^/]+)')
      return (['get', 'post', 'put', 'patch', 'delete'] as const).flatMap((method) => {
        const operation = item[method]
        if (!operation) return []
        return servers.map((server): Route => {
          const { host, prefix } = serverPattern(server)
          return {
            key: `${method.toUpperCase()} ${path}`,
            method: method.toUpperCase(),
            host,
            path: new RegExp(`^${escape(prefix)}${template}$`),
            pathParams,
            operation,
          }
        })
      })
    })
  }

  /** Every operation of the contract: `POST /api/getbundle`… */
  operations(): string[] {
    return [...new Set(this.routes.map((r) => r.key))]
  }

  /** The operation a request is a call of, or null when it is none of the contract's. */
  route(method: string, url: URL): Route | null {
    return (
      this.routes.find(
        (r) =>
          r.method === method &&
          (r.host ? r.host.test(url.hostname) : true) &&
          r.path.test(url.pathname),
      ) ?? null
    )
  }

  private validator(schema: JsonObject, form = false): ValidateFunction {
    const key = `${form}:${JSON.stringify(schema)}`
    let validate = this.compiled.get(key)
    if (!validate) {
      validate = (form ? this.formAjv : this.ajv).compile(relink(schema) as JsonObject)
      this.compiled.set(key, validate)
    }
    return validate
  }

  private problems(schema: JsonObject, data: unknown, where: string, form = false): string[] {
    const validate = this.validator(schema, form)
    if (validate(data)) return []
    return (validate.errors ?? []).map((e) => {
      const extra =
        e.keyword === 'additionalProperties' ? `: ${String(e.params.additionalProperty)}` : ''
      return `${where}${e.instancePath || ''} ${e.message ?? 'is invalid'}${extra}`
    })
  }

  /** Form fields holding JSON text (`contentMediaType: application/json`) checked as JSON. */
  private jsonFields(schema: JsonObject, form: Record<string, string>): string[] {
    const ref = schema.$ref
    const target =
      typeof ref === 'string' ? this.doc.components.schemas[ref.split('/').at(-1)!]! : schema
    const properties = (target.properties ?? {}) as Record<string, JsonObject>
    return Object.entries(properties).flatMap(([name, property]) => {
      const text = form[name]
      if (property.contentMediaType !== 'application/json' || text === undefined) return []
      let value: unknown
      try {
        value = JSON.parse(text)
      } catch {
        return [`body.${name} is not JSON text`]
      }
      const inner = property.contentSchema
      return inner && typeof inner === 'object' && !Array.isArray(inner)
        ? this.problems(inner, value, `body.${name}`)
        : []
    })
  }

  /** What is wrong with a request of `route` (none: []). */
  async checkRequest(route: Route, request: Request): Promise<string[]> {
    const url = new URL(request.url)
    const problems: string[] = []
    const values = route.path.exec(url.pathname) ?? []
    for (const ref of route.operation.parameters ?? []) {
      const p = resolve(this.doc, ref)
      const value =
        p.in === 'header'
          ? request.headers.get(p.name)
          : p.in === 'query'
            ? url.searchParams.get(p.name)
            : p.in === 'path'
              ? decodeURIComponent(values[route.pathParams.indexOf(p.name) + 1] ?? '')
              : null
      if (value === null) {
        if (p.required) problems.push(`${p.in} parameter ${p.name} is missing`)
        continue
      }
      if (p.schema) problems.push(...this.problems(p.schema, value, `${p.in} ${p.name}`, true))
    }
    const body = route.operation.requestBody
    const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
    const text = await request.clone().text()
    if (!body) return problems
    if (text === '') {
      if (body.required) problems.push('the body is missing')
      return problems
    }
    const media = body.content[type]
    if (!media?.schema) return [...problems, `content type "${type}" is not one of the contract's`]
    if (type === 'multipart/form-data' || type === 'application/x-www-form-urlencoded') {
      const form: Record<string, string> = {}
      ;(await request.clone().formData()).forEach((value, name) => {
        form[name] = typeof value === 'string' ? value : value.name
      })
      problems.push(...this.problems(media.schema, form, 'body', true))
      problems.push(...this.jsonFields(media.schema, form))
      return problems
    }
    return [...problems, ...this.jsonBodyProblems(media.schema, text)]
  }

  /** What is wrong with a JSON body against its schema (text that is no JSON included). */
  private jsonBodyProblems(schema: JsonObject, text: string): string[] {
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      return ['the body is not JSON']
    }
    return this.problems(schema, json, 'body')
  }

  /** The documented answer for a status: exact, then its class (`5XX`), then `default`. */
  private responseFor(route: Route, status: number): Response | null {
    const responses = route.operation.responses
    const found =
      responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default
    return found ? resolve(this.doc, found) : null
  }

  /** What is wrong with an answer to a request of `route` (none: []). */
  async checkResponse(route: Route, response: globalThis.Response): Promise<string[]> {
    const documented = this.responseFor(route, response.status)
    if (!documented) return [`status ${response.status} is not one of the contract's`]
    const problems: string[] = []
    for (const [name, ref] of Object.entries(documented.headers ?? {})) {
      const header = resolve(this.doc, ref)
      if (header.required && !response.headers.has(name)) problems.push(`header ${name} is missing`)
    }
    const content = documented.content
    if (!content) return problems
    const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
    const media = content[type]
    if (!media) return [...problems, `content type "${type}" is not one of the contract's`]
    // A stream is read by the client as it comes (and may never end in a test): not read here.
    if (!media.schema || type === 'text/event-stream') return problems
    const text = await response.clone().text()
    if (text === '') return [...problems, 'the body is missing']
    if (!type.includes('json')) return [...problems, ...this.problems(media.schema, text, 'body')]
    return [...problems, ...this.jsonBodyProblems(media.schema, text)]
  }
}
