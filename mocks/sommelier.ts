/**
 * The sommelier, twice:
 * - `sommelierHandlers`: the site's proxy as the browser sees it (`npm run demo`, the unit tests):
 *   `POST /api/sommelier` with `{ locale, messages }` only (server/sommelier/request.ts checks it:
 *   the old shape with a prompt, a model or a temperature is a 400), for a logged-in shopper
 *   (401 otherwise), answered by the model's event stream;
 * - `modelHandlers`: the language model behind the proxy (OpenAI-compatible chat completions at
 *   `{LLM_BASE}/chat/completions`, with its key), for `npm run demo:prod`, where the reference
 *   proxy (server/) asks it with its own prompt.
 * The answer is a short food-pairing text for the dish in the last user message, then the
 * structured part the app parses:
 *   <<<PAIRINGS>>>
 *   [{ "dish": "…", "color": "red", "style": "…", "grapes": ["Pinot Noir"], "regions": ["Bourgogne"] }]
 *   <<<END>>>
 * Colours use the search records' vocabulary (red, yellow, pink, amber); grapes and regions are
 * values of the `g.title` / `r.title` facets in the answer's locale. Everything about the
 * sommelier's mock lives in this module.
 */
import { delay, http, HttpResponse } from 'msw'
import { summarize } from 'valibot'
import type { Locale } from '../src/domain/types'
import { regionByKey } from '../fixtures/reference'
import type { ColorKey, Localized } from '../fixtures/types'
import { readSommelierRequest } from '../server/sommelier/request'
import { currentUser } from './db'
import { isRecord } from '../src/domain/is-record'
import { badRequest, json, withFaults } from './route'

export const PAIRINGS_START = '<<<PAIRINGS>>>'
export const PAIRINGS_END = '<<<END>>>'

interface Suggestion {
  color: ColorKey
  style: Localized
  grapes: string[]
  /** Region keys (fixtures/reference REGIONS). */
  regions: string[]
}

interface Pairing {
  keywords: string[]
  dish: Localized
  text: Localized
  suggestions: [Suggestion, Suggestion]
}

