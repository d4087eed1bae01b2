/**
 * What `react` is inside the HTML's head script (issue 31): the hooks of one first render and nothing
 * more, so the page's own components can draw their first screen before React has downloaded. The
 * head script's build aliases `react` to this module (scripts/prerender/prefetch.ts); the JSX runtime
 * stays React's own (`react/jsx-runtime`: plain objects, no React).
 *
 * A hook answers as it does in a component's first client render: state is its initial value, a
 * memo is computed, a store is read with its client snapshot, and nothing else happens (no effect,
 * no ref is attached, a setter does nothing). What a first screen must not use throws, so the head
 * script paints nothing and React draws the page as before (to-dom.ts): `useId` (React numbers ids by
 * the order of every call in the page, which a part of the page cannot know), `lazy`, portals.
 * React-free: never import `react` here.
 */

/** The element types React knows by symbol. */
export const Fragment = Symbol.for('react.fragment')
export const StrictMode = Symbol.for('react.strict_mode')

const unsupported = (what: string) => () => {
  throw new Error(`${what} cannot be drawn before React (shared/first-screen/one-render.ts)`)
}
const noop = () => {}
const initial = <T>(value: T | (() => T)): T => (typeof value === 'function' ? (value as () => T)() : value)

export function useState<T>(value: T | (() => T)): [T, (next: unknown) => void] {
  return [initial(value), noop]
}

export function useReducer<S, A>(reducer: (s: S, a: A) => S, arg: S, init?: (arg: S) => S): [S, (action: A) => void] {
  void reducer
  return [init ? init(arg) : arg, noop]
}

export function useRef<T>(current: T): { current: T } {
  return { current }
}

export function useMemo<T>(factory: () => T): T {
  return factory()
}

export function useCallback<F>(callback: F): F {
  return callback
}

export function useSyncExternalStore<T>(subscribe: unknown, getSnapshot: () => T): T {
  void subscribe
  return getSnapshot()
}

export function useEffectEvent<F>(callback: F): F {
  return callback
}

export function useDeferredValue<T>(value: T): T {
  return value
}

export function useTransition(): [boolean, (run: () => void) => void] {
  return [false, noop]
}

export const useEffect = noop
export const useLayoutEffect = noop
export const useInsertionEffect = noop
export const useImperativeHandle = noop
export const useDebugValue = noop
export const useId = unsupported('useId')
/** A context as React 19 makes it: the context is its own provider (`<Context value>`). */
export interface Context<T> {
  $$typeof: symbol
  _currentValue: T
  Provider: Context<T>
  Consumer: { $$typeof: symbol; _context: Context<T> }
}

export function createContext<T>(defaultValue: T): Context<T> {
  const context = { $$typeof: Symbol.for('react.context'), _currentValue: defaultValue } as Context<T>
  context.Provider = context
  context.Consumer = { $$typeof: Symbol.for('react.consumer'), _context: context }
  return context
}

export function useContext<T>(context: Context<T>): T {
  return context._currentValue
}
export const lazy = unsupported('lazy')
export const use = unsupported('use')
export const cloneElement = unsupported('cloneElement')

/** `memo` and `forwardRef` draw their component as it is. */
export function memo<C>(component: C): C {
  return component
}

export function forwardRef<P>(render: (props: P, ref: unknown) => unknown): (props: P) => unknown {
  return (props) => render(props, null)
}

/** A React element, as `react/jsx-runtime` makes it. */
export function createElement(type: unknown, props: Record<string, unknown> | null, ...children: unknown[]) {
  const all: Record<string, unknown> = { ...props }
  if (children.length) all.children = children.length === 1 ? children[0] : children
  return { $$typeof: Symbol.for('react.transitional.element'), type, key: null, ref: null, props: all }
}

/** A class component draws `render()` of an instance made with its props (the error boundary: its children). */
export class Component<P = unknown, S = unknown> {
  declare props: P
  declare state: S
  // No class fields (the error boundary's rule): for the build's Safari 14 target they compile to helpers.
  constructor(props: P) {
    this.props = props
  }

  setState(): void {}

  forceUpdate(): void {}
}
// How React (and to-dom.ts) tells a class from a function component.
;(Component.prototype as unknown as { isReactComponent: object }).isReactComponent = {}
