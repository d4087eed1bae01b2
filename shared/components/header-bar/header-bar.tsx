import type { CSSProperties, ReactNode } from 'react'
import { goBackOrClose } from '@shared/bridge'
import { IconButton } from './icon-button'
import styles from './header-bar.module.css'

/** Props of {@link HeaderBar}. */
export interface HeaderBarProps {
  /** Shown as text in the page's h1, and its name. */
  title?: string
  /**
   * The title as drawn, with a `<wbr>` where it may break between words when large text needs two lines
   * (its text is `title`, which stays the heading's name: a `<wbr>` would read as a space).
   */
  phrasedTitle?: ReactNode
  /** Show the back button (default true). */
  isShowBack?: boolean
  titleAlign?: 'center' | 'left'
  /** The right slot: share / close icons, a text button… */
  right?: ReactNode
  /** Fix the bar to the top and put a 58 px spacer (plus the safe-area inset) in its place. */
  fixed?: boolean
  /** Any CSS background; default the surface colour. */
  background?: string
  /** Back action; default: history back, or close the WebView when there is no history. */
  onBack?: () => void
}

const defaultProps = { title: '', isShowBack: true, titleAlign: 'center', fixed: false } as const

/** The page header of docs/spec/product-spec.md §2/§9: 14 px padding, 55 px left slot, 30 px icons, 58 px tall. */
export function HeaderBar(p: HeaderBarProps) {
  const props = { ...defaultProps, ...p }
  const style = props.background ? ({ '--background': props.background } as CSSProperties) : undefined
  return (
    <>
      <header className={styles.bar} style={style} data-fixed={props.fixed || undefined} data-align={props.titleAlign}>
        <div className={styles.left}>
          {props.isShowBack && <IconButton icon="back" onClick={() => (props.onBack ?? goBackOrClose)()} />}
        </div>
        <h1 className={styles.title} aria-label={props.phrasedTitle ? props.title : undefined}>
          {props.phrasedTitle ?? props.title}
        </h1>
        <div className={styles.right}>{props.right}</div>
      </header>
      {props.fixed && <div className={styles.spacer} aria-hidden="true" />}
    </>
  )
}
