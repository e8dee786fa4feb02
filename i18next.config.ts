import { defineConfig } from 'i18next-cli'

/**
 * i18next-cli's view of the project: where the code reads texts and where the locale files are.
 * `npm run lint` runs build/text-keys.ts over it: a key the code uses that a locale file lacks,
 * or a key of the files that no code uses, fails the run.
 */
export default defineConfig({
  locales: ['en', 'fr', 'nl'],
  extract: {
    input: ['mount/**/*.{ts,tsx}', 'src/**/*.{ts,tsx}', 'widgets/**/*.{ts,tsx}'],
    ignore: ['**/*.test.{ts,tsx}'],
    // One file per locale, each namespace a top-level key (src/i18n/i18n.ts: `t('cart.title')`).
    output: 'locales/{{language}}.json',
    mergeNamespaces: true,
    nsSeparator: '.',
    keySeparator: '.',
    defaultNS: 'common',
    sort: false,
    /**
     * Keys the code builds or reads without a `t('…')` the extractor can see, listed by hand
     * (`*` stands for any part). Each line names where they are read.
     */
    preservePatterns: [
      // widgets/cart/ContactForm.tsx: `checkout.${field}`
      ...['city', 'email', 'name', 'phone', 'street', 'zip'].map((k) => `checkout.${k}`),
      // widgets/cart/Checkout.tsx: the steps' tabs, legends and next buttons
      ...['Delivery', 'Invoice', 'Payment'].map((step) => `checkout.tab${step}`),
      ...['deliveryLegend', 'invoiceLegend', 'toInvoice', 'toPayment'].map((k) => `checkout.${k}`),
      // widgets/cart/PaymentForm.tsx: what a failed payment says
      ...['cartChanged', 'errorIntent', 'errorOrder', 'notCompleted', 'soldOut'].map(
        (k) => `payment.${k}`,
      ),
      // widgets/giftbox/Giftbox.tsx: `giftbox.${line}`
      ...['boxes', 'filmAndSetup', 'printing', 'letters'].map((k) => `giftbox.${k}`),
      // widgets/index/Index.tsx: `index.${item.level}`
      ...['region', 'subregion', 'village'].map((k) => `index.${k}`),
      // src/features/login-panel/LoginPanel.tsx: each panel's title
      ...['title', 'forgotTitle', 'signUpTitle'].map((k) => `login.${k}`),
      // widgets/quotes/Quotes.ts, drawn without i18next: `textsFor('quotes').label`
      'quotes.label',
      // widgets/reset-password/ResetPassword.tsx: the outcome's region
      'resetPassword.success',
      'resetPassword.failure',
      // widgets/slider/Slider.tsx: the "more" link of each collection
      ...['Articles', 'Bundles', 'Estates', 'Grapes', 'Regions'].map((k) => `slider.more${k}`),
      // widgets/sommelier/Chat.tsx: what a failed answer says
      ...[
        'CutOff',
        'Empty',
        'Http',
        'Interrupted',
        'Model',
        'Network',
        'RateLimitedLater',
        'Stopped',
      ].map((k) => `sommelier.error${k}`),
      // src/ui/hit-card/HitCard.tsx, widgets/search/SearchPanel.tsx: `wine.${color}`, badges
      ...['amber', 'pink', 'yellow'].map((k) => `wine.${k}`),
      ...['biodynamic', 'natural', 'noAlcohol', 'organic', 'sparkling', 'sweet'].map(
        (k) => `wine.${k}`,
      ),
    ],
  },
})
