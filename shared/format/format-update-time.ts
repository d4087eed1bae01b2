/** `2024-05-01T08:30:00` → `2024-05-01 08:30:00`; null or not a string → ''. */
export function formatUpdateTime(time: string | null | undefined): string {
  return typeof time === 'string' ? time.replace('T', ' ') : ''
}
