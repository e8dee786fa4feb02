import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import Cookies from 'js-cookie'
import { renderWidget } from '../../mocks/render-widget'
import { CONSENT_EVENT, CONSENT_OPEN_EVENT } from '../../src/consent/consent'
import { consent } from './index'

const COOKIE = 'cookieconsent_status'
const DAY = 24 * 60 * 60 * 1000

afterEach(() => {
  Cookies.remove(COOKIE, { path: '/' })
  window.history.replaceState(null, '', '/')
})

describe('consent widget', () => {
  it('shows a banner region with the text, the privacy link, Accept and Refuse without a cookie (fr)', async () => {
    await renderWidget(consent, { locale: 'fr' })
    const banner = screen.getByRole('region', { name: 'Consentement aux cookies' })
    expect(banner).toHaveTextContent(/Nous utilisons des cookies/)
    expect(
      screen.getByRole('link', { name: 'Lire notre politique de confidentialité' }),
    ).toHaveAttribute('href', '/fr/privacy')
    expect(screen.getByRole('button', { name: 'Accepter' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Refuser' })).toBeInTheDocument()
  })

  it('speaks Dutch and links to the Dutch privacy page (nl)', async () => {
    await renderWidget(consent, { locale: 'nl' })
    expect(screen.getByRole('region', { name: 'Toestemming voor cookies' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Lees ons privacybeleid' })).toHaveAttribute(
      'href',
      '/nl/privacy',
    )
    expect(screen.getByRole('button', { name: 'Aanvaarden' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Weigeren' })).toBeInTheDocument()
  })

  it.each([
    ['fr', 'Accepter', 'Refuser'],
    ['nl', 'Aanvaarden', 'Weigeren'],
  ] as const)(
    'gives Accept and Refuse equal prominence: real buttons, one style, side by side (%s)',
    async (locale, acceptName, refuseName) => {
      await renderWidget(consent, { locale })
      const accept = screen.getByRole('button', { name: acceptName })
      const refuse = screen.getByRole('button', { name: refuseName })
      expect(accept.tagName).toBe('BUTTON')
      expect(refuse.tagName).toBe('BUTTON')
      // jsdom lays nothing out: the same classes mean the same declarations of size, weight and
      // colour (the e2e compares the real computed sizes).
      expect(accept.className).not.toBe('')
      expect(refuse.className).toBe(accept.className)
      const [a, r] = [getComputedStyle(accept), getComputedStyle(refuse)]
      for (const property of [
        'width',
        'height',
        'min-width',
        'min-height',
        'padding',
        'font-size',
        'font-weight',
      ])
        expect(r.getPropertyValue(property), property).toBe(a.getPropertyValue(property))
      // Siblings in one group: the same place in the reading order, neither hidden behind a link.
      expect(accept.parentElement).toBe(refuse.parentElement)
      expect(accept.nextElementSibling).toBe(refuse)
    },
  )

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

  // `dismiss`: written by the former single OK; those visitors answered and are not asked again.
  it.each(['allow', 'deny', 'dismiss'])(
    'is hidden when the consent cookie says %s (nl)',
    async (value) => {
      Cookies.set(COOKIE, value, { path: '/' })
      const { element } = await renderWidget(consent, { locale: 'nl' })
      expect(element).toBeEmptyDOMElement()
      expect(screen.queryByRole('region')).not.toBeInTheDocument()
    },
  )

  it.each([
    ['fr', 'Accepter', 'allow', true],
    ['fr', 'Refuser', 'deny', false],
    ['nl', 'Aanvaarden', 'allow', true],
    ['nl', 'Weigeren', 'deny', false],
  ] as const)(
    '%s: %s sets cookieconsent_status=%s for a year on path /, tells the host and hides the banner',
    async (locale, buttonName, value, analytics) => {
      const user = userEvent.setup()
      const written: string[] = []
      const heard: unknown[] = []
      const listen = (event: Event) => heard.push(event instanceof CustomEvent && event.detail)
      window.addEventListener(CONSENT_EVENT, listen)
      const setter = vi.spyOn(document, 'cookie', 'set')
      setter.mockImplementation(function (this: Document, cookie: string) {
        written.push(cookie)
        // Still write the cookie: keep the browser behaviour.
        Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!.set!.call(this, cookie)
      })
      try {
        await renderWidget(consent, { locale })
        await user.click(screen.getByRole('button', { name: buttonName }))

        expect(screen.queryByRole('region')).not.toBeInTheDocument()
        setter.mockRestore()
        expect(Cookies.get(COOKIE)).toBe(value)
        expect(heard).toEqual([{ analytics }])
        expect(written).toHaveLength(1)
        const parts = written[0]!.split(';').map((p) => p.trim())
        expect(parts[0]).toBe(`cookieconsent_status=${value}`)
        expect(parts).toContain('path=/')
        expect(parts.map((p) => p.toLowerCase())).toContain('samesite=lax')
        const expires = parts.find((p) => p.toLowerCase().startsWith('expires='))
        const lifetime = Date.parse(expires!.slice('expires='.length)) - Date.now()
        expect(lifetime).toBeGreaterThan(364 * DAY)
        expect(lifetime).toBeLessThanOrEqual(365 * DAY)
      } finally {
        window.removeEventListener(CONSENT_EVENT, listen)
      }
    },
  )

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

  it.each([
    ['fr', 'Accepter', 'Refuser'],
    ['nl', 'Aanvaarden', 'Weigeren'],
  ] as const)(
    'is reachable with the keyboard in reading order: link, Accept, Refuse; not a focus trap (%s)',
    async (locale, acceptName, refuseName) => {
      const user = userEvent.setup()
      await renderWidget(consent, { locale })
      await user.tab()
      expect(screen.getByRole('link')).toHaveFocus()
      await user.tab()
      expect(screen.getByRole('button', { name: acceptName })).toHaveFocus()
      await user.tab()
      expect(screen.getByRole('button', { name: refuseName })).toHaveFocus()
      await user.tab()
      expect(document.body).toHaveFocus()
      await user.tab({ shift: true })
      expect(screen.getByRole('button', { name: refuseName })).toHaveFocus()
      await user.keyboard('{Enter}')
      expect(Cookies.get(COOKIE)).toBe('deny')
      expect(screen.queryByRole('region')).not.toBeInTheDocument()
    },
  )

  it.each([
    ['Accept', 1, '{Enter}'],
    ['Refuse', 2, '{Enter}'],
    ['Escape', 1, '{Escape}'],
  ])('closed with %s, gives focus back to where it came from (en)', async (_, tabs, keys) => {
    const user = userEvent.setup()
    const before = document.createElement('button')
    before.textContent = 'Before'
    document.body.prepend(before)
    try {
      await renderWidget(consent, { locale: 'en' })
      before.focus()
      await user.tab() // the privacy link
      for (let i = 0; i < tabs; i++) await user.tab() // Accept, then Refuse
      expect(screen.getByRole('button', { name: tabs === 1 ? 'Accept' : 'Refuse' })).toHaveFocus()
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

  it.each([
    ['fr', 'Paramètres des cookies', 'Refuser', 'Accepter'],
    ['nl', 'Cookie-instellingen', 'Weigeren', 'Aanvaarden'],
  ] as const)(
    'data-settings (%s): a button that opens the choice, even after an answer and on the privacy page',
    async (locale, settingsName, refuseName, acceptName) => {
      const user = userEvent.setup()
      window.history.replaceState(null, '', `/${locale}/privacy`)
      Cookies.set(COOKIE, 'allow', { path: '/' })
      const heard: unknown[] = []
      const listen = (event: Event) => heard.push(event instanceof CustomEvent && event.detail)
      window.addEventListener(CONSENT_EVENT, listen)
      try {
        await renderWidget(consent, { locale, attributes: { 'data-settings': '' } })
        expect(screen.queryByRole('region')).not.toBeInTheDocument()
        const settings = screen.getByRole('button', { name: settingsName })

        await user.click(settings)
        const region = screen.getByRole('region')
        // Focus goes into the opened choice, then on in reading order.
        expect(region).toHaveFocus()
        await user.tab()
        expect(screen.getByRole('link')).toHaveFocus()
        await user.tab()
        expect(screen.getByRole('button', { name: acceptName })).toHaveFocus()
        await user.tab()
        expect(screen.getByRole('button', { name: refuseName })).toHaveFocus()

        // Withdrawn: deny, the host told, focus back on the settings button.
        await user.keyboard('{Enter}')
        expect(Cookies.get(COOKIE)).toBe('deny')
        expect(heard).toEqual([{ analytics: false }])
        expect(screen.queryByRole('region')).not.toBeInTheDocument()
        expect(settings).toHaveFocus()

        await user.click(settings)
        await user.click(screen.getByRole('button', { name: acceptName }))
        expect(Cookies.get(COOKIE)).toBe('allow')
        expect(heard).toEqual([{ analytics: false }, { analytics: true }])
      } finally {
        window.removeEventListener(CONSENT_EVENT, listen)
      }
    },
  )

  it('Escape closes the opened settings without changing the answer (en)', async () => {
    const user = userEvent.setup()
    Cookies.set(COOKIE, 'deny', { path: '/' })
    await renderWidget(consent, { locale: 'en', attributes: { 'data-settings': '' } })
    const settings = screen.getByRole('button', { name: 'Cookie settings' })
    await user.click(settings)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('region')).not.toBeInTheDocument()
    expect(Cookies.get(COOKIE)).toBe('deny')
    expect(settings).toHaveFocus()
  })

  it('the open request (WineWidgets.consent.open) opens one choice, even after an answer (fr)', async () => {
    Cookies.set(COOKIE, 'dismiss', { path: '/' })
    await renderWidget(consent, { locale: 'fr' })
    await renderWidget(consent, { locale: 'fr', attributes: { 'data-settings': '' } })
    expect(screen.queryByRole('region')).not.toBeInTheDocument()

    const request = new CustomEvent(CONSENT_OPEN_EVENT, { cancelable: true })
    act(() => void window.dispatchEvent(request))
    expect(request.defaultPrevented).toBe(true)
    expect(screen.getAllByRole('region', { name: 'Consentement aux cookies' })).toHaveLength(1)
    expect(screen.getByRole('region')).toHaveFocus()
  })

  it('sets WineWidgets.consent.open() for the host, which opens the choice (nl)', async () => {
    const user = userEvent.setup()
    Cookies.set(COOKIE, 'deny', { path: '/' })
    // A stand-in for the entry's API object: only its consent slot is used here.
    const api: { consent?: { open(): void } } = {}
    vi.stubGlobal('WineWidgets', api)
    await renderWidget(consent, { locale: 'nl' })
    expect(screen.queryByRole('region')).not.toBeInTheDocument()
    act(() => api.consent?.open())
    expect(screen.getByRole('region', { name: 'Toestemming voor cookies' })).toHaveFocus()
    await user.click(screen.getByRole('button', { name: 'Aanvaarden' }))
    expect(Cookies.get(COOKIE)).toBe('allow')
  })

  it('rejects a data-settings that is not a boolean', async () => {
    await expect(
      renderWidget(consent, { locale: 'fr', attributes: { 'data-settings': 'popup' } }),
    ).rejects.toThrow(/data-settings/)
  })
})
