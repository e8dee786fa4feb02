/**
 * What the sommelier sends to the language model (spec sections 2 and 7): an OpenAI-compatible
 * chat-completions request, streamed, at temperature 0, with a system prompt in the visitor's
 * language that asks for wine styles per dish and the structured part the app reads
 * (./sommelier-pairings.ts).
 */
import type { ConversationLine, Locale } from './types'
import { PAIRINGS_END, PAIRINGS_START } from './sommelier-pairings'

/** Spec section 7: "a fourth-generation chat model, temperature 0, streaming". */
export const SOMMELIER_MODEL = 'gpt-4o'
export const SOMMELIER_TEMPERATURE = 0
/** Earlier lines of the conversation sent as context (the newest ones). */
export const HISTORY_LINES = 10

/**
 * Wines the prompt asks for, per locale. Spec section 9: "The sommelier suggests 2 wines (the en
 * prompt says 4)". The English prompt keeps its 4, as the spec records it; the app shows 2 in
 * every locale anyway (SUGGESTIONS_PER_ANSWER cuts the structured part to 2 lines, each with
 * at most 2 search hits).
 */
export const PROMPT_WINES: Record<Locale, number> = { en: 4, fr: 2, nl: 2 }

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant'
  content: string
}

export interface ChatRequest {
  model: string
  temperature: number
  stream: true
  messages: ChatMessage[]
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

/** The system prompt in the visitor's language. */
export function systemPrompt(locale: Locale): string {
  return PROMPTS[locale](PROMPT_WINES[locale])
}

/**
 * The messages for a new question: the system prompt, the last HISTORY_LINES readable lines of
 * the conversation (failed and empty answers are left out: they would teach the model nothing),
 * then the question.
 */
export function buildMessages(
  locale: Locale,
  history: readonly ConversationLine[],
  question: string,
): ChatMessage[] {
  const earlier = history
    .filter((line) => !line.error && line.message.trim() !== '')
    .slice(-HISTORY_LINES)
    .map((line): ChatMessage => ({
      role: line.from === 'user' ? 'user' : 'assistant',
      content: line.message,
    }))
  return [
    { role: 'system', content: systemPrompt(locale) },
    ...earlier,
    { role: 'user', content: question.trim() },
  ]
}

/** The request body for `POST {sommelier.url}`. */
export function chatRequest(
  locale: Locale,
  history: readonly ConversationLine[],
  question: string,
): ChatRequest {
  return {
    model: SOMMELIER_MODEL,
    temperature: SOMMELIER_TEMPERATURE,
    stream: true,
    messages: buildMessages(locale, history, question),
  }
}
