import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { answerFor, chunkAnswer } from '../mocks/sommelier'
import { visibleAnswer } from '../src/domain/sommelier-pairings'
import { defaultVariant } from '../src/domain/default-variant'
import { isOutOfStock } from '../src/domain/quantity'
import { vintagesFor, winesFor } from '../fixtures/wines'
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

/** Open the chat on the locale's home page and log Claire in from it. */
async function openLoggedIn(page: Page, locale: Locale) {
  await open(page, `/${locale}/`)
  const { chat } = await openSommelier(page, locale)
  await chat.getByLabel(text(locale, 'login.email')).fill(CLAIRE.email)
  await chat.getByLabel(text(locale, 'login.password'), { exact: true }).fill(CLAIRE.password)
  await chat.getByRole('button', { name: text(locale, 'login.submit'), exact: true }).click()
  const input = chat.getByRole('textbox', { name: text(locale, 'sommelier.inputLabel') })
  return { chat, input }
}

/** Log Claire in from the chat and ask a question; resolves once its answer and cards are in. */
async function loginAndAsk(page: Page, locale: Locale, question: string) {
  const { chat, input } = await openLoggedIn(page, locale)
  await input.fill(question)
  await input.press('Enter')
  const answer = visibleAnswer(answerFor(question, locale))
  await expect(chat.getByRole('log').getByText(answer, { exact: true })).toBeVisible()
  const cards = chat.getByRole('list', { name: text(locale, 'sommelier.suggestions') })
  await expect(cards.getByRole('article')).toHaveCount(4)
  return { chat, input, cards }
}

