import { act, render, screen, waitFor } from '@testing-library/react'
import { StrictMode, useState } from 'react'
import Sortable from 'sortablejs'
import { describe, expect, it, vi } from 'vitest'
import { useSortable } from '@shared/hooks/use-sortable'

interface ListProps {
  initial: string[]
  onReorder?: (from: number, to: number) => void
  /** Refuse every drop (as a page does while a request is pending). */
  refuse?: boolean
}

function List({ initial, onReorder, refuse = false }: ListProps) {
  const [items, setItems] = useState(initial)
  const { ref, ready } = useSortable<HTMLUListElement>({
    handle: '[data-handle]',
    onReorder: (from, to) => {
      onReorder?.(from, to)
      if (refuse) return
      setItems((current) => {
        const next = [...current]
        const [moved] = next.splice(from, 1)
        next.splice(to, 0, moved!)
        return next
      })
    },
  })
  return (
    <ul ref={ref} aria-label="list" data-ready={ready}>
      {items.map((item) => (
        <li key={item}>
          {item}
          <span data-handle>handle</span>
        </li>
      ))}
    </ul>
  )
}

const texts = () => screen.getAllByRole('listitem').map((li) => li.firstChild?.textContent)

async function mounted() {
  const list = screen.getByRole('list', { name: 'list' })
  await waitFor(() => expect(list.dataset.ready).toBe('true'))
  return list
}

/** Does what SortableJS does on a drop: move the node, then call onEnd. */
function drop(list: HTMLElement, oldIndex: number, newIndex: number) {
  const sortable = Sortable.get(list)!
  const item = list.children[oldIndex] as HTMLElement
  list.removeChild(item)
  list.insertBefore(item, list.children[newIndex] ?? null)
  act(() => sortable.options.onEnd?.({ item, from: list, to: list, oldIndex, newIndex } as unknown as Sortable.SortableEvent))
}

describe('useSortable', () => {
  it('creates one instance per list element, even in StrictMode', async () => {
    const create = vi.spyOn(Sortable, 'create')
    render(
      <StrictMode>
        <List initial={['a', 'b']} />
      </StrictMode>,
    )
    const list = await mounted()
    const live = create.mock.results.map((r) => r.value as Sortable).filter((s) => s.el)
    expect(live).toHaveLength(1)
    expect(Sortable.get(list)).toBe(live[0])
  })

  it('starts a drag only from the handle, with a press delay on touch only', async () => {
    render(<List initial={['a', 'b']} />)
    const sortable = Sortable.get(await mounted())!
    expect(sortable.options.handle).toBe('[data-handle]')
    expect(sortable.options.delay).toBeGreaterThan(0)
    expect(sortable.options.delayOnTouchOnly).toBe(true)
  })

  it('destroys the instance when the list unmounts', async () => {
    const { unmount } = render(<List initial={['a', 'b']} />)
    const list = await mounted()
    const sortable = Sortable.get(list)!
    unmount()
    expect(sortable.el).toBeNull()
    expect(Sortable.get(list)).toBeFalsy()
  })

  it('reports a drop as old and new index and lets React apply the order', async () => {
    const onReorder = vi.fn()
    render(<List initial={['a', 'b', 'c', 'd']} onReorder={onReorder} />)
    drop(await mounted(), 0, 2)
    expect(onReorder).toHaveBeenCalledWith(0, 2)
    expect(texts()).toEqual(['b', 'c', 'a', 'd'])
  })

  it('keeps the DOM in step with React after several drops both ways', async () => {
    render(<List initial={['a', 'b', 'c', 'd']} />)
    const list = await mounted()
    drop(list, 3, 0)
    drop(list, 1, 3)
    expect(texts()).toEqual(['d', 'b', 'c', 'a'])
  })

  it("leaves the rows in React's order when the caller refuses the drop", async () => {
    render(<List initial={['a', 'b', 'c']} refuse />)
    drop(await mounted(), 0, 2)
    expect(texts()).toEqual(['a', 'b', 'c'])
  })

  it('ignores a drop at the same place', async () => {
    const onReorder = vi.fn()
    render(<List initial={['a', 'b']} onReorder={onReorder} />)
    drop(await mounted(), 1, 1)
    expect(onReorder).not.toHaveBeenCalled()
    expect(texts()).toEqual(['a', 'b'])
  })
})
