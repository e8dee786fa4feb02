import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { check, resolveConfig } from 'prettier'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { docsOf, type WidgetDocsFile } from '../mount/catalogue'
import { namesOf, writeWidget } from './new-widget'

/**
 * `npm run new-widget` (build/new-widget.ts), run into a copy of the files it changes. That the
 * widget it writes passes typecheck, lint and the unit run as it is takes minutes to check (a
 * build, a typecheck): done by hand with `wishlist`, see docs/developing.md, "Adding a widget".
 */
const root = fileURLToPath(new URL('..', import.meta.url))
let copy = ''

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'wine-new-widget-'))
  for (const path of ['locales', 'mount/registry.ts', 'demo-pages/routes.json', '.prettierrc.json'])
    if (existsSync(join(root, path)))
      cpSync(join(root, path), join(copy, path), { recursive: true })
  mkdirSync(join(copy, 'widgets'))
  mkdirSync(join(copy, 'demo-pages/pages'))
})

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true })
})

const read = (path: string) => readFileSync(join(copy, path), 'utf8')
// The files as JSON, read with the shape they are written in (the assertions check it).
const json = (path: string): unknown => JSON.parse(read(path))

describe('npm run new-widget gift-card', () => {
  let written: string[] = []
  beforeAll(async () => {
    written = await writeWidget(copy, 'gift-card')
  })

  it('writes 15 files: 7 in its folder, its texts, its registry line, its pages and routes', () => {
    expect(written).toEqual([
      'widgets/gift-card/props.ts',
      'widgets/gift-card/index.ts',
      'widgets/gift-card/GiftCard.tsx',
      'widgets/gift-card/GiftCard.module.css',
      'widgets/gift-card/GiftCard.test.tsx',
      'widgets/gift-card/docs.json',
      'widgets/gift-card/reserve.css',
      'locales/en.json',
      'locales/fr.json',
      'locales/nl.json',
      'mount/registry.ts',
      'demo-pages/routes.json',
      'demo-pages/pages/gift-card-en.html',
      'demo-pages/pages/gift-card-fr.html',
      'demo-pages/pages/gift-card-nl.html',
    ])
  })

  it('gives the three locale files its namespace, the other texts as they were', () => {
    for (const locale of ['en', 'fr', 'nl']) {
      const texts = json(`locales/${locale}.json`) as Record<string, unknown>
      expect(texts.giftCard).toEqual({ title: 'Gift card' })
      const before = JSON.parse(
        readFileSync(join(root, `locales/${locale}.json`), 'utf8'),
      ) as object
      expect({ ...texts, giftCard: undefined }).toEqual({ ...before, giftCard: undefined })
    }
  })

  it('registers its definition last, with its import', () => {
    const registry = read('mount/registry.ts')
    expect(registry).toContain("import { giftCard } from '../widgets/gift-card/index'\n")
    expect(registry).toMatch(/\n {2}giftCard,\n\]\n$/)
  })

  it('adds a route per locale whose page it wrote', () => {
    const { routes } = json('demo-pages/routes.json') as {
      routes: { path: string; page: string; locale: string }[]
    }
    const added = routes.filter((r) => r.page.startsWith('gift-card-'))
    expect(added.map((r) => [r.path, r.page, r.locale])).toEqual([
      ['/en/gift-card', 'gift-card-en', 'en'],
      ['/fr/gift-card', 'gift-card-fr', 'fr'],
      ['/nl/gift-card', 'gift-card-nl', 'nl'],
    ])
    for (const r of added)
      expect(read(`demo-pages/pages/${r.page}.html`)).toContain('<div data-widget="gift-card">')
  })

  it('writes docs the catalogue accepts for its one attribute', () => {
    const docs = json('widgets/gift-card/docs.json') as WidgetDocsFile
    const definition = {
      name: 'gift-card',
      props: { heading: { type: 'string' } },
      load: () => Promise.resolve({ default: null }),
    } as const
    expect(() => docsOf(definition, { 'gift-card': docs })).not.toThrow()
    expect(read('widgets/gift-card/props.ts')).toContain("heading: { type: 'string' }")
  })

  it('writes every file as the format check wants it', async () => {
    for (const path of written) {
      const file = join(copy, path)
      const options = { ...(await resolveConfig(join(root, path))), filepath: file }
      expect(await check(read(path), options), path).toBe(true)
    }
  })

  it('refuses a widget that exists, leaving the files as they were', async () => {
    const registry = read('mount/registry.ts')
    await expect(writeWidget(copy, 'gift-card')).rejects.toThrow('widgets/gift-card exists already')
    expect(read('mount/registry.ts')).toBe(registry)
  })
})

describe('the names a widget is written with', () => {
  it('are its camelCase, PascalCase and title forms', () => {
    expect(namesOf('wishlist')).toEqual({
      name: 'wishlist',
      camel: 'wishlist',
      pascal: 'Wishlist',
      title: 'Wishlist',
    })
    expect(namesOf('gift-card-2')).toMatchObject({ camel: 'giftCard2', pascal: 'GiftCard2' })
  })

  it.each(['Wishlist', 'gift_card', 'gift--card', '-gift', '2gift', ''])('refuse %j', (name) => {
    expect(() => namesOf(name)).toThrow('is not a widget name')
  })
})