const PAIRINGS: Pairing[] = [
  {
    keywords: [
      'steak',
      'beef',
      'boeuf',
      'bœuf',
      'rund',
      'biefstuk',
      'entrecote',
      'entrecôte',
      'bbq',
      'barbecue',
    ],
    dish: { en: 'grilled beef', fr: 'bœuf grillé', nl: 'gegrild rundvlees' },
    text: {
      en: 'Grilled beef loves a structured red: firm tannins meet the char and the juicy meat softens them. A Cabernet-based Bordeaux is the classic; a ripe Tempranillo from Ribera del Duero is a generous alternative.',
      fr: 'Le bœuf grillé appelle un rouge structuré : les tanins rencontrent le grillé et la viande juteuse les assouplit. Un Bordeaux à base de Cabernet est le classique ; un Tempranillo mûr de Ribera del Duero est une alternative généreuse.',
      nl: 'Gegrild rundvlees houdt van een gestructureerde rode wijn: stevige tannines ontmoeten het geroosterde en het sappige vlees maakt ze zachter. Een Bordeaux op basis van Cabernet is de klassieker; een rijpe Tempranillo uit Ribera del Duero is een gul alternatief.',
    },
    suggestions: [
      {
        color: 'red',
        style: { en: 'structured red', fr: 'rouge structuré', nl: 'gestructureerde rode' },
        grapes: ['Cabernet Sauvignon', 'Merlot'],
        regions: ['bordeaux'],
      },
      {
        color: 'red',
        style: { en: 'ripe, generous red', fr: 'rouge mûr et généreux', nl: 'rijpe, gulle rode' },
        grapes: ['Tempranillo'],
        regions: ['ribera', 'rioja'],
      },
    ],
  },
  {
    keywords: [
      'fish',
      'poisson',
      'vis',
      'sole',
      'cod',
      'cabillaud',
      'kabeljauw',
      'oyster',
      'huître',
      'huitre',
      'oester',
      'mussels',
      'moules',
      'mosselen',
      'seafood',
      'fruits de mer',
      'zeevruchten',
    ],
    dish: { en: 'fish and seafood', fr: 'poisson et fruits de mer', nl: 'vis en zeevruchten' },
    text: {
      en: 'Fish and seafood want freshness and minerality rather than oak. A Chablis or a Sancerre lifts delicate flesh; an Albariño brings a saline touch that is perfect with shellfish.',
      fr: 'Le poisson et les fruits de mer demandent fraîcheur et minéralité plutôt que du boisé. Un Chablis ou un Sancerre subliment une chair délicate ; un Albariño apporte une touche saline parfaite avec les coquillages.',
      nl: 'Vis en zeevruchten vragen om frisheid en mineraliteit eerder dan hout. Een Chablis of een Sancerre tilt delicaat visvlees op; een Albariño brengt een zilte toets die perfect is bij schaaldieren.',
    },
    suggestions: [
      {
        color: 'yellow',
        style: {
          en: 'crisp, mineral white',
          fr: 'blanc vif et minéral',
          nl: 'frisse, minerale witte',
        },
        grapes: ['Chardonnay', 'Sauvignon Blanc'],
        regions: ['chablis', 'sancerre'],
      },
      {
        color: 'yellow',
        style: {
          en: 'saline coastal white',
          fr: 'blanc salin de bord de mer',
          nl: 'zilte kustwitte',
        },
        grapes: ['Albariño', 'Alvarinho'],
        regions: ['rias-baixas', 'vinho-verde'],
      },
    ],
  },
  {
    keywords: ['cheese', 'fromage', 'kaas', 'comté', 'comte', 'brie', 'camembert', 'roquefort'],
    dish: { en: 'a cheese board', fr: 'un plateau de fromages', nl: 'een kaasplank' },
    text: {
      en: 'A cheese board is happiest with whites and sweet wines more often than with big reds. A Savagnin from the Jura is magic with aged Comté, and a Sauternes is the classic match for blue cheese.',
      fr: 'Un plateau de fromages s’accorde plus souvent avec des blancs et des liquoreux qu’avec de grands rouges. Un Savagnin du Jura fait merveille avec un Comté affiné, et un Sauternes est l’accord classique des pâtes persillées.',
      nl: 'Een kaasplank past vaker bij witte en zoete wijnen dan bij krachtige rode. Een Savagnin uit de Jura is magisch bij belegen Comté, en een Sauternes is de klassieke combinatie met blauwe kaas.',
    },
    suggestions: [
      {
        color: 'yellow',
        style: {
          en: 'nutty, oxidative white',
          fr: 'blanc oxydatif aux notes de noix',
          nl: 'nootachtige, oxidatieve witte',
        },
        grapes: ['Savagnin'],
        regions: ['jura'],
      },
      {
        color: 'yellow',
        style: { en: 'sweet white', fr: 'blanc liquoreux', nl: 'zoete witte' },
        grapes: ['Sémillon', 'Sauvignon Blanc'],
        regions: ['sauternes'],
      },
    ],
  },
  {
    keywords: ['chicken', 'poulet', 'volaille', 'kip', 'gevogelte', 'turkey', 'dinde', 'kalkoen'],
    dish: { en: 'roast chicken', fr: 'poulet rôti', nl: 'gebraden kip' },
    text: {
      en: 'Roast chicken is wonderfully flexible. A silky Pinot Noir from Burgundy never fails, and a round Chardonnay from Meursault matches the crispy skin and the juices.',
      fr: 'Le poulet rôti est merveilleusement polyvalent. Un Pinot Noir soyeux de Bourgogne ne déçoit jamais, et un Chardonnay rond de Meursault s’accorde avec la peau croustillante et le jus.',
      nl: 'Gebraden kip is wonderlijk veelzijdig. Een zijdezachte Pinot Noir uit Bourgogne stelt nooit teleur, en een ronde Chardonnay uit Meursault past bij het krokante vel en de jus.',
    },
    suggestions: [
      {
        color: 'red',
        style: {
          en: 'silky, light red',
          fr: 'rouge soyeux et léger',
          nl: 'zijdezachte, lichte rode',
        },
        grapes: ['Pinot Noir'],
        regions: ['bourgogne'],
      },
      {
        color: 'yellow',
        style: {
          en: 'round, creamy white',
          fr: 'blanc rond et crémeux',
          nl: 'ronde, romige witte',
        },
        grapes: ['Chardonnay'],
        regions: ['meursault', 'bourgogne'],
      },
    ],
  },
  {
    keywords: [
      'pasta',
      'pâtes',
      'pates',
      'pizza',
      'lasagne',
      'lasagna',
      'risotto',
      'bolognese',
      'bolognaise',
    ],
    dish: { en: 'Italian pasta', fr: 'pâtes à l’italienne', nl: 'Italiaanse pasta' },
    text: {
      en: 'Tomato sauces need a red with bright acidity. Sangiovese from Chianti Classico is the natural partner; a Barbera from Piedmont is juicier and just as food-friendly.',
      fr: 'Les sauces tomate demandent un rouge à l’acidité vive. Le Sangiovese du Chianti Classico est le partenaire naturel ; une Barbera du Piémont est plus juteuse et tout aussi gourmande.',
      nl: 'Tomatensauzen vragen om een rode wijn met een levendige zuurgraad. Sangiovese uit Chianti Classico is de natuurlijke partner; een Barbera uit Piëmont is sappiger en even veelzijdig aan tafel.',
    },
    suggestions: [
      {
        color: 'red',
        style: { en: 'fresh Italian red', fr: 'rouge italien frais', nl: 'frisse Italiaanse rode' },
        grapes: ['Sangiovese'],
        regions: ['chianti', 'toscana'],
      },
      {
        color: 'red',
        style: { en: 'juicy red', fr: 'rouge juteux', nl: 'sappige rode' },
        grapes: ['Barbera', 'Nebbiolo'],
        regions: ['piemonte'],
      },
    ],
  },
  {
    keywords: [
      'curry',
      'spicy',
      'épicé',
      'epice',
      'pikant',
      'thai',
      'thaï',
      'sushi',
      'asian',
      'asiatique',
      'aziatisch',
    ],
    dish: {
      en: 'spicy Asian dishes',
      fr: 'plats asiatiques épicés',
      nl: 'pittige Aziatische gerechten',
    },
    text: {
      en: 'Heat and spice call for aromatic whites with a touch of sweetness and low alcohol. A Riesling from the Mosel cools the palate; an Alsace Gewurztraminer echoes ginger and lychee.',
      fr: 'Le piquant et les épices appellent des blancs aromatiques avec une pointe de douceur et peu d’alcool. Un Riesling de Moselle rafraîchit le palais ; un Gewurztraminer d’Alsace répond au gingembre et au litchi.',
      nl: 'Pikante en kruidige gerechten vragen om aromatische witte wijnen met een vleugje zoet en weinig alcohol. Een Riesling uit de Moezel koelt het gehemelte af; een Gewürztraminer uit de Elzas weerspiegelt gember en lychee.',
    },
    suggestions: [
      {
        color: 'yellow',
        style: {
          en: 'off-dry aromatic white',
          fr: 'blanc aromatique demi-sec',
          nl: 'halfdroge aromatische witte',
        },
        grapes: ['Riesling'],
        regions: ['mosel'],
      },
      {
        color: 'yellow',
        style: {
          en: 'exotic aromatic white',
          fr: 'blanc aromatique exotique',
          nl: 'exotische aromatische witte',
        },
        grapes: ['Gewürztraminer', 'Pinot Gris'],
        regions: ['alsace'],
      },
    ],
  },
  {
    keywords: [
      'salad',
      'salade',
      'sla',
      'vegetable',
      'légumes',
      'legumes',
      'groenten',
      'apéro',
      'apero',
      'tapas',
      'aperitief',
      'summer',
      'été',
      'zomer',
    ],
    dish: {
      en: 'summer salads and tapas',
      fr: 'salades d’été et tapas',
      nl: 'zomersalades en tapas',
    },
    text: {
      en: 'Light dishes and sunny tables ask for a dry rosé or a crisp sparkling wine. A Provence rosé is effortless; a Cava brings bubbles without breaking the bank.',
      fr: 'Les plats légers et les tables ensoleillées demandent un rosé sec ou un effervescent vif. Un rosé de Provence est une évidence ; un Cava apporte des bulles sans se ruiner.',
      nl: 'Lichte gerechten en zonnige tafels vragen om een droge rosé of een frisse bruisende wijn. Een rosé uit de Provence is vanzelfsprekend; een Cava brengt bubbels zonder de bank te breken.',
    },
    suggestions: [
      {
        color: 'pink',
        style: { en: 'dry rosé', fr: 'rosé sec', nl: 'droge rosé' },
        grapes: ['Grenache', 'Cinsault'],
        regions: ['provence'],
      },
      {
        color: 'yellow',
        style: { en: 'crisp sparkling', fr: 'effervescent vif', nl: 'frisse bruisende wijn' },
        grapes: ['Macabeo', 'Xarel·lo'],
        regions: ['penedes'],
      },
    ],
  },
  {
    keywords: [
      'chocolate',
      'chocolat',
      'chocolade',
      'dessert',
      'cake',
      'gâteau',
      'gateau',
      'taart',
      'tart',
      'tarte',
    ],
    dish: { en: 'chocolate desserts', fr: 'desserts au chocolat', nl: 'chocoladedesserts' },
    text: {
      en: 'Chocolate overwhelms dry wines: choose something at least as sweet as the dessert. A tawny Port from the Douro is a dream with dark chocolate; a Recioto from Valpolicella plays the same tune with cherries.',
      fr: 'Le chocolat écrase les vins secs : choisissez un vin au moins aussi sucré que le dessert. Un Porto tawny du Douro est un rêve avec le chocolat noir ; un Recioto de Valpolicella joue la même partition avec des notes de cerise.',
      nl: 'Chocolade overweldigt droge wijnen: kies een wijn die minstens even zoet is als het dessert. Een tawny port uit de Douro is een droom bij pure chocolade; een Recioto uit Valpolicella speelt hetzelfde spel met kersentonen.',
    },
    suggestions: [
      {
        color: 'red',
        style: { en: 'fortified sweet red', fr: 'rouge muté et doux', nl: 'versterkte zoete rode' },
        grapes: ['Touriga Nacional'],
        regions: ['douro'],
      },
      {
        color: 'red',
        style: { en: 'sweet red', fr: 'rouge doux', nl: 'zoete rode' },
        grapes: ['Corvina'],
        regions: ['valpolicella'],
      },
    ],
  },
]

