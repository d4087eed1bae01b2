import { useEffect, useRef } from 'react'
import { Empty } from '@shared/components/empty'
import { ErrorView } from '@shared/components/error-view'
import type { CloudEntry } from './cloud-data'
import { EntryRow } from './entry-row'
import type { Listing, Picked } from './import-machine'
import styles from './self-service-baidu.module.css'

/** Props of {@link EntryList}. */
export interface EntryListProps {
  listing: Listing
  pick: 'files' | 'folders'
  suffix: string
  picked: readonly Picked[]
  enabled: boolean
  onToggle: (entry: CloudEntry) => void
  onOpen: (entry: CloudEntry) => void
  onRetry: () => void
  onMore: () => void
}

/** A folder's entries: loading, failed with `重试`, empty, or the rows with more loading as the end scrolls into view. */
export function EntryList(props: EntryListProps) {
  const { listing, pick, picked, enabled, onToggle, onOpen, onRetry, onMore } = props
  if (listing.status === 'loading') {
    return (
      <p className={styles.listStatus} role="status">
        加载中…
      </p>
    )
  }
  if (listing.status === 'failed') return <ErrorView message={listing.msg} onRetry={onRetry} />
  if (listing.entries.length === 0 && !listing.hasMore) return <Empty description={`此文件夹中没有${props.suffix.toUpperCase()}文件`} />
  const chosen = new Set(picked.map((p) => p.fsId))
  return (
    <>
      <ul className={styles.list} aria-label="文件列表">
        {listing.entries.map((entry) => (
          <EntryRow
            key={entry.fsId}
            entry={entry}
            pick={pick}
            checked={chosen.has(entry.fsId)}
            enabled={enabled}
            onToggle={onToggle}
            onOpen={onOpen}
          />
        ))}
      </ul>
      {listing.more === 'loading' && (
        <p className={styles.listStatus} role="status">
          加载中…
        </p>
      )}
      {listing.more === 'failed' && (
        <p className={styles.listStatus}>
          加载失败
          <button type="button" className={styles.link} onClick={onRetry}>
            重试
          </button>
        </p>
      )}
      {listing.hasMore && listing.more === 'idle' && <MoreTrigger onMore={onMore} />}
    </>
  )
}

/** Loads the next page when it scrolls into view; a button where there is no IntersectionObserver. */
function MoreTrigger({ onMore }: { onMore: () => void }) {
  const ref = useRef<HTMLButtonElement>(null)
  const latest = useRef(onMore)
  useEffect(() => {
    latest.current = onMore
  })
  useEffect(() => {
    const node = ref.current
    if (!node || typeof IntersectionObserver === 'undefined') return
    // Starts a screen early, so a fast scroll rarely reaches the end before the next page is in.
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && latest.current(), {
      rootMargin: '0px 0px 400px 0px',
    })
    observer.observe(node)
    return () => observer.disconnect()
  }, [])
  return (
    <button ref={ref} type="button" className={styles.more} onClick={onMore}>
      加载更多
    </button>
  )
}
