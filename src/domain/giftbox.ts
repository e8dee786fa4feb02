/**
 * Business-gift budget calculator.
 *
 * Constants:
 * - box price per gift by bottles per gift: 1 → 3, 2 → 5, 3 → 7, 4 → 9, 6 → 11 EUR;
 *   a thick box (sliding lid) multiplies the box price by 1.5, a thin box (nailed lid) does not;
 * - film preparation 50 EUR plus printing setup 25 EUR, per logo colour (1, 2 or 4);
 * - printing per gift per colour by quantity tier: 1–50 gifts 0.75, 51–100 0.65, 101–500 0.5,
 *   501 and more 0.4 EUR;
 * - accompanying letter 0.25 EUR per gift if chosen.
 *
 * Formula:
 *   box     = BOX_PRICE[bottles] × (thick ? 1.5 : 1)
 *   total   = gifts × box + (50 + 25) × colours + gifts × tier(gifts) × colours
 *             + (letter ? 0.25 × gifts : 0)
 *   perGift = total / gifts
 * Every breakdown line is rounded to cents; the total is the sum of the rounded lines (so the
 * lines shown always add up to the total shown) and the per-gift figure is total / gifts
 * rounded to cents. With 0 gifts there is no estimate (`null`): the widget shows dashes.
 */
import { roundCents } from './money'
import { toNumber, wholeCount } from './to-number'

export const BOTTLE_OPTIONS = [1, 2, 3, 4, 6] as const
export type BottlesPerGift = (typeof BOTTLE_OPTIONS)[number]

export const BOX_TYPES = ['thick', 'thin'] as const
/** thick: sliding lid (×1.5); thin: nailed lid. */
export type BoxType = (typeof BOX_TYPES)[number]

export const COLOUR_OPTIONS = [1, 2, 4] as const
export type LogoColours = (typeof COLOUR_OPTIONS)[number]

/** Box price per gift (EUR) by bottles per gift. */
export const BOX_PRICE: Readonly<Record<BottlesPerGift, number>> = { 1: 3, 2: 5, 3: 7, 4: 9, 6: 11 }
export const THICK_BOX_FACTOR = 1.5
/** Film preparation, per logo colour (EUR). */
export const FILM_PREPARATION = 50
/** Printing setup, per logo colour (EUR). */
export const PRINTING_SETUP = 25
/** Accompanying letter, per gift (EUR). */
export const LETTER_PRICE = 0.25

/** Printing per gift per colour: the first tier whose `upTo` covers the number of gifts. */
export const PRINTING_TIERS: readonly { upTo: number; price: number }[] = [
  { upTo: 50, price: 0.75 },
  { upTo: 100, price: 0.65 },
  { upTo: 500, price: 0.5 },
  { upTo: Infinity, price: 0.4 },
]

export interface GiftboxInput {
  /** Number of gifts (whole, ≥ 0). */
  gifts: number
  bottles: BottlesPerGift
  box: BoxType
  colours: LogoColours
  letter: boolean
}

export interface GiftboxEstimate {
  /** gifts × box price. */
  boxes: number
  /** (film preparation + printing setup) × colours. */
  filmAndSetup: number
  /** gifts × tier price × colours. */
  printing: number
  /** 0.25 × gifts when a letter is chosen, else 0. */
  letters: number
  total: number
  perGift: number
}

/** Box price per gift for a number of bottles and a box type. */
export function boxPrice(bottles: BottlesPerGift, box: BoxType): number {
  return BOX_PRICE[bottles] * (box === 'thick' ? THICK_BOX_FACTOR : 1)
}

/** Printing price per gift per colour for a number of gifts (1–50 0.75 … 501+ 0.4). */
export function printingTier(gifts: number): number {
  // The last tier's `upTo` is Infinity, so `find` always matches; 0.4 keeps the type total.
  return PRINTING_TIERS.find((t) => gifts <= t.upTo)?.price ?? 0.4
}

/** The estimate, or null when there are no gifts (the widget shows dashes then). */
export function estimateGiftbox(input: GiftboxInput): GiftboxEstimate | null {
  const gifts = wholeCount(input.gifts)
  if (gifts < 1) return null
  const boxes = roundCents(gifts * boxPrice(input.bottles, input.box))
  const filmAndSetup = roundCents((FILM_PREPARATION + PRINTING_SETUP) * input.colours)
  const printing = roundCents(gifts * printingTier(gifts) * input.colours)
  const letters = input.letter ? roundCents(LETTER_PRICE * gifts) : 0
  const total = roundCents(boxes + filmAndSetup + printing + letters)
  return { boxes, filmAndSetup, printing, letters, total, perGift: roundCents(total / gifts) }
}

/**
 * The number of gifts while the user types: an empty or non-numeric field counts as 0 (dashes),
 * a fraction is cut to whole gifts, a negative number counts as 0.
 */
export function giftCountFromInput(raw: string): number {
  return wholeCount(toNumber(raw) ?? 0)
}

/**
 * The number of gifts when the field is left: a non-numeric value or one below 1
 * becomes 1; a fraction is cut to whole gifts (1.5 → 1).
 */
export function normalizeGiftCount(raw: string): number {
  return Math.max(1, giftCountFromInput(raw))
}

export function isBottlesPerGift(value: number): value is BottlesPerGift {
  return (BOTTLE_OPTIONS as readonly number[]).includes(value)
}