/** When no dish is recognised: lamb/game-friendly all-rounders. */
const FALLBACK: Pairing = {
  keywords: [],
  dish: { en: 'your dish', fr: 'votre plat', nl: 'je gerecht' },
  text: {
    en: 'For {dish} I would go for versatile wines: a fresh red from the Rhône with soft spice, or a textured white from the Loire that works with most sauces.',
    fr: 'Pour {dish}, je choisirais des vins polyvalents : un rouge frais du Rhône aux épices douces, ou un blanc texturé de Loire qui s’accorde avec la plupart des sauces.',
    nl: 'Bij {dish} zou ik voor veelzijdige wijnen gaan: een frisse rode uit de Rhône met zachte kruiden, of een witte met textuur uit de Loire die bij de meeste sauzen past.',
  },
  suggestions: [
    {
      color: 'red',
      style: { en: 'fresh, spicy red', fr: 'rouge frais et épicé', nl: 'frisse, kruidige rode' },
      grapes: ['Grenache', 'Syrah'],
      regions: ['rhone'],
    },
    {
      color: 'yellow',
      style: { en: 'textured white', fr: 'blanc texturé', nl: 'witte met textuur' },
      grapes: ['Chenin Blanc'],
      regions: ['loire'],
    },
  ],
}

interface ChatMessage {
  role: string
  content: string
}

