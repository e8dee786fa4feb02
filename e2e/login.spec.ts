import { LOCALES, expect, localePaths, open, test, text } from './helpers'

// Whole flows on a shared 2-core machine.
test.describe.configure({ timeout: 60_000 })

const LOGIN_PAGE = localePaths('login')
const USERS = [
  { email: 'claire@example.com', password: 'droplets-420', name: 'Claire Dubois' },
  { email: 'tom@example.com', password: 'droplets-50', name: 'Tom Peeters' },
]

for (const locale of LOCALES) {
  test.describe(`login page (${locale})`, () => {
    test('a wrong password says so, typing clears it; the fixture users log in', async ({
      page,
    }) => {
      await open(page, LOGIN_PAGE[locale])
      const widget = page.locator('[data-widget="login"]')
      const email = widget.getByLabel(text(locale, 'login.email'))
      const password = widget.getByLabel(text(locale, 'login.password'), { exact: true })
      const submit = widget.getByRole('button', { name: text(locale, 'login.submit'), exact: true })

      await email.fill('claire@example.com')
      await password.fill('wrong-password')
      await submit.click()
      await expect(widget.getByText(text(locale, 'login.invalid'))).toBeVisible()
      await password.fill('droplets-42')
      await expect(widget.getByText(text(locale, 'login.invalid'))).toBeHidden()

      const user = USERS[LOCALES.indexOf(locale) % USERS.length]!
      await email.fill(user.email)
      await password.fill(user.password)
      await submit.click()
      const loggedIn = text(locale, 'session.loggedInAs').replace('{{name}}', user.name)
      await expect(widget.getByText(loggedIn)).toBeVisible()
      // Every root reflects the login at once: the header's user menu shows the initial badge.
      await expect(
        page.locator('[data-widget="user-menu"]').getByRole('link', { name: /C|T/ }),
      ).toHaveAttribute('href', `/${locale}/club`)
    })
  })
}

test('logging out clears the cart and goes home', async ({ page }) => {
  await open(page, '/en/bundles/belgian-discovery')
  const bundle = page.locator('[data-widget="bundle"]')
  await bundle.getByRole('button', { name: text('en', 'bundle.add') }).click()
  const cartLines = () =>
    page.evaluate(
      () => JSON.parse(sessionStorage.getItem('wine-widgets:v1') ?? '{}').cart?.lines?.length ?? 0,
    )
  await expect.poll(cartLines).toBe(1)

  await open(page, LOGIN_PAGE.en)
  const widget = page.locator('[data-widget="login"]')
  await widget.getByLabel(text('en', 'login.email')).fill('claire@example.com')
  await widget.getByLabel(text('en', 'login.password'), { exact: true }).fill('droplets-420')
  await widget.getByRole('button', { name: text('en', 'login.submit'), exact: true }).click()
  await widget.getByRole('button', { name: text('en', 'session.logout') }).click()
  await expect(page).toHaveURL(/\/en\/?$/)
  await expect.poll(cartLines).toBe(0)
})
