import { Component, Suspense, type ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import { loadNamespaces } from './i18n'
import { TextsProvider, useTranslation } from './use-translation'

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null }
  static getDerivedStateFromError(error: Error) {
    return { error }
  }
  override render() {
    return this.state.error ? <p>failed: {this.state.error.message}</p> : this.props.children
  }
}

async function setUp() {
  const texts = await loadNamespaces('nl', ['common'])
  function Label({ ns, k }: { ns: string; k: string }) {
    const { t } = useTranslation(ns)
    return <p>{t(k)}</p>
  }
  const show = (node: ReactNode) =>
    render(
      <TextsProvider texts={texts}>
        <Boundary>
          <Suspense fallback={<p>loading</p>}>{node}</Suspense>
        </Boundary>
      </TextsProvider>,
    )
  return { texts, Label, show }
}

describe('useTranslation', () => {
  it('suspends until a namespace the runtime did not load is here, then shows its text', async () => {
    const { texts, Label, show } = await setUp()
    expect(texts.has('wine')).toBe(false)
    show(<Label ns="wine" k="wine.red" />)
    expect(screen.getByText('loading')).toBeTruthy()
    expect(await screen.findByText('Rood')).toBeTruthy()
  })

  it("throws a namespace that cannot load to the root's error boundary", async () => {
    const { Label, show } = await setUp()
    vi.spyOn(console, 'error').mockImplementation(() => undefined) // React logs what it caught
    show(<Label ns="no-such-namespace" k="x" />)
    expect(
      await screen.findByText(/failed: .*Texts failed to load: nl\/no-such-namespace/),
    ).toBeTruthy()
  })

  it('needs a widget root', () => {
    function Bare() {
      useTranslation('common')
      return null
    }
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expect(() => render(<Bare />)).toThrow('useTranslation must be used inside a widget root')
  })
})
