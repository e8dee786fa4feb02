import { describe, expect, it, vi } from 'vitest'
import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createRoot } from 'react-dom/client'
import { PropError, parseProps } from '../../src/props/parse'
import { I18nextProvider } from 'react-i18next'
import { loadNamespaces } from '../../src/i18n/i18n'
import { LocaleContext } from '../../src/i18n/locale-context'
import type { Locale } from '../../src/domain/types'
import { faq } from './index'
import type { FaqProps } from './props'
import { loggedFailure } from '../../mocks/test-setups/console'

/**
 * The faq's tree as a widget root renders it, in a tag that already holds the editor's content
 * (mocks/render-widget starts from an empty tag; the faq reads what is inside).
 */
async function faqTree(element: HTMLElement, locale: Locale) {
  const props = parseProps(faq.props, element.dataset) as FaqProps
  const [{ default: Faq }, texts] = await Promise.all([faq.load(), loadNamespaces(locale)])
  return (
    <I18nextProvider i18n={texts}>
      <LocaleContext.Provider value={locale}>
        <Faq props={props} locale={locale} element={element} />
      </LocaleContext.Provider>
    </I18nextProvider>
  )
}

function faqTag(html: string, attributes: Record<string, string> = {}) {
  const element = document.createElement('div')
  element.setAttribute('data-widget', 'faq')
  for (const [k, v] of Object.entries(attributes)) element.setAttribute(k, v)
  element.innerHTML = html
  document.body.appendChild(element)
  return element
}

async function renderFaq(html: string, locale: Locale, attributes: Record<string, string> = {}) {
  const element = faqTag(html, attributes)
  return { ...render(await faqTree(element, locale), { container: element }), element }
}

const JSON_CONTENT = `<script type="application/json">${JSON.stringify([
  { question: 'Livrez-vous en Belgique ?', answer: 'Oui.\n\nGratuit dès 150 EUR.' },
  { question: 'Puis-je payer par carte ?', answer: 'Oui, <b>toutes</b> les cartes.' },
  { question: 'Que sont les gouttes ?', answer: ['Nos points.', 'Une goutte vaut 0,20 EUR.'] },
])}</script>`

