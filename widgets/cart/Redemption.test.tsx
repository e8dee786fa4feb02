import { beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import { figure, plain, renderOnPaymentTab, setDemoConfig } from '../../mocks/test-setups/cart'
import { getStore } from '../../src/store/shared-store'

vi.setConfig({ testTimeout: 30_000 })

beforeEach(setDemoConfig)

describe('droplets redemption (the discount shows only once the input is left)', () => {
  it('(en) typing changes nothing in the summary or on Pay; leaving the input applies it everywhere', async () => {
    const { user } = await renderOnPaymentTab('en')
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
