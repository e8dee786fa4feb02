import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const DOCS = resolve(ROOT, 'docs')

/** README.md and every markdown file of docs/. */
const files = [
  resolve(ROOT, 'README.md'),
  ...readdirSync(DOCS)
    .filter((name) => name.endsWith('.md'))
    .map((name) => resolve(DOCS, name)),
]

/** Markdown without its fenced code blocks (a `#` line in a shell example is no heading). */
const unfenced = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '')
/** Markdown without its code: links inside fences or code spans are not links. */
const prose = (text: string) => unfenced(text).replace(/`[^`\n]*`/g, '')

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')

/** The anchors a markdown file offers (duplicates get -1, -2… as on GitHub). */
function anchors(file: string): Set<string> {
  const found = new Set<string>()
  for (const [, heading] of unfenced(readFileSync(file, 'utf8')).matchAll(/^#{1,6} (.+)$/gm)) {
    const base = slug(heading ?? '')
    let name = base
    for (let n = 1; found.has(name); n += 1) name = `${base}-${n}`
    found.add(name)
  }
  return found
}

/** Relative link targets (`[text](target)`) of a markdown file, without external ones. */
function relativeLinks(file: string): string[] {
  return [...prose(readFileSync(file, 'utf8')).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map(([, target]) => target ?? '')
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
}

describe('links in README.md and docs/', () => {
  it('finds the documents and their links', () => {
    expect(files.map((f) => relative(ROOT, f))).toEqual(
      expect.arrayContaining(['README.md', 'docs/architecture.md', 'docs/embedding.md']),
    )
    expect(relativeLinks(resolve(ROOT, 'README.md')).length).toBeGreaterThan(10)
  })

  it('computes anchors as GitHub does', () => {
    expect(slug('Production-shaped demo (`npm run demo:prod`)')).toBe(
      'production-shaped-demo-npm-run-demoprod',
    )
    expect(slug('The `window.WineWidgets` API')).toBe('the-windowwinewidgets-api')
    expect(slug('Address autocomplete is ours, over Places API (New)')).toBe(
      'address-autocomplete-is-ours-over-places-api-new',
    )
  })

  it.each(files.map((f) => [relative(ROOT, f), f] as const))(
    'every relative link of %s points to an existing file and heading',
    (_name, file) => {
      const broken = relativeLinks(file).filter((target) => {
        const [path = '', anchor] = target.split('#')
        const to = path ? resolve(dirname(file), decodeURI(path)) : file
        if (!existsSync(to)) return true
        if (anchor === undefined) return false
        return !(statSync(to).isFile() && to.endsWith('.md') && anchors(to).has(anchor))
      })
      expect(broken).toEqual([])
    },
  )
})
