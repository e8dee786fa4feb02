// @vitest-environment jsdom -- needs a DOM (storage, document, events)
import { createElement, useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js'
import type {
  Stripe,
  StripeElements,
  StripePaymentElement,
  StripePaymentElementChangeEvent,
} from '@stripe/stripe-js'
import { BANK_BUTTONS, mountBank } from '../demo-pages/bank'
import {
  createFakeStripe,
  FAKE_BANK_PATH,
  FAKE_ELEMENT_TEXTS,
  FAKE_MESSAGES,
  TEST_CARDS,
  THREE_D_SECURE,
} from './fake-stripe'
import { stripeServer } from './stripe-server'

const RETURN_URL = 'http://localhost:3000/en/cart?step=pay'

let hosts: HTMLElement[] = []
afterEach(() => {
  vi.useRealTimers()
  for (const host of hosts) host.remove()
  hosts = []
})

function newIntent(amount = 4250) {
  return stripeServer.createIntent({
    amount,
    description: 'Order S00042',
    customer_email: 'claire@example.com',
  })
}

interface Setup {
  stripe: Stripe
  elements: StripeElements
  element: StripePaymentElement
  host: HTMLElement
  navigate: ReturnType<typeof vi.fn<(url: string) => void>>
}

function setup(locale: 'en' | 'fr' | 'nl' = 'en'): Setup {
  const navigate = vi.fn<(url: string) => void>()
  const stripe = createFakeStripe({ navigate })
  const elements = stripe.elements({
    mode: 'payment',
    amount: 4250,
    currency: 'eur',
    locale,
    allowedPaymentMethodTypes: ['card', 'bancontact'],
  })
  const element = elements.create('payment', { layout: 'tabs' })
  const host = document.createElement('div')
  document.body.append(host)
  hosts.push(host)
  element.mount(host)
  return { stripe, elements, element, host, navigate }
}

const cardInput = (host: HTMLElement, name = 'Card number') =>
  within(host).getByRole('textbox', { name })

async function typeCard(host: HTMLElement, digits: string) {
  const input = cardInput(host)
  await userEvent.clear(input)
  await userEvent.type(input, digits)
}

async function pay(s: Setup, secret: string) {
  const submitted = await s.elements.submit()
  expect(submitted.error).toBeUndefined()
  return s.stripe.confirmPayment({
    elements: s.elements,
    clientSecret: secret,
    confirmParams: { return_url: RETURN_URL },
    redirect: 'if_required',
  })
}

describe('the Payment Element', () => {
  it('offers Card and Bancontact as radio buttons, in the elements locale', async () => {
    for (const locale of ['en', 'fr', 'nl'] as const) {
      const { host } = setup(locale)
      const t = FAKE_ELEMENT_TEXTS[locale]
      const group = within(host).getByRole('group', { name: t.methods })
      const [card, bancontact] = within(group).getAllByRole('radio')
      expect(card).toHaveAccessibleName(t.card)
      expect(card).toBeChecked()
      expect(bancontact).toHaveAccessibleName('Bancontact')
      expect(bancontact).not.toBeChecked()
      expect(cardInput(host, t.cardNumber)).toBeVisible()
      // Only the chosen method's field is in the page (real Stripe keeps its fields in an iframe).
      expect(within(host).queryByRole('textbox', { name: t.fullName })).toBeNull()
      expect(within(host).queryByRole('tab')).toBeNull()
    }
    expect(FAKE_ELEMENT_TEXTS.fr.cardNumber).toBe('Numéro de carte')
    expect(FAKE_ELEMENT_TEXTS.nl.fullName).toBe('Volledige naam')
  })

  it('groups the card number by 4 and emits ready, focus, change and blur events', async () => {
    const { element, host } = setup()
    const events: string[] = []
    const changes: StripePaymentElementChangeEvent[] = []
    element.on('ready', () => events.push('ready'))
    element.on('focus', () => events.push('focus'))
    element.on('blur', () => events.push('blur'))
    element.on('change', (e) => changes.push(e))
    await waitFor(() => expect(events).toEqual(['ready']))
    const input = cardInput(host)
    expect(input).toHaveAttribute('autocomplete', 'cc-number')
    expect(input).toHaveAttribute('maxlength', '19')
    await userEvent.type(input, '42424242424242429999')
    expect(input).toHaveValue('4242 4242 4242 4242')
    await userEvent.tab()
    expect(events).toEqual(['ready', 'focus', 'blur'])
    expect(changes[0]).toEqual({
      elementType: 'payment',
      empty: false,
      complete: false,
      collapsed: false,
      value: { type: 'card' },
    })
    expect(changes.at(-1)).toMatchObject({ empty: false, complete: true, value: { type: 'card' } })
  })

  it('switches method with the radios (click and arrow keys) and reports the chosen type', async () => {
    const { element, host } = setup()
    const changes: StripePaymentElementChangeEvent[] = []
    element.on('change', (e) => changes.push(e))
    await userEvent.click(within(host).getByRole('radio', { name: 'Bancontact' }))
    expect(changes.at(-1)).toMatchObject({
      empty: true,
      complete: false,
      value: { type: 'bancontact' },
    })
    const name = within(host).getByRole('textbox', { name: 'Full name' })
    expect(name).toBeVisible()
    expect(within(host).queryByRole('textbox', { name: 'Card number' })).toBeNull()
    await userEvent.type(name, 'Claire Dubois')
    expect(changes.at(-1)).toMatchObject({ complete: true, value: { type: 'bancontact' } })
    within(host).getByRole('radio', { name: 'Bancontact' }).focus()
    await userEvent.keyboard('{ArrowLeft}')
    expect(within(host).getByRole('radio', { name: 'Card' })).toBeChecked()
    expect(changes.at(-1)).toMatchObject({ value: { type: 'card' } })
    // The name typed before is kept when coming back.
    await userEvent.click(within(host).getByRole('radio', { name: 'Bancontact' }))
    expect(within(host).getByRole('textbox', { name: 'Full name' })).toHaveValue('Claire Dubois')
  })

  it('offers only the allowed methods (and honours the older paymentMethodTypes)', () => {
    const stripe = createFakeStripe()
    const mount = (elements: StripeElements) => {
      const host = document.createElement('div')
      document.body.append(host)
      hosts.push(host)
      elements.create('payment').mount(host)
      return host
    }
    const cardOnly = mount(
      stripe.elements({
        mode: 'payment',
        amount: 100,
        currency: 'eur',
        allowedPaymentMethodTypes: ['card', 'apple_pay'],
      }),
    )
    expect(within(cardOnly).queryByRole('radio')).toBeNull()
    expect(cardInput(cardOnly)).toBeVisible()
    // Not in @stripe/stripe-js v10's types any more: passed as a plain object, like old code.
    const legacy: {
      mode: 'payment'
      amount: number
      currency: string
      paymentMethodTypes: string[]
    } = { mode: 'payment', amount: 100, currency: 'eur', paymentMethodTypes: ['bancontact'] }
    const bancontactOnly = mount(stripe.elements(legacy))
    expect(within(bancontactOnly).getByRole('textbox', { name: 'Full name' })).toBeVisible()
    expect(within(bancontactOnly).queryByRole('textbox', { name: 'Card number' })).toBeNull()
  })

  it('update({ readOnly: true }) disables the input and the radios', () => {
    const { element, host } = setup()
    element.update({ readOnly: true })
    expect(cardInput(host)).toBeDisabled()
    for (const radio of within(host).getAllByRole('radio')) expect(radio).toBeDisabled()
    element.update({ readOnly: false })
    expect(cardInput(host)).toBeEnabled()
  })

  it('is found by getElement and can be created again once destroyed', () => {
    const { elements, element, host } = setup()
    expect(elements.getElement('payment')).toBe(element)
    expect(elements.getElement(PaymentElement)).toBe(element)
    expect(() => elements.create('payment')).toThrow('Can only create one Element of type payment.')
    element.destroy()
    expect(host).toBeEmptyDOMElement()
    expect(elements.getElement('payment')).toBeNull()
    expect(elements.create('payment')).not.toBe(element)
  })
})

describe('elements.submit()', () => {
  it('validates the chosen method and shows the message under its field', async () => {
    const s = setup()
    await expect(s.elements.submit()).resolves.toEqual({
      error: {
        type: 'validation_error',
        code: 'incomplete_number',
        message: FAKE_MESSAGES.incompleteNumber,
      },
    })
    expect(cardInput(s.host)).toHaveAccessibleDescription(FAKE_MESSAGES.incompleteNumber)
    expect(cardInput(s.host)).toBeInvalid()
    await typeCard(s.host, '4242424242424241')
    expect((await s.elements.submit()).error).toMatchObject({ code: 'invalid_number' })
    await typeCard(s.host, TEST_CARDS.success)
    await expect(s.elements.submit()).resolves.toEqual({ selectedPaymentMethod: 'card' })
    expect(cardInput(s.host)).not.toBeInvalid()

    await userEvent.click(within(s.host).getByRole('radio', { name: 'Bancontact' }))
    await expect(s.elements.submit()).resolves.toEqual({
      error: {
        type: 'validation_error',
        code: 'incomplete_name',
        message: FAKE_MESSAGES.incompleteName,
      },
    })
    await userEvent.type(within(s.host).getByRole('textbox', { name: 'Full name' }), 'Tom Peeters')
    await expect(s.elements.submit()).resolves.toEqual({ selectedPaymentMethod: 'bancontact' })
  })

  it('must come before each confirmPayment in deferred-intent mode', async () => {
    const s = setup()
    const intent = newIntent()
    await typeCard(s.host, TEST_CARDS.success)
    await expect(
      s.stripe.confirmPayment({
        elements: s.elements,
        clientSecret: intent.client_secret,
        redirect: 'if_required',
      }),
    ).rejects.toThrow('elements.submit() must be called before stripe.confirmPayment()')
    expect(stripeServer.find(intent.id)?.confirmations).toBe(0)
  })
})

describe('stripe.confirmPayment() with a card', () => {
  it('charges 4242 4242 4242 4242 once and answers the succeeded intent', async () => {
    const s = setup()
    const intent = newIntent()
    await typeCard(s.host, TEST_CARDS.success)
    await expect(pay(s, intent.client_secret)).resolves.toEqual({
      paymentIntent: expect.objectContaining({
        id: intent.id,
        object: 'payment_intent',
        status: 'succeeded',
        amount: 4250,
        currency: 'eur',
        client_secret: intent.client_secret,
      }),
    })
    expect(stripeServer.state().charges).toEqual([
      { intent: intent.id, amount: 4250, method: 'card', description: 'Order S00042' },
    ])
    expect(stripeServer.find(intent.id)).toMatchObject({ status: 'succeeded', confirmations: 1 })
  })

  it.each([
    [TEST_CARDS.declined, 'generic_decline', FAKE_MESSAGES.declined],
    [TEST_CARDS.insufficientFunds, 'insufficient_funds', FAKE_MESSAGES.insufficientFunds],
    ['5555555555554444', 'generic_decline', FAKE_MESSAGES.declined],
  ])('declines %s (%s) and the intent needs a new payment method', async (card, code, message) => {
    const s = setup()
    const intent = newIntent()
    await typeCard(s.host, card)
    const result = await pay(s, intent.client_secret)
    expect(result.error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      decline_code: code,
      message,
      payment_intent: { id: intent.id, status: 'requires_payment_method' },
    })
    expect(stripeServer.find(intent.id)).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: code,
        message,
      },
    })
    expect(stripeServer.state().charges).toEqual([])
  })

  it('refuses to confirm an intent that already succeeded (payment_intent_unexpected_state)', async () => {
    const s = setup()
    const intent = newIntent()
    await typeCard(s.host, TEST_CARDS.success)
    await pay(s, intent.client_secret)
    const again = await pay(s, intent.client_secret)
    expect(again.error).toEqual({
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      message: FAKE_MESSAGES.alreadySucceeded,
      payment_intent: expect.objectContaining({ id: intent.id, status: 'succeeded' }),
    })
    expect(stripeServer.find(intent.id)?.confirmations).toBe(2)
    expect(stripeServer.state().charges).toHaveLength(1)
  })

  it('answers resource_missing for a client secret Stripe does not know', async () => {
    const s = setup()
    await typeCard(s.host, TEST_CARDS.success)
    const result = await pay(s, 'pi_mock_9999_secret_demo')
    expect(result.error).toMatchObject({
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: "No such payment_intent: 'pi_mock_9999'",
    })
  })
})

