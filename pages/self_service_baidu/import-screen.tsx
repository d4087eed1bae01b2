import { useCallback } from 'react'
import { Dialog } from '@shared/components/dialog'
import { ErrorView } from '@shared/components/error-view'
import { LoadingOverlay } from '@shared/components/loading-overlay'
import { AuthorizeStep } from './authorize-step'
import { backToList } from './back-to-list'
import { BadLink } from './bad-link'
import { childDir, formatBytes, type CloudEntry } from './cloud-data'
import { EntryList } from './entry-list'
import { ImportFooter } from './import-footer'
import { pickedBytes, type ImportEvent, type ImportState } from './import-machine'
import { ImportProgress } from './import-progress'
import { ImportResult } from './import-result'
import type { ImportMode } from './mode'
import { PathBar } from './path-bar'
import styles from './self-service-baidu.module.css'

const SPACE_UPGRADE = '/space_upgrade'

/** Props of {@link ImportScreen}. */
export interface ImportScreenProps {
  mode: ImportMode | null
  state: ImportState
  send: (event: ImportEvent) => void
}

/**
 * The flow's state on screen. Every link starts in `checking` (the loading state), a bad one too: it
 * is told once the flow starts, so the build's one frame never shows a good link as bad. Drawn by the
 * page and, before React, by its HTML's head script (first-screen.tsx).
 */
export function ImportScreen({ mode, state, send }: ImportScreenProps) {
  const open = useCallback((dir: string) => send({ type: 'open', dir }), [send])
  const toggle = useCallback((entry: CloudEntry) => send({ type: 'toggle', entry }), [send])

  if (state.status === 'badLink') return <BadLink />
  if (!mode) return <LoadingOverlay visible /> // until the flow has started and found the link bad
  switch (state.status) {
    case 'checking':
      return <LoadingOverlay visible />
    case 'checkFailed':
      return <ErrorView message={state.msg} onRetry={() => send({ type: 'retry' })} />
    case 'unauthorized':
      return <AuthorizeStep suffix={mode.suffix} onAuthorize={() => send({ type: 'authorize' })} />
    case 'importing':
      return <ImportProgress done={state.done} total={state.total} stalled={state.stalled} onRetry={() => send({ type: 'retry' })} />
    case 'finished':
      if (state.outcome.kind === 'done') {
        const total = state.outcome.createdIds.length
        return <ImportProgress done={total} total={total} stalled={null} onRetry={() => undefined} />
      }
      return <ImportResult outcome={state.outcome} onBack={() => backToList(mode.listId)} onRestart={() => send({ type: 'restart' })} />
    case 'browsing': {
      const { dir, listing, picked, pending } = state
      const busy = pending === 'capacity' || pending === 'starting'
      return (
        <div className={styles.browser}>
          <p className={styles.account}>{state.account ? `已授权：${state.account}` : '已授权百度网盘'}</p>
          <PathBar dir={dir} onOpen={open} />
          <EntryList
            listing={listing}
            pick={mode.pick}
            suffix={mode.suffix}
            picked={picked}
            enabled={!busy}
            onToggle={toggle}
            onOpen={(entry) => open(childDir(dir, entry.name))}
            onRetry={() => send({ type: 'retry' })}
            onMore={() => send({ type: 'more' })}
          />
          <ImportFooter count={picked.length} busy={busy} onImport={() => send({ type: 'import' })} />
          <LoadingOverlay visible={busy} />
          <Dialog
            visible={pending === 'noCapacity'}
            title="空间不足"
            content={mode.pick === 'files' ? `所选文件共${formatBytes(pickedBytes(picked))}，超出剩余空间` : '所选文件夹超出剩余空间'}
            confirmText="去扩容"
            cancelText="取消"
            onConfirm={() => {
              send({ type: 'dismiss' })
              location.assign(SPACE_UPGRADE)
            }}
            onCancel={() => send({ type: 'dismiss' })}
          />
        </div>
      )
    }
  }
}
