/**
 * Every node a widget places outside its own element (the search dialog kept at the end of
 * <body>, the address suggestions under a field, a demo note) is placed through here. A host
 * that loads its pages without a reload (PJAX's `document.body.innerHTML = …`, Turbo's
 * `document.body.replaceWith(newBody)`) takes such nodes away with the body. So nothing here
 * assumes the node is still where it was put: taking it out is `node.remove()` (nothing when it
 * is gone already, where `parent.removeChild` throws NotFoundError), and a node still needed
 * is put back in the document's current body (`ensure`).
 */

export interface Placed {
  /** Puts the node back at its end of the document's current body when it is no longer in it. */
  ensure(): void
  /** Takes the node out of wherever it is now; nothing when the host removed it already. */
  remove(): void
}

/** Where in the body a placed node goes. */
export type PlacedAt = 'end' | 'start'

/** Places `node` at the end (or the start) of `doc`'s body, now and again on `ensure`. */
export function place(node: HTMLElement, doc: Document = document, at: PlacedAt = 'end'): Placed {
  const ensure = () => {
    // Widgets run once the document is parsed (mount/index.ts): the body is there.
    if (node.isConnected) return
    if (at === 'start') doc.body.prepend(node)
    else doc.body.append(node)
  }
  ensure()
  return { ensure, remove: () => node.remove() }
}
