import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { answerFor, chunkAnswer } from '../mocks/sommelier'
import { visibleAnswer } from '../src/domain/sommelier-pairings'
import { expect, open, test, text, type Locale } from './helpers'

const CLAIRE = { email: 'claire@example.com', password: 'droplets-420' }

// A streamed answer, the wine searches and a login on a shared 2-core machine.
test.describe.configure({ timeout: 60_000 })

/** Open the sommelier from its header button; returns the modal and the chat inside it. */
async function openSommelier(page: Page, locale: Locale) {
  await page.getByRole('button', { name: text(locale, 'sommelier.button') }).click()
  const dialog = page.getByRole('dialog', { name: text(locale, 'search.sommelierDialog') })
  await expect(dialog).toBeVisible()
  const chat = dialog.getByRole('region', { name: text(locale, 'sommelier.title') })
  await expect(chat).toBeVisible()
  return { dialog, chat }
}

test.describe('sommelier', () => {
  test.use({ viewport: { width: 1280, height: 900 } })

  test('a logged-out visitor sees the login form instead of the input (fr)', async ({ page }) => {
    await open(page, '/fr/')
    const { chat } = await openSommelier(page, 'fr')
    await expect(chat.getByText(text('fr', 'sommelier.loginPrompt'))).toBeVisible()
    await expect(chat.getByLabel(text('fr', 'login.email'))).toBeVisible()
    await expect(
      chat.getByRole('textbox', { name: text('fr', 'sommelier.inputLabel') }),
    ).toHaveCount(0)
    const { violations } = await new AxeBuilder({ page })
      .include('[role="dialog"]')
      .withTags(['wcag2a', 'wcag2aa'])
      .analyze()
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([])
  })

  test('the send button: its text on wide screens, its arrow alone on phones (the text stays its name)', async ({
    page,
  }) => {
    await open(page, '/en/')
    const { chat } = await openSommelier(page, 'en')
    await chat.getByLabel(text('en', 'login.email')).fill(CLAIRE.email)
    await chat.getByLabel(text('en', 'login.password'), { exact: true }).fill(CLAIRE.password)
    await chat.getByRole('button', { name: text('en', 'login.submit'), exact: true }).click()
    const send = chat.getByRole('button', { name: text('en', 'sommelier.send'), exact: true })
    await expect(send).toBeVisible()
    const label = send.getByText(text('en', 'sommelier.send'), { exact: true })
    const width = async () => (await label.boundingBox())?.width ?? 0
    expect(await width()).toBeGreaterThan(10)
    await page.setViewportSize({ width: 390, height: 844 })
    await expect(send).toBeVisible()
    await expect.poll(width).toBeLessThanOrEqual(1)
  })

  for (const [locale, dish] of [
    ['fr', 'Un steak grillé ce soir'],
    ['nl', 'Vis met citroen'],
  ] as const) {
    test(`log in, ask for a dish, the answer streams in with suggestion cards (${locale})`, async ({
      page,
    }) => {
      await open(page, `/${locale}/`)
      const { dialog, chat } = await openSommelier(page, locale)
      await chat.getByLabel(text(locale, 'login.email')).fill(CLAIRE.email)
      await chat.getByLabel(text(locale, 'login.password'), { exact: true }).fill(CLAIRE.password)
      await chat.getByRole('button', { name: text(locale, 'login.submit'), exact: true }).click()
      const input = chat.getByRole('textbox', { name: text(locale, 'sommelier.inputLabel') })
      await expect(input).toBeFocused()

      // Record every text the answer line shows while it streams.
      await page.evaluate(() => {
        const seen: string[] = []
        ;(window as unknown as { seen: string[] }).seen = seen
        const log = document.querySelector('[role="log"]')!
        new MutationObserver(() => {
          const bubbles = log.querySelectorAll('li:last-child p')
          const last = bubbles[0]?.textContent ?? ''
          if (last && seen.at(-1) !== last) seen.push(last)
        }).observe(log, { subtree: true, childList: true, characterData: true })
      })
      // The model's pieces come one at a time, each when the test lets it: every piece is seen on
      // the page however loaded the machine (on its own pace a busy page renders several at once).
      await page.evaluate(() =>
        window.__wineMocks!.setFault('sommelier', { kind: 'stepped' }, { times: 1 }),
      )
      await input.fill(dish)
      await input.press('Enter')
      await expect(chat.getByRole('log').getByText(dish, { exact: true })).toBeVisible()

      const answerLine = chat.getByRole('log').locator('li:last-child p').first()
      const pieces = chunkAnswer(answerFor(dish, locale))
      let before = ''
      for (let sent = 0; sent < pieces.length; sent++) {
        await page.evaluate(() => window.__wineMocks!.whenHeld('sommelier'))
        const shown = visibleAnswer(pieces.slice(0, sent).join(''))
        if (shown !== before) {
          await expect.poll(() => answerLine.textContent(), { intervals: [10, 20, 50] }).toBe(shown)
        }
        before = shown
        await page.evaluate(() => window.__wineMocks!.releaseHeld('sommelier'))
      }

      const answer = visibleAnswer(answerFor(dish, locale))
      await expect(chat.getByRole('log').getByText(answer, { exact: true })).toBeVisible()
      const cards = chat.getByRole('list', { name: text(locale, 'sommelier.suggestions') })
      await expect(cards.getByRole('article')).toHaveCount(4)
      for (const card of await cards.getByRole('article').all()) {
        await expect(card.getByRole('link')).toHaveAttribute('href', new RegExp(`^/${locale}/`))
      }
      await expect(chat).not.toContainText('<<<')
      const thinking = text(locale, 'sommelier.thinking')
      const seen = (
        await page.evaluate(() => (window as unknown as { seen: string[] }).seen)
      ).filter((shown) => shown !== thinking)
      expect(seen.length).toBeGreaterThan(5)
      for (const shown of seen) expect(answer.startsWith(shown)).toBe(true)
      // The field kept the focus through the answer, ready for the next question.
      await expect(input).toBeFocused()
      const { violations } = await new AxeBuilder({ page })
        .include('[role="dialog"]')
        .withTags(['wcag2a', 'wcag2aa'])
        .analyze()
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual(
        [],
      )

      // Kept in the store: still there after a reload.
      await page.reload()
      await page.waitForFunction(() => window.WineWidgets !== undefined)
      const again = await openSommelier(page, locale)
      await expect(again.chat.getByText(answer, { exact: true })).toBeVisible()
      await expect(again.chat.getByRole('article')).toHaveCount(4)

      // Closing the modal clears the conversation.
      await again.chat.getByRole('button', { name: text(locale, 'sommelier.close') }).click()
      await expect(dialog).toBeHidden()
      const reopened = await openSommelier(page, locale)
      await expect(reopened.chat.getByText(answer, { exact: true })).toHaveCount(0)
      await expect(reopened.chat.getByText(dish, { exact: true })).toHaveCount(0)
    })
  }
})
