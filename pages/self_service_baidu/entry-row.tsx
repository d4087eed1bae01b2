import { formatBytes, type CloudEntry } from './cloud-data'
import styles from './self-service-baidu.module.css'

/** Props of {@link EntryRow}. */
export interface EntryRowProps {
  entry: CloudEntry
  /** `files`: files are checkboxes, folders open. `folders`: folders are checkboxes with an `打开` button, files only shown. */
  pick: 'files' | 'folders'
  checked: boolean
  /** False while the import is being sent. */
  enabled: boolean
  onToggle: (entry: CloudEntry) => void
  onOpen: (entry: CloudEntry) => void
}

/** One file or folder of the drive, as its mode lets it be used (docs/contracts/ui-text.md "Cloud-drive import"). */
export function EntryRow({ entry, pick, checked, enabled, onToggle, onOpen }: EntryRowProps) {
  const details = (
    <span className={styles.rowDetails}>
      {!entry.isDir && <span>{formatBytes(entry.size)}</span>}
      {entry.time && <span>{entry.time}</span>}
    </span>
  )
  const label = (
    <span className={styles.rowText}>
      <span className={styles.rowName}>{entry.name}</span>
      {details}
    </span>
  )
  const icon = <EntryIcon isDir={entry.isDir} kind={(entry.name.split('.').pop() ?? '').slice(0, 4).toUpperCase()} />

  if (entry.isDir && pick === 'files') {
    // The whole row opens the folder; the button, named by the folder alone (docs/contracts/ui-text.md), lies over it,
    // so the date stays readable text beside it rather than a second, mismatched name inside it.
    return (
      <li className={styles.row} data-cover="">
        <span className={styles.rowMain}>
          {icon}
          {label}
          <span className={styles.chevron} aria-hidden="true">
            ›
          </span>
        </span>
        <button type="button" className={styles.cover} aria-label={entry.name} onClick={() => onOpen(entry)} />
      </li>
    )
  }
  if (!entry.isDir && pick === 'folders') {
    return (
      <li className={styles.row} data-muted="">
        <span className={styles.rowMain}>
          {icon}
          {label}
        </span>
      </li>
    )
  }
  return (
    <li className={styles.row}>
      <label className={styles.rowMain}>
        {icon}
        {label}
        <input
          type="checkbox"
          className={styles.check}
          aria-label={entry.name}
          checked={checked}
          disabled={!enabled}
          onChange={() => onToggle(entry)}
        />
      </label>
      {entry.isDir && (
        <button type="button" className={styles.openButton} onClick={() => onOpen(entry)}>
          打开
        </button>
      )}
    </li>
  )
}

function EntryIcon({ isDir, kind }: { isDir: boolean; kind: string }) {
  return isDir ? (
    <svg className={styles.icon} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <path d="M4 10a3 3 0 0 1 3-3h9l4 4h13a3 3 0 0 1 3 3v16a3 3 0 0 1-3 3H7a3 3 0 0 1-3-3Z" fill="#f7b928" />
      <path d="M4 15h32v15a3 3 0 0 1-3 3H7a3 3 0 0 1-3-3Z" fill="#ffcf4d" />
    </svg>
  ) : (
    <svg className={styles.icon} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <path d="M9 3h16l8 8v24a2 2 0 0 1-2 2H9a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Z" fill="#e5483a" />
      <path d="M25 3v6a2 2 0 0 0 2 2h6Z" fill="#f59b92" />
      <text x="20" y="28" textAnchor="middle" fontSize="9" fontWeight="700" fill="#fff" fontFamily="sans-serif">
        {kind}
      </text>
    </svg>
  )
}
