import type { Draft } from 'immer'
import { randomId } from '../domain/random-id'
import { emptyCart, emptyContacts, loggedOutSession, type StoreState } from './state'

/** Clears the user, cart, contacts and conversation (logout and inactivity). */
export function clearPersonal(d: Draft<StoreState>) {
  // A payment the provider holds or has charged must still finish (its snapshot carries what
  // it needs): logging out never forgets money that was taken.
  const phase = d.payment?.phase
  if (phase !== 'confirming' && phase !== 'charged') d.payment = null
  d.session = loggedOutSession()
  // The next check must ask the server: a later login elsewhere would otherwise go unseen.
  d.sessionVersion = null
  d.cart = emptyCart()
  d.contacts = emptyContacts()
  d.conversation = []
  d.personalId = randomId()
}
