/* Inline icons, drawn on a 24-unit grid in currentColor so a header's colour applies to them. */

const paths = {
  back: 'M15 4.5 7.5 12l7.5 7.5',
  share: 'M12 3.5v11M7.5 8 12 3.5 16.5 8M6 11.5H5v9h14v-9h-1',
  close: 'M6 6l12 12M18 6 6 18',
} as const

/** The icons the header uses. */
export type IconName = keyof typeof paths

/** A decorative icon; the button around it carries the name. */
export function Icon({ name }: { name: IconName }) {
  return (
    <svg viewBox="0 0 24 24" width="100%" height="100%" aria-hidden="true" focusable="false">
      <path d={paths[name]} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}