/** The cart lines the store saved for the tab. */
const savedLines = (page: Page) =>
  page.evaluate(
    () =>
      (
        JSON.parse(sessionStorage.getItem('wine-widgets:v1') ?? '{}') as {
          cart?: { lines?: Record<string, unknown>[] }
        }
      ).cart?.lines ?? [],
  )

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
  test('a suggestion goes to the cart: the default bottle at the catalogue’s price (fr)', async ({
    page,
  }) => {
    const { cards } = await loginAndAsk(page, 'fr', 'Un steak grillé ce soir')
    // The first suggestion whose default bottle is in stock (a sold-out one shows no button),
    // whichever wines the search picked: its record and vintages, as the back office has them.
    const suggested = await Promise.all(
      (await cards.getByRole('article').all()).map(async (article) => {
        const href = await article.getByRole('link').first().getAttribute('href')
        const record = winesFor('fr').find((w) => w.url === href)!
        return { article, record, choice: defaultVariant(vintagesFor(record.odooCode, 'fr')!)! }
      }),
    )
    const {
      article: card,
      record,
      choice,
    } = suggested.find((s) => !isOutOfStock(s.choice.variant.qty_available))!
    await expect(card.getByText(record.e, { exact: true })).toBeVisible()
    await expect(
      card.getByRole('img', {
        name: text('fr', 'wine.priceLevel').replace('{{level}}', String(record.price_level)),
      }),
    ).toHaveText('€'.repeat(record.price_level))
    await card.getByRole('button', { name: text('fr', 'sommelier.add') }).click()
    await expect(
      card.getByText(text('fr', 'sommelier.added').replace('{{count}}', '1')),
    ).toBeVisible()
    await expect(
      card.getByText(text('fr', 'sommelier.inCart').replace('{{count}}', '1')),
    ).toBeVisible()
    expect(await savedLines(page)).toEqual([
      expect.objectContaining({
        odooCode: record.odooCode,
        odooId: choice.variant.id,
        name: `${record.e} ${record.title}`,
        vintage: choice.vintage,
        volume: choice.variant.volume,
        quantity: 1,
        price: choice.variant.price,
      }),
    ])
    // Cards with their buttons, the confirmation, thumbs and follow-ups: axe clean.
    const { violations } = await new AxeBuilder({ page })
      .include('[role="dialog"]')
      .withTags(['wcag2a', 'wcag2aa'])
      .analyze()
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([])
    // The cart page holds it.
    await card.getByRole('link', { name: text('fr', 'sommelier.toCart') }).click()
    await expect(page).toHaveURL(/\/fr\/panier$/)
    await expect(
      page.locator('[data-widget="cart"]').getByText(`${record.e} ${record.title}`).first(),
    ).toBeVisible()
  })

  test('Stop ends the answer while it streams, and a follow-up asks again (nl)', async ({
    page,
  }) => {
    const { chat, input } = await openLoggedIn(page, 'nl')
    // The answer's pieces wait for the test: it is still streaming when Stop is pressed.
    await page.evaluate(() =>
      window.__wineMocks!.setFault('sommelier', { kind: 'stepped' }, { times: 1 }),
    )
    await input.fill('Vis met citroen')
    await input.press('Enter')
    await page.evaluate(() => window.__wineMocks!.whenHeld('sommelier'))
    await page.evaluate(() => window.__wineMocks!.releaseHeld('sommelier'))
    await chat.getByRole('button', { name: text('nl', 'sommelier.stop'), exact: true }).click()
    await expect(chat.getByText(text('nl', 'sommelier.errorStopped'))).toBeVisible()
    const send = chat.getByRole('button', { name: text('nl', 'sommelier.send'), exact: true })
    await expect(send).toBeVisible()
    await expect(chat.getByRole('log')).toHaveAttribute('aria-busy', 'false')

    // A whole answer, then a follow-up sends the refined question.
    await input.fill('Vis met citroen')
    await input.press('Enter')
    const answer = visibleAnswer(answerFor('Vis met citroen', 'nl'))
    await expect(chat.getByRole('log').getByText(answer, { exact: true })).toBeVisible()
    const followUps = chat.getByRole('list', { name: text('nl', 'sommelier.followUps') })
    await expect(followUps.getByRole('button')).toHaveText([
      text('nl', 'sommelier.followUpCheaper'),
      text('nl', 'sommelier.followUpWhite'),
      text('nl', 'sommelier.followUpOrganic'),
    ])
    await followUps.getByRole('button', { name: text('nl', 'sommelier.followUpOrganic') }).click()
    // The question's line (not the button of the new answer's follow-ups, which says the same).
    await expect(
      chat
        .getByRole('log')
        .getByRole('paragraph')
        .filter({ hasText: new RegExp(`^${text('nl', 'sommelier.followUpOrganic')}$`) }),
    ).toBeVisible()
    const next = visibleAnswer(answerFor(text('nl', 'sommelier.followUpOrganic'), 'nl'))
    await expect(chat.getByRole('log').getByText(next, { exact: true })).toBeVisible()
    await expect(chat.getByRole('list', { name: text('nl', 'sommelier.followUps') })).toHaveCount(1)
  })

  test('thumbs up: the page hears sommelier:feedback, GA4 only with consent (en)', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([
      { name: 'wine_demo_analytics', value: 'ga4', url: baseURL! },
      { name: 'cookieconsent_status', value: 'allow', url: baseURL! },
    ])
    await page.addInitScript(() => {
      const heard: unknown[] = []
      ;(window as unknown as { heard: unknown[] }).heard = heard
      window.addEventListener('wine-widgets:sommelier:feedback', (e) =>
        heard.push((e as CustomEvent).detail),
      )
    })
    const { chat, cards } = await loginAndAsk(page, 'en', 'A grilled steak tonight')
    const group = chat.getByRole('group', { name: text('en', 'sommelier.feedback') })
    await group
      .getByRole('button', { name: text('en', 'sommelier.feedbackUp'), exact: true })
      .click()
    await expect(
      group.getByRole('button', { name: text('en', 'sommelier.feedbackUp'), exact: true }),
    ).toHaveAttribute('aria-pressed', 'true')
    const ids = await cards
      .getByRole('article')
      .evaluateAll((articles) =>
        articles.map((a) => a.querySelector('a')?.getAttribute('href') ?? ''),
      )
    const wines = ids.map((href) => winesFor('en').find((w) => w.url === href)!.objectID)
    expect(await page.evaluate(() => (window as unknown as { heard: unknown[] }).heard)).toEqual([
      { rating: 'up', answer: 1, locale: 'en', wines },
    ])
    await expect
      .poll(() =>
        page.evaluate(() =>
          (window.dataLayer ?? []).filter(
            (p) => (p as { event?: string }).event === 'sommelier_feedback',
          ),
        ),
      )
      .toEqual([{ event: 'sommelier_feedback', rating: 'up' }])
  })
})
