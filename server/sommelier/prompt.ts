/**
 * What the sommelier's proxy sends the language model: an OpenAI-compatible chat-completions
 * request, streamed, at temperature 0, with a system prompt in the shopper's language that asks
 * for wine styles per dish and the structured part the browser reads
 * (src/domain/sommelier-pairings.ts). It lives on the server only: a browser that could send its
 * own prompt, model or settings would make the proxy an open relay to the shop's key.
 */
import type { Locale } from '../../src/domain/types'
import type { SommelierLine } from '../../src/domain/sommelier-request'
import { PAIRINGS_END, PAIRINGS_START } from '../../src/domain/sommelier-pairings'

/** A fourth-generation chat model, answering the same way to the same question. */
export const SOMMELIER_MODEL = 'gpt-4o'
export const SOMMELIER_TEMPERATURE = 0
/**
 * Output tokens per answer: the prompt asks for at most 120 words plus the structured part
 * (a few hundred tokens); the cap bounds what one request can cost.
 */
export const SOMMELIER_MAX_TOKENS = 800

/**
 * Wines the prompt asks for, per locale: the English prompt says 4, the others 2; the app shows 2
 * in every locale anyway (SUGGESTIONS_PER_ANSWER cuts the structured part to 2 lines, each with
 * at most 2 search hits).
 */
export const PROMPT_WINES: Record<Locale, number> = { en: 4, fr: 2, nl: 2 }

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant'
  content: string
}

/**
 * The name of the output-token cap: OpenAI's current API calls it `max_completion_tokens` (its
 * reasoning models refuse the older `max_tokens`); some compatible servers know only `max_tokens`.
 */
export type TokenLimitField = 'max_completion_tokens' | 'max_tokens'

export interface ModelSettings {
  model: string
  temperature: number
  maxTokens: number
  tokenLimitField: TokenLimitField
}

export const DEFAULT_MODEL_SETTINGS: ModelSettings = {
  model: SOMMELIER_MODEL,
  temperature: SOMMELIER_TEMPERATURE,
  maxTokens: SOMMELIER_MAX_TOKENS,
  tokenLimitField: 'max_completion_tokens',
}

const FORMAT = `${PAIRINGS_START}
[{"dish":"…","color":"red","style":"…","grapes":["…"],"regions":["…"]}]
${PAIRINGS_END}`

const PROMPTS: Record<Locale, (wines: number) => string> = {
  en: (n) =>
    `You are the sommelier of a Belgian online wine shop. Answer in English, warmly and briefly ` +
    `(at most 120 words). The visitor tells you what they will eat; suggest ${n} wine styles ` +
    `for each dish and say why they match. Speak of styles, grapes and regions, never of ` +
    `prices or brands. Then, on new lines, add this structured part, which the shop reads and ` +
    `never shows:\n${FORMAT}\nOne object per suggested style. "color" is one of red, yellow ` +
    `(white wines), pink (rosé) or amber (orange wines). "style" is a few words in English. ` +
    `"grapes" and "regions" are the usual names of grape varieties and wine regions. Write ` +
    `nothing after ${PAIRINGS_END}. If the message is not about food or wine, answer politely ` +
    `and write an empty list [] in the structured part.`,
  fr: (n) =>
    `Tu es le sommelier d’une boutique de vins en ligne belge. Réponds en français, ` +
    `chaleureusement et brièvement (120 mots au plus), en vouvoyant le visiteur, comme toute ` +
    `la boutique. Le visiteur te dit ce qu’il va manger ; ` +
    `propose ${n} styles de vin pour chaque plat et explique l’accord. Parle de styles, de ` +
    `cépages et de régions, jamais de prix ni de marques. Ensuite, sur de nouvelles lignes, ` +
    `ajoute cette partie structurée, que la boutique lit et n’affiche jamais :\n${FORMAT}\n` +
    `Un objet par style proposé. "color" vaut red, yellow (vins blancs), pink (rosés) ou amber ` +
    `(vins orange). "style" est décrit en quelques mots en français. "grapes" et "regions" ` +
    `donnent les noms usuels des cépages et des régions viticoles. N’écris rien après ` +
    `${PAIRINGS_END}. Si le message ne parle ni de cuisine ni de vin, réponds poliment et ` +
    `écris une liste vide [] dans la partie structurée.`,
  nl: (n) =>
    `Je bent de sommelier van een Belgische online wijnwinkel. Antwoord in het Nederlands, ` +
    `hartelijk en kort (hoogstens 120 woorden), en spreek de bezoeker aan met "je", zoals de ` +
    `hele winkel (nooit "u"). De bezoeker vertelt wat hij gaat eten; stel ` +
    `${n} wijnstijlen voor per gerecht en leg uit waarom ze passen. Spreek over stijlen, ` +
    `druiven en streken, nooit over prijzen of merken. Voeg daarna, op nieuwe regels, dit ` +
    `gestructureerde deel toe, dat de winkel leest en nooit toont:\n${FORMAT}\nEén object per ` +
    `voorgestelde stijl. "color" is red, yellow (witte wijn), pink (rosé) of amber ` +
    `(oranjewijn). "style" beschrijft de stijl in een paar woorden in het Nederlands. "grapes" ` +
    `en "regions" geven de gangbare namen van druivenrassen en wijnstreken. Schrijf niets na ` +
    `${PAIRINGS_END}. Gaat het bericht niet over eten of wijn, antwoord dan beleefd en schrijf ` +
    `een lege lijst [] in het gestructureerde deel.`,
}

/** The system prompt in the shopper's language. */
export function systemPrompt(locale: Locale): string {
  return PROMPTS[locale](PROMPT_WINES[locale])
}

/** The messages sent upstream: our system prompt, then the lines the browser sent (checked). */
export function buildMessages(locale: Locale, lines: readonly SommelierLine[]): ChatMessage[] {
  return [
    { role: 'system', content: systemPrompt(locale) },
    ...lines.map((line): ChatMessage => ({ role: line.role, content: line.content })),
  ]
}

/** The body of `POST {upstream}/chat/completions`. */
export function chatCompletionBody(
  locale: Locale,
  lines: readonly SommelierLine[],
  settings: ModelSettings = DEFAULT_MODEL_SETTINGS,
): Record<string, unknown> {
  return {
    model: settings.model,
    temperature: settings.temperature,
    [settings.tokenLimitField]: settings.maxTokens,
    stream: true,
    messages: buildMessages(locale, lines),
  }
}
