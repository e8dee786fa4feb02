import { expect, localePaths, readJson, test, type Locale } from './helpers'

type Tree = { [key: string]: string | Tree }
const files: Record<Locale, Tree> = {
  en: readJson<Tree>('../locales/en.json'),
  fr: readJson<Tree>('../locales/fr.json'),
  nl: readJson<Tree>('../locales/nl.json'),
}

/** Every text of a locale file by its key (`cart.title` → "Your cart"). */
function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const found = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') found.set(path, value)
    else for (const [k, v] of leaves(value, path)) found.set(k, v)
  }
  return found
}

/**
 * The English words a French or Dutch page must not show: the longest fixed part of each English
 * text (placeholders cut it) that the other locale does not say the same way, 12 characters or
 * more (short words such as "Bio" or "Total" are the same in several languages).
 */
function englishOnly(locale: Locale): string[] {
  const other = [...leaves(files[locale]).values()].join('\n')
  return [...leaves(files.en).values()]
    .map(
      (text) =>
        text
          .split(/\{\{[^}]*\}\}/)
          .sort((a, b) => b.length - a.length)[0]
          ?.trim() ?? '',
    )
    .filter((part) => part.length >= 12 && !other.includes(part))
}

/** A key shown instead of its text (`cart.title`): i18next shows a key it cannot find. */
const KEY = new RegExp(`\\b(${Object.keys(files.en).join('|')})\\.[a-zA-Z_]+\\b`)

const PAGES = ['home', 'cart', 'wine-w10001', 'giftbox', 'faq', 'account']

for (const locale of ['fr', 'nl'] as const) {
  test.describe(`the ${locale} pages`, () => {
    for (const name of PAGES) {
      test(`${name}: every widget text in ${locale}, no English and no key`, async ({ page }) => {
        await page.goto(localePaths(name)[locale])
        await page.waitForFunction(
          () =>
            window.WineWidgets !== undefined &&
            [...document.querySelectorAll('[data-widget]')].every((el) =>
              el.hasAttribute('data-widget-mounted'),
            ),
        )
        await page.evaluate(() => window.WineWidgets!.ready())
        // What the widgets show and say to assistive technology.
        const shown = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('[data-widget-mounted]')].flatMap((el) => [
            el.innerText,
            ...[...el.querySelectorAll('[aria-label], [placeholder], [title]')].flatMap((e) =>
              ['aria-label', 'placeholder', 'title'].map((a) => e.getAttribute(a) ?? ''),
            ),
          ]),
        )
        const text = shown.join('\n')
        expect(text.length).toBeGreaterThan(20)
        expect(englishOnly(locale).filter((english) => text.includes(english))).toEqual([])
        expect(KEY.exec(text)?.[0] ?? null).toBeNull()
      })
    }
  })
}
