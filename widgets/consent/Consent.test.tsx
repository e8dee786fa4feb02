import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import Cookies from 'js-cookie'
import { renderWidget } from '../../mocks/render-widget'
import { consent } from './index'

const COOKIE = 'cookieconsent_status'
const DAY = 24 * 60 * 60 * 1000

afterEach(() => {
  Cookies.remove(COOKIE, { path: '/' })
  window.history.replaceState(null, '', '/')
})

describe('consent widget', () => {
  it('shows a banner region with the text, the privacy link and the check button without a cookie (fr)', async () => {
    await renderWidget(consent, { locale: 'fr' })
    const banner = screen.getByRole('region', { name: 'Consentement aux cookies' })
    expect(banner).toHaveTextContent(/Nous utilisons des cookies/)
    expect(
      screen.getByRole('link', { name: 'Lire notre politique de confidentialité' }),
    ).toHaveAttribute('href', '/fr/privacy')
    expect(screen.getByRole('button', { name: "D'accord" })).toBeInTheDocument()
  })

  it('speaks Dutch and links to the Dutch privacy page (nl)', async () => {
    await renderWidget(consent, { locale: 'nl' })
    expect(screen.getByRole('region', { name: 'Toestemming voor cookies' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Lees ons privacybeleid' })).toHaveAttribute(
      'href',
      '/nl/privacy',
    )
    expect(screen.getByRole('button', { name: 'Akkoord' })).toBeInTheDocument()
  })

  it('uses data-privacy-url for the link', async () => {
    await renderWidget(consent, {
      locale: 'en',
      attributes: { 'data-privacy-url': '/en/legal/cookies' },
    })
    expect(screen.getByRole('link', { name: 'Read our privacy policy' })).toHaveAttribute(
      'href',
      '/en/legal/cookies',
    )
  })

  it.each(['javascript:alert(1)', '//evil.example/privacy', 'data:text/html,hi'])(
    'rejects data-privacy-url="%s"',
    async (url) => {
      await expect(
        renderWidget(consent, { locale: 'fr', attributes: { 'data-privacy-url': url } }),
      ).rejects.toThrow(/data-privacy-url/)
    },
  )

  it('is hidden when the consent cookie exists (nl)', async () => {
    Cookies.set(COOKIE, 'dismiss', { path: '/' })
    const { element } = await renderWidget(consent, { locale: 'nl' })
    expect(element).toBeEmptyDOMElement()
    expect(screen.queryByRole('region')).not.toBeInTheDocument()
  })

  it('the check sets cookieconsent_status=dismiss for a year on path / and hides the banner (fr)', async () => {
    const user = userEvent.setup()
    const written: string[] = []
    const setter = vi.spyOn(document, 'cookie', 'set')
    setter.mockImplementation(function (this: Document, value: string) {
      written.push(value)
      // Still write the cookie: keep the browser behaviour.
      Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!.set!.call(this, value)
    })
    await renderWidget(consent, { locale: 'fr' })
    await user.click(screen.getByRole('button', { name: "D'accord" }))

    expect(
      screen.queryByRole('region', { name: 'Consentement aux cookies' }),
    ).not.toBeInTheDocument()
    setter.mockRestore()
    expect(Cookies.get(COOKIE)).toBe('dismiss')
    expect(written).toHaveLength(1)
    const parts = written[0]!.split(';').map((p) => p.trim())
    expect(parts[0]).toBe('cookieconsent_status=dismiss')
    expect(parts).toContain('path=/')
    expect(parts.map((p) => p.toLowerCase())).toContain('samesite=lax')
    const expires = parts.find((p) => p.toLowerCase().startsWith('expires='))
    const lifetime = Date.parse(expires!.slice('expires='.length)) - Date.now()
    expect(lifetime).toBeGreaterThan(364 * DAY)
    expect(lifetime).toBeLessThanOrEqual(365 * DAY)
  })

  it('a click outside hides it for now without setting a cookie (fr)', async () => {
    const user = userEvent.setup()
    const outside = document.createElement('p')
    outside.textContent = 'Du contenu de la page'
    document.body.appendChild(outside)
    await renderWidget(consent, { locale: 'fr' })

    await user.click(screen.getByRole('region'))
    expect(screen.getByRole('region', { name: 'Consentement aux cookies' })).toBeInTheDocument()

    await user.click(outside)
    expect(screen.queryByRole('region')).not.toBeInTheDocument()
    expect(Cookies.get(COOKIE)).toBeUndefined()
    outside.remove()

    // Next page load: shown again.
    await renderWidget(consent, { locale: 'fr' })
    expect(screen.getByRole('region', { name: 'Consentement aux cookies' })).toBeInTheDocument()
  })

  it('Escape hides it for now without setting a cookie (nl)', async () => {
    const user = userEvent.setup()
    await renderWidget(consent, { locale: 'nl' })
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('region')).not.toBeInTheDocument()
    expect(Cookies.get(COOKIE)).toBeUndefined()
  })

  it('is reachable with the keyboard and not a focus trap', async () => {
    const user = userEvent.setup()
    await renderWidget(consent, { locale: 'fr' })
    await user.tab()
    expect(screen.getByRole('link')).toHaveFocus()
    await user.tab()
    expect(screen.getByRole('button', { name: "D'accord" })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(Cookies.get(COOKIE)).toBe('dismiss')
    expect(screen.queryByRole('region')).not.toBeInTheDocument()
  })

  it.each([
    ['the check button', '{Enter}'],
    ['Escape', '{Escape}'],
  ])('closed with %s, gives focus back to where it came from (en)', async (_, keys) => {
    const user = userEvent.setup()
    const before = document.createElement('button')
    before.textContent = 'Before'
    document.body.prepend(before)
    try {
      await renderWidget(consent, { locale: 'en' })
      before.focus()
      await user.tab() // the privacy link
      await user.tab() // the check button
      expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus()
      await user.keyboard(keys)
      expect(screen.queryByRole('region')).not.toBeInTheDocument()
      expect(before).toHaveFocus()
    } finally {
      before.remove()
    }
  })

  it.each(['/fr/privacy', '/fr/privacy/', '/nl/privacy'])(
    'renders nothing on the privacy page %s',
    async (path) => {
      window.history.replaceState(null, '', path)
      const { element } = await renderWidget(consent, {
        locale: path.startsWith('/nl') ? 'nl' : 'fr',
      })
      expect(element).toBeEmptyDOMElement()
    },
  )

  it('renders nothing on the page data-privacy-url points to', async () => {
    window.history.replaceState(null, '', '/fr/legal/cookies/')
    const { element } = await renderWidget(consent, {
      locale: 'fr',
      attributes: { 'data-privacy-url': '/fr/legal/cookies' },
    })
    expect(element).toBeEmptyDOMElement()
  })

  it('is shown on other pages, including ones that merely start with privacy', async () => {
    window.history.replaceState(null, '', '/fr/privacy-and-more')
    await renderWidget(consent, { locale: 'fr' })
    expect(screen.getByRole('region', { name: 'Consentement aux cookies' })).toBeInTheDocument()
  })
})