const isMessage = (v: unknown): v is ChatMessage =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as ChatMessage).role === 'string' &&
  typeof (v as ChatMessage).content === 'string'

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()

/** The answer's language: from the system prompt when it names one, else guessed from the question. */
export function detectLocale(messages: ChatMessage[]): Locale {
  const system = fold(
    messages
      .filter((m) => m.role === 'system')
      .map((m) => m.content)
      .join(' '),
  )
  if (/\b(francais|french|fr-be)\b/.test(system)) return 'fr'
  if (/\b(nederlands|dutch|nl-be)\b/.test(system)) return 'nl'
  if (/\b(english|anglais|engels|en-be)\b/.test(system)) return 'en'
  const question = ` ${fold(messages.filter((m) => m.role === 'user').at(-1)?.content ?? '')} `
  if (/ (avec|le|la|les|du|des|un|une|quel|quoi) /.test(question)) return 'fr'
  if (/ (met|het|een|de|welke|wat|bij) /.test(question)) return 'nl'
  return 'en'
}

export function findPairing(question: string): Pairing {
  const q = fold(question)
  return PAIRINGS.find((p) => p.keywords.some((k) => q.includes(fold(k)))) ?? FALLBACK
}

/** The full assistant message for a question (text, then the structured pairings). */
export function answerFor(question: string, locale: Locale): string {
  const pairing = findPairing(question)
  const dish =
    pairing === FALLBACK
      ? question.trim().slice(0, 80) || FALLBACK.dish[locale]
      : pairing.dish[locale]
  const text = pairing.text[locale].replace('{dish}', dish)
  const structured = pairing.suggestions.map((s) => ({
    dish,
    color: s.color,
    style: s.style[locale],
    grapes: s.grapes,
    regions: s.regions.map((key) => regionByKey.get(key)?.title[locale] ?? key),
  }))
  return `${text}\n\n${PAIRINGS_START}\n${JSON.stringify(structured)}\n${PAIRINGS_END}`
}