describe('3-D Secure (4000 0000 0000 3220)', () => {
  it('shows a modal dialog; Complete authentication charges the card and returns the focus', async () => {
    const s = setup()
    const intent = newIntent(1999)
    await typeCard(s.host, TEST_CARDS.threeDSecure)
    const opener = cardInput(s.host)
    opener.focus()
    const result = pay(s, intent.client_secret)
    const dialog = await screen.findByRole('dialog', { name: THREE_D_SECURE.title })
    expect(dialog).toHaveAttribute('aria-modal', 'true')
    expect(dialog).toHaveTextContent('€19.99')
    expect(dialog).toHaveTextContent('Order S00042')
    expect(stripeServer.find(intent.id)?.status).toBe('requires_action')
    const complete = within(dialog).getByRole('button', { name: THREE_D_SECURE.complete })
    expect(complete).toHaveFocus()
    // Tab stays inside the dialog.
    await userEvent.tab()
    expect(within(dialog).getByRole('button', { name: THREE_D_SECURE.fail })).toHaveFocus()
    await userEvent.tab()
    expect(complete).toHaveFocus()
    await userEvent.click(complete)
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(opener).toHaveFocus()
    await expect(result).resolves.toMatchObject({ paymentIntent: { status: 'succeeded' } })
    expect(stripeServer.state().charges).toHaveLength(1)
  })

  it('Fail authentication leaves the intent needing a new payment method', async () => {
    const s = setup()
    const intent = newIntent()
    await typeCard(s.host, TEST_CARDS.threeDSecure)
    const result = pay(s, intent.client_secret)
    await userEvent.click(await screen.findByRole('button', { name: THREE_D_SECURE.fail }))
    expect((await result).error).toMatchObject({
      type: 'card_error',
      code: 'payment_intent_authentication_failure',
      message: FAKE_MESSAGES.authenticationFailed,
    })
    expect(stripeServer.find(intent.id)).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: { code: 'payment_intent_authentication_failure' },
    })
    expect(stripeServer.state().charges).toEqual([])
  })

  it('handleNextAction resumes an intent left in requires_action (a reload during 3-D Secure)', async () => {
    const stripe = createFakeStripe()
    const intent = newIntent()
    stripeServer.update(intent.id, { status: 'requires_action', payment_method_type: 'card' })
    const result = stripe.handleNextAction({ clientSecret: intent.client_secret })
    await userEvent.click(await screen.findByRole('button', { name: THREE_D_SECURE.complete }))
    await expect(result).resolves.toMatchObject({
      paymentIntent: { id: intent.id, status: 'succeeded' },
    })

    const other = newIntent()
    stripeServer.update(other.id, { status: 'requires_action', payment_method_type: 'card' })
    const failed = stripe.handleNextAction({ clientSecret: other.client_secret })
    await screen.findByRole('dialog', { name: THREE_D_SECURE.title })
    // Escape closes the challenge, which fails the authentication.
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect((await failed).error?.code).toBe('payment_intent_authentication_failure')
  })

  it('handleNextAction on an intent that needs no action answers an error', async () => {
    const stripe = createFakeStripe()
    const intent = newIntent()
    const result = await stripe.handleNextAction({ clientSecret: intent.client_secret })
    expect(result.error).toMatchObject({
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
    })
    expect(
      (await stripe.handleNextAction({ clientSecret: 'pi_mock_0404_secret_demo' })).error?.code,
    ).toBe('resource_missing')
  })
})

