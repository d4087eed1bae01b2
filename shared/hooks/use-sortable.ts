import { useCallback, useLayoutEffect, useRef, useState } from 'react'
import type Sortable from 'sortablejs'

/** What `useSortable` takes. */
export interface UseSortableOptions {
  /**
   * Called once a drag ends at a new place, with the row's old and new index. The caller moves the
   * row in its state; React then moves the DOM node (the hook has put it back where React left it).
   */
  onReorder: (from: number, to: number) => void
  /** Selector of the drag handle inside a row; a drag starts only there. */
  handle: string
  /** How long a finger must rest on the handle before a touch drag starts, in ms. Mouse drags start at once. */
  touchDelay?: number
  /** Turns dragging off (e.g. while a request is pending) without tearing the instance down. */
  disabled?: boolean
  /** Class on the placeholder left in the list while dragging. */
  ghostClass?: string
  /** Class on the row that follows the pointer. */
  dragClass?: string
}

const defaults = { touchDelay: 150, disabled: false }

/**
 * Makes the children of one list element reorderable with SortableJS, while React keeps owning the
 * DOM. Returns a callback ref for the list element and whether dragging is ready (the library is
 * loaded on demand, so a page does not wait for it to paint).
 *
 * Why a hook of our own and not react-sortablejs: under React 19 StrictMode that wrapper leaves two
 * instances on one element and touch drags do nothing; it is unmaintained (upstream #297, #263, #241).
 * Here the instance lives exactly as long as the element: the ref callback creates it and its cleanup
 * destroys it, so StrictMode's mount–unmount–mount leaves one.
 */
export function useSortable<E extends HTMLElement>(
  options: UseSortableOptions,
): {
  ref: (element: E | null) => (() => void) | undefined
  ready: boolean
} {
  const props = { ...defaults, ...options }
  const latest = useRef(props)
  const instance = useRef<Sortable | null>(null)
  const [ready, setReady] = useState(false)

  useLayoutEffect(() => {
    latest.current = props
    instance.current?.option('disabled', props.disabled)
  })

  const ref = useCallback((element: E | null) => {
    if (!element) return undefined
    let cancelled = false
    let created: Sortable | null = null
    void import('sortablejs').then(
      ({ default: SortableClass }) => {
        if (cancelled) return
        const { handle, touchDelay, disabled, ghostClass, dragClass } = latest.current
        created = SortableClass.create(element, {
          handle,
          disabled,
          delay: touchDelay,
          delayOnTouchOnly: true,
          // A finger that wanders this far before the delay ends is scrolling, not dragging.
          touchStartThreshold: 5,
          // The same pointer-driven drag on every platform: the HTML5 drag-and-drop path differs
          // between WebViews and cannot be styled.
          forceFallback: true,
          fallbackOnBody: true,
          animation: 150,
          ...(ghostClass ? { ghostClass } : {}),
          ...(dragClass ? { dragClass } : {}),
          onEnd: (event) => restoreAndReport(event, latest.current.onReorder),
        })
        instance.current = created
        setReady(true)
      },
      (error: unknown) => console.error('[useSortable] could not load sortablejs', error),
    )
    return () => {
      cancelled = true
      created?.destroy()
      if (instance.current === created) instance.current = null
      setReady(false)
    }
  }, [])

  return { ref, ready }
}

/**
 * Sortable has already moved the row in the DOM. React must stay the only one that moves nodes it
 * rendered, or its next commit works from a wrong picture of the list: so the node goes back to its
 * old place first, and the caller's state change moves it for real.
 */
function restoreAndReport(event: Sortable.SortableEvent, onReorder: (from: number, to: number) => void): void {
  const { item, from, oldIndex, newIndex } = event
  if (oldIndex === undefined || newIndex === undefined || oldIndex === newIndex) return
  from.removeChild(item)
  from.insertBefore(item, from.children[oldIndex] ?? null)
  onReorder(oldIndex, newIndex)
}