/** Cut the answer into model-like pieces of a few characters (words and JSON split mid-way). */
export function chunkAnswer(answer: string, size = 20): string[] {
  const chunks: string[] = []
  for (let i = 0; i < answer.length; i += size) chunks.push(answer.slice(i, i + size))
  return chunks
}

const encoder = new TextEncoder()
const event = (data: unknown) =>
  encoder.encode(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`)

/** Milliseconds between chunks (small, so tests stay fast and the demo still looks live). */
export const CHUNK_DELAY_MS = 8

function chunk(model: string, delta: Record<string, string>, finish: string | null) {
  return {
    id: 'chatcmpl-mock',
    object: 'chat.completion.chunk',
    created: 1_767_225_600,
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  }
}

const SSE_HEADERS = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache',
  Connection: 'keep-alive',
}

/** The model's answer to `question`: one completion, or its stream of chunks. */
function modelAnswer(
  model: string,
  answer: string,
  stream: boolean,
  beforePiece: () => Promise<void>,
): Response {
  if (!stream) {
    return HttpResponse.json({
      id: 'chatcmpl-mock',
      object: 'chat.completion',
      model,
      choices: [
        { index: 0, message: { role: 'assistant', content: answer }, finish_reason: 'stop' },
      ],
    }) as Response
  }
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(event(chunk(model, { role: 'assistant', content: '' }, null)))
      for (const piece of chunkAnswer(answer)) {
        await delay(CHUNK_DELAY_MS)
        await beforePiece()
        controller.enqueue(event(chunk(model, { content: piece }, null)))
      }
      controller.enqueue(event(chunk(model, {}, 'stop')))
      controller.enqueue(event('[DONE]'))
      controller.close()
    },
  })
  return new HttpResponse(body, { headers: SSE_HEADERS }) as Response
}

const faultOptions = {
  // A stream that breaks off: a chunk cut in the middle of its JSON, and no [DONE].
  malformed: () =>
    new HttpResponse(
      'data: {"choices":[{"index":0,"delta":{"content":"Un instant"},"finish_reason":null}]}\n\ndata: {"choices":[{"index":0,"delta":{"cont\n\n',
      { headers: SSE_HEADERS },
    ) as Response,
}

/** The model name the proxy's answer carries (the browser never names one). */
const PROXIED_MODEL = 'sommelier'

export const sommelierHandlers = [
  http.post(
    '/api/sommelier',
    withFaults(
      'sommelier',
      ({ body, beforePiece }) => {
        if (!currentUser()) return json({ message: 'Log in to chat with the sommelier.' }, 401)
        const reading = readSommelierRequest(body)
        if (!reading.ok) return badRequest(summarize(reading.issues))
        const { locale, messages } = reading.request
        const question = messages.at(-1)?.content ?? ''
        return modelAnswer(PROXIED_MODEL, answerFor(question, locale), true, beforePiece)
      },
      faultOptions,
    ),
  ),
]

/** Where the demo's language model answers, and the key it takes (`npm run demo:prod`). */
export const LLM_BASE = 'https://llm.demo.invalid/v1'
export const LLM_KEY = 'sk-demo-model-key'

/** The language model behind the proxy: OpenAI's chat-completions request and answer. */
export const modelHandlers = [
  http.post(
    `${LLM_BASE}/chat/completions`,
    withFaults(
      'sommelier',
      ({ request, body, beforePiece }) => {
        if (request.headers.get('authorization') !== `Bearer ${LLM_KEY}`)
          return json(
            { error: { message: 'Incorrect API key provided.', type: 'invalid_request_error' } },
            401,
          )
        if (!isRecord(body)) return badRequest('The request body must be JSON.')
        const { model, messages, stream } = body
        if (typeof model !== 'string' || model === '')
          return badRequest('you must provide a model parameter')
        if (!Array.isArray(messages) || messages.length === 0 || !messages.every(isMessage))
          return badRequest("'messages' must be a non-empty list of { role, content }")
        const question = messages.filter((m) => m.role === 'user').at(-1)?.content
        if (!question) return badRequest('the last user message is missing')
        return modelAnswer(
          model,
          answerFor(question, detectLocale(messages)),
          stream === true,
          beforePiece,
        )
      },
      faultOptions,
    ),
  ),
]