describe('stripe.retrievePaymentIntent()', () => {
  it('answers the intent as the server holds it, or resource_missing', async () => {
    const stripe = createFakeStripe()
    const intent = newIntent()
    stripeServer.update(intent.id, {
      status: 'requires_payment_method',
      last_payment_error: { type: 'card_error', code: 'card_declined', message: 'Declined.' },
    })
    await expect(stripe.retrievePaymentIntent(intent.client_secret)).resolves.toEqual({
      paymentIntent: {
        id: intent.id,
        object: 'payment_intent',
        amount: 4250,
        currency: 'eur',
        status: 'requires_payment_method',
        client_secret: intent.client_secret,
        description: 'Order S00042',
        payment_method_types: ['card', 'bancontact'],
        last_payment_error: { type: 'card_error', code: 'card_declined', message: 'Declined.' },
      },
    })
    // The id alone is not a client secret.
    expect((await stripe.retrievePaymentIntent(intent.id)).error?.code).toBe('resource_missing')
  })
})

describe('Bancontact', () => {
  async function toTheBank(user: Pick<UserEvent, 'click' | 'type'> = userEvent) {
    const s = setup('fr')
    const intent = newIntent()
    await user.click(within(s.host).getByRole('radio', { name: 'Bancontact' }))
    await user.type(within(s.host).getByRole('textbox', { name: 'Nom complet' }), 'Claire')
    let settled = false
    void pay(s, intent.client_secret).finally(() => {
      settled = true
    })
    await waitFor(() => expect(s.navigate).toHaveBeenCalledTimes(1))
    return { s, intent, bankUrl: new URL(s.navigate.mock.calls[0]![0]), settled: () => settled }
  }

  it('leaves for the demo bank with the intent, its secret and the return_url, and never settles', async () => {
    // Fake timers that follow the clock meanwhile, so that "never" is checked below by running
    // every timer the fake set, not by waiting.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true })
    const { intent, bankUrl, settled } = await toTheBank(
      userEvent.setup({ advanceTimers: vi.advanceTimersByTime }),
    )
    expect(bankUrl.pathname).toBe(FAKE_BANK_PATH)
    expect(Object.fromEntries(bankUrl.searchParams)).toEqual({
      payment_intent: intent.id,
      payment_intent_client_secret: intent.client_secret,
      return_url: RETURN_URL,
    })
    expect(stripeServer.find(intent.id)).toMatchObject({
      status: 'requires_action',
      payment_method_type: 'bancontact',
      confirmations: 1,
    })
    await vi.runAllTimersAsync()
    expect(settled()).toBe(false)
  })

  function bank(href: string) {
    const app = document.createElement('div')
    document.body.append(app)
    hosts.push(app)
    const navigate = vi.fn<(url: string) => void>()
    mountBank(app, { href, navigate })
    return { app, navigate }
  }

  it('the bank shows the amount and order; Approve charges and returns with redirect_status=succeeded', async () => {
    const { intent, bankUrl } = await toTheBank()
    const { app, navigate } = bank(bankUrl.href)
    expect(app).toHaveTextContent('€42.50')
    expect(app).toHaveTextContent('Order S00042')
    await userEvent.click(within(app).getByRole('button', { name: BANK_BUTTONS.approve }))
    const back = new URL(navigate.mock.calls[0]![0])
    expect(back.origin + back.pathname).toBe('http://localhost:3000/en/cart')
    expect(Object.fromEntries(back.searchParams)).toEqual({
      step: 'pay',
      payment_intent: intent.id,
      payment_intent_client_secret: intent.client_secret,
      redirect_status: 'succeeded',
    })
    expect(stripeServer.state().charges).toEqual([
      { intent: intent.id, amount: 4250, method: 'bancontact', description: 'Order S00042' },
    ])
    for (const button of within(app).getAllByRole('button')) expect(button).toBeDisabled()
  })

  it('Decline returns with redirect_status=failed; the intent carries the bank decline', async () => {
    const { intent, bankUrl } = await toTheBank()
    const { app, navigate } = bank(bankUrl.href)
    await userEvent.click(within(app).getByRole('button', { name: BANK_BUTTONS.decline }))
    const back = new URL(navigate.mock.calls[0]![0])
    expect(back.searchParams.get('redirect_status')).toBe('failed')
    expect(back.searchParams.get('payment_intent')).toBe(intent.id)
    expect(stripeServer.find(intent.id)).toMatchObject({
      status: 'requires_payment_method',
      last_payment_error: {
        type: 'card_error',
        code: 'payment_method_provider_decline',
        message: 'The payment was declined by the bank.',
      },
    })
    expect(stripeServer.state().charges).toEqual([])
  })

  it('Abandon returns to return_url as it was; the intent still requires action', async () => {
    const { intent, bankUrl } = await toTheBank()
    const { app, navigate } = bank(bankUrl.href)
    await userEvent.click(within(app).getByRole('button', { name: BANK_BUTTONS.abandon }))
    expect(navigate).toHaveBeenCalledWith(RETURN_URL)
    expect(stripeServer.find(intent.id)?.status).toBe('requires_action')
  })

  it('follows only a return_url on its own origin, and only a known intent with its secret', async () => {
    const { bankUrl } = await toTheBank()
    const foreign = new URL(bankUrl)
    foreign.searchParams.set('return_url', 'https://evil.example/steal')
    expect(bank(foreign.href).app.querySelector('[role="alert"]')).toHaveTextContent(
      'not on this site',
    )
    const wrongSecret = new URL(bankUrl)
    wrongSecret.searchParams.set('payment_intent_client_secret', 'pi_mock_0001_secret_guess')
    const { app } = bank(wrongSecret.href)
    expect(within(app).getByRole('alert')).toHaveTextContent('not valid')
    expect(within(app).queryByRole('button')).toBeNull()
  })
})