describe('faq widget', () => {
  it('renders the JSON pairs as closed accordions: button + region (fr)', async () => {
    await renderFaq(JSON_CONTENT, 'fr')
    const group = screen.getByRole('group', { name: 'Questions fréquentes' })
    const buttons = within(group).getAllByRole('button')
    expect(buttons.map((b) => b.textContent)).toEqual([
      'Livrez-vous en Belgique ?',
      'Puis-je payer par carte ?',
      'Que sont les gouttes ?',
    ])
    for (const b of buttons) {
      expect(b).toHaveAttribute('aria-expanded', 'false')
      expect(b.closest('h3')).not.toBeNull()
      const panel = document.getElementById(b.getAttribute('aria-controls')!)!
      expect(panel).not.toBeVisible()
      expect(panel).toHaveAttribute('role', 'region')
      expect(panel).toHaveAttribute('aria-labelledby', b.id)
    }
    expect(screen.queryByRole('region')).toBeNull()
  })

  it('opens and closes answers by click and keyboard, answers shown as text (fr)', async () => {
    const user = userEvent.setup()
    await renderFaq(JSON_CONTENT, 'fr')
    const first = screen.getByRole('button', { name: 'Livrez-vous en Belgique ?' })
    await user.click(first)
    expect(first).toHaveAttribute('aria-expanded', 'true')
    const answer = screen.getByRole('region', { name: 'Livrez-vous en Belgique ?' })
    expect(
      within(answer)
        .getAllByRole('paragraph')
        .map((p) => p.textContent),
    ).toEqual(['Oui.', 'Gratuit dès 150 EUR.'])

    // Keyboard: arrows move between questions, Enter and Space toggle.
    await user.keyboard('{ArrowDown}')
    const second = screen.getByRole('button', { name: 'Puis-je payer par carte ?' })
    expect(second).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(screen.getByText('Oui, <b>toutes</b> les cartes.')).toBeVisible()
    expect(document.querySelector('b')).toBeNull()
    await user.keyboard('{End}')
    expect(screen.getByRole('button', { name: 'Que sont les gouttes ?' })).toHaveFocus()
    await user.keyboard(' ')
    expect(screen.getByRole('region', { name: 'Que sont les gouttes ?' })).toBeVisible()
    await user.keyboard('{ArrowDown}')
    expect(first).toHaveFocus()
    await user.keyboard('{ArrowUp}{Home}')
    expect(first).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(first).toHaveAttribute('aria-expanded', 'false')
    expect(screen.getAllByRole('region')).toHaveLength(2)
  })

  it('keeps one answer open with data-single and uses the heading level of data-level', async () => {
    const user = userEvent.setup()
    await renderFaq(JSON_CONTENT, 'en', { 'data-single': '', 'data-level': '2' })
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(3)
    await user.click(screen.getByRole('button', { name: 'Livrez-vous en Belgique ?' }))
    await user.click(screen.getByRole('button', { name: 'Puis-je payer par carte ?' }))
    expect(screen.getAllByRole('region')).toHaveLength(1)
    expect(screen.getByRole('region', { name: 'Puis-je payer par carte ?' })).toBeVisible()
  })

  it('reads <details><summary> markup written in the CMS (nl)', async () => {
    await renderFaq(
      `<details><summary>Leveren jullie in België?</summary><p>Ja.</p><ul><li>Gratis vanaf 150 EUR</li><li>In 2 dagen</li></ul></details>
       <details><summary>Kan ik met kaart betalen?</summary>Ja, met elke kaart.</details>`,
      'nl',
    )
    const user = userEvent.setup()
    expect(screen.getByRole('group', { name: 'Veelgestelde vragen' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Leveren jullie in België?' }))
    const answer = screen.getByRole('region', { name: 'Leveren jullie in België?' })
    expect(
      within(answer)
        .getAllByRole('paragraph')
        .map((p) => p.textContent),
    ).toEqual(['Ja.', 'Gratis vanaf 150 EUR', 'In 2 dagen'])
    expect(document.querySelector('details')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Kan ik met kaart betalen?' }))
    expect(screen.getByText('Ja, met elke kaart.')).toBeVisible()
  })

  it('reads heading + paragraph markup written in the CMS (en)', async () => {
    await renderFaq(
      `<h3>Do you deliver in Belgium?</h3><p>Yes.</p><p>Free from 150 EUR.</p>
       <h3>What are droplets?</h3><p>Our loyalty points.</p>`,
      'en',
    )
    const user = userEvent.setup()
    const buttons = screen.getAllByRole('button')
    expect(buttons.map((b) => b.textContent)).toEqual([
      'Do you deliver in Belgium?',
      'What are droplets?',
    ])
    await user.click(buttons[0]!)
    expect(
      within(screen.getByRole('region'))
        .getAllByRole('paragraph')
        .map((p) => p.textContent),
    ).toEqual(['Yes.', 'Free from 150 EUR.'])
  })

  it('keeps its questions when its root is unmounted and mounted again', async () => {
    // What the runtime does when a host swaps fragments: a new root on the same tag.
    const element = faqTag(JSON_CONTENT)
    const tree = await faqTree(element, 'en')
    const first = createRoot(element)
    act(() => first.render(tree))
    expect(screen.getAllByRole('button')).toHaveLength(3)
    act(() => first.unmount())
    expect(element.textContent).toBe('')
    const again = createRoot(element)
    act(() => again.render(tree))
    expect(screen.getAllByRole('button')).toHaveLength(3)
    act(() => again.unmount())
    element.remove()
  })

  it('reads data-items first and rejects a malformed data-items with the runtime’s error (nl)', async () => {
    await renderFaq('<h3>Ignored?</h3><p>Yes.</p>', 'nl', {
      'data-items': JSON.stringify([{ question: 'Waar leveren jullie?', answer: 'In België.' }]),
    })
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Waar leveren jullie?',
    ])
    expect(() => parseProps(faq.props, { items: '[{"question": ' })).toThrow(PropError)
    expect(() => parseProps(faq.props, { items: '[{"answer": "x"}]' })).toThrow(
      /data-items: items 1 have no "question" text/,
    )
  })

  it('shows a quiet empty state without content, and logs for the editor (fr)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    await renderFaq('', 'fr')
    expect(screen.getByText('Pas encore de questions ici.')).toBeInTheDocument()
    expect(error).toHaveBeenCalledWith(...loggedFailure('faq: no question/answer pairs'))
  })

  it('falls back to the markup when the JSON is malformed, and skips items without question', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    await renderFaq(
      '<script type="application/json">[{"question": "Broken"</script><h4>Fallback question?</h4><p>Answer.</p>',
      'en',
    )
    expect(screen.getByRole('button', { name: 'Fallback question?' })).toBeInTheDocument()
    expect(error).toHaveBeenCalledWith(...loggedFailure('faq: the JSON script could not be read'))
  })

  it('shows the valid JSON items and names the skipped ones (en)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    await renderFaq(
      `<script type="application/json">[{"answer":"no question"},{"question":"Kept?","answer":"Yes"},42]</script>`,
      'en',
    )
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Kept?'])
    expect(error).toHaveBeenCalledWith(...loggedFailure('JSON items 1, 3 have no "question"'))
  })
})
