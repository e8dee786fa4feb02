import { beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWidget } from '../../mocks/render-widget'
import { db } from '../../mocks/db'
import { wineLine } from '../../fixtures/checkout'
import { CLAIRE } from '../../fixtures/users'
import { setPageConfig } from '../../src/config/config'
import type { Contact } from '../../src/domain/types'
import { addToCart } from '../../src/store/cart-actions'
import { setContacts } from '../../src/store/contacts-actions'
import { getStore } from '../../src/store/shared-store'
import { emptyContacts } from '../../src/store/state'
import { cart } from './index'

const DELIVERY: Contact = {
  name: 'Claire Dubois',
  street: 'Rue de la Loi 16',
  zip: '1000',
  city: 'Bruxelles',
  country: 'Belgique',
  country_code: 'BE',
  email: 'claire@example.com',
  phone: '+32 470 12 34 56',
}

const plain = (text: string | null | undefined) =>
  (text ?? '')
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
const figure = (label: string) =>
  plain(screen.getByText(label, { selector: 'dt' }).nextElementSibling!.textContent)

vi.setConfig({ testTimeout: 30_000 })

beforeEach(() => {
  setPageConfig({
    config: {
      demo: true,
      rules: { url: '/api/rules' },
      stripe: { publishableKey: 'pk_test_demo' },
      maps: { apiKey: 'demo-maps-key' },
    },
    problems: [],
  })
})

describe('droplets redemption (issue 11: the discount shows only once the input is left)', () => {
  it('(en) typing changes nothing in the summary or on Pay; leaving the input applies it everywhere', async () => {
    setContacts({ ...emptyContacts(), delivery: DELIVERY, invoice: DELIVERY })
    db.sessionEmail = CLAIRE.email
    addToCart(wineLine({ price: 12.5, qty_available: 20, free_qty: 20 }))
    const user = userEvent.setup({ delay: null })
    await renderWidget(cart, { locale: 'en' })
    await user.click(await screen.findByRole('tab', { name: 'Payment' }))
    await waitFor(() => expect(figure('Shipping')).toBe('€9.95'))
    const pay = () => screen.getByRole('button', { name: /^Pay / })
    expect(pay()).toHaveTextContent('Pay €84.95')

    const input = await screen.findByLabelText('Droplets to redeem')
    await user.click(input)
    await user.type(input, '150')
    expect(input).toHaveFocus()
    expect(input).toHaveValue('150')
    // Still in the input: no discount anywhere.
    expect(screen.queryByText('Droplets redeemed', { selector: 'dt' })).not.toBeInTheDocument()
    expect(figure('Total')).toContain('€84.95')
    expect(pay()).toHaveTextContent('Pay €84.95')
    expect(screen.queryByText(/Discount/)).not.toBeInTheDocument()
    expect(getStore().getState().cart.redeemedPoints).toBe(0)

    await user.tab()
    expect(figure('Droplets redeemed')).toBe('-€30.00')
    expect(figure('Total')).toContain('€54.95')
    expect(pay()).toHaveTextContent('Pay €54.95')
    expect(plain(screen.getByText(/Discount/).textContent)).toBe('Discount: -€30.00')
    expect(getStore().getState().cart).toMatchObject({
      redeemedPoints: 150,
      redeemedPointsAmount: 30,
    })

    // Clearing the input and leaving it takes the redemption back.
    await user.clear(input)
    expect(figure('Droplets redeemed')).toBe('-€30.00')
    await user.tab()
    expect(screen.queryByText('Droplets redeemed', { selector: 'dt' })).not.toBeInTheDocument()
    expect(pay()).toHaveTextContent('Pay €84.95')
  })
})