describe('under @stripe/react-stripe-js', () => {
  interface CheckoutProps {
    secret: string
    onChange?: (event: StripePaymentElementChangeEvent) => void
    onReady?: (element: StripePaymentElement) => void
  }

  function Checkout({ secret, onChange, onReady }: CheckoutProps) {
    const stripe = useStripe()
    const elements = useElements()
    const [readOnly, setReadOnly] = useState(false)
    const [outcome, setOutcome] = useState('')
    const submit = async () => {
      if (!stripe || !elements) return
      setReadOnly(true)
      const { error } = await elements.submit()
      if (error) {
        setOutcome(error.message ?? '')
        setReadOnly(false)
        return
      }
      const result = await stripe.confirmPayment({
        elements,
        clientSecret: secret,
        confirmParams: { return_url: RETURN_URL },
        redirect: 'if_required',
      })
      setOutcome(result.error ? (result.error.message ?? '') : result.paymentIntent.status)
      setReadOnly(false)
    }
    return createElement(
      'form',
      {
        'aria-label': 'Payment',
        onSubmit: (e: { preventDefault: () => void }) => {
          e.preventDefault()
          void submit()
        },
      },
      createElement(PaymentElement, { options: { layout: 'tabs', readOnly }, onChange, onReady }),
      createElement('button', { type: 'submit' }, 'Pay'),
      createElement('p', { role: 'status' }, outcome),
    )
  }

  it('mounts through <Elements>/<PaymentElement>, reaches onChange and onReady, and pays', async () => {
    const intent = newIntent()
    const onChange = vi.fn()
    const onReady = vi.fn()
    const stripe = Promise.resolve(createFakeStripe())
    const options = {
      mode: 'payment' as const,
      amount: 4250,
      currency: 'eur',
      locale: 'nl' as const,
      allowedPaymentMethodTypes: ['card', 'bancontact'],
    }
    render(
      createElement(
        Elements,
        { stripe, options },
        createElement(Checkout, { secret: intent.client_secret, onChange, onReady }),
      ),
    )
    const input = await screen.findByRole('textbox', { name: 'Kaartnummer' })
    await waitFor(() => expect(onReady).toHaveBeenCalledTimes(1))
    expect(typeof onReady.mock.calls[0]![0].update).toBe('function')
    await userEvent.type(input, TEST_CARDS.success)
    expect(onChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ elementType: 'payment', complete: true, value: { type: 'card' } }),
    )
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }))
    // readOnly reaches element.update while the payment runs.
    await waitFor(() => expect(input).toBeDisabled())
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('succeeded'))
    // <PaymentElement> passes a changed option to element.update in a passive effect, which
    // React may run after the commit that shows the outcome: wait for it, as a shopper would.
    await waitFor(() => expect(input).toBeEnabled())
    expect(stripeServer.state().charges).toHaveLength(1)
  })

  it('shows Stripe validation messages through the hooks and relabels on a locale update', async () => {
    const intent = newIntent()
    const stripe = Promise.resolve(createFakeStripe())
    const view = (locale: 'en' | 'fr') =>
      createElement(
        Elements,
        { stripe, options: { mode: 'payment' as const, amount: 4250, currency: 'eur', locale } },
        createElement(Checkout, { secret: intent.client_secret }),
      )
    const { rerender } = render(view('en'))
    await screen.findByRole('textbox', { name: 'Card number' })
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }))
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(FAKE_MESSAGES.incompleteNumber),
    )
    await act(async () => rerender(view('fr')))
    expect(await screen.findByRole('radio', { name: 'Carte' })).toBeChecked()
    expect(screen.getByRole('textbox', { name: 'Numéro de carte' })).toBeVisible()
  })
})
