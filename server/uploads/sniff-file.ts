/** Recognises an upload by its first bytes (magic numbers), never by its name or declared type. */

/** An accepted kind of file. */
export interface FileKind {
  ext: 'png' | 'jpg' | 'webp' | 'gif' | 'pdf'
  mime: string
  /** 'image' (cover pictures) or 'pdf' (books): they have different size limits. */
  family: 'image' | 'pdf'
}

/** How many leading bytes `sniffFile` needs to decide. */
export const SNIFF_BYTES = 12

const startsWith = (head: Buffer, bytes: readonly number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((b, i) => head[offset + i] === b)

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0))

/** The kind of file `head` starts, or null when it is none we accept. */
export function sniffFile(head: Buffer): FileKind | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { ext: 'png', mime: 'image/png', family: 'image' }
  }
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { ext: 'jpg', mime: 'image/jpeg', family: 'image' }
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) {
    return { ext: 'gif', mime: 'image/gif', family: 'image' }
  }
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) {
    return { ext: 'webp', mime: 'image/webp', family: 'image' }
  }
  if (startsWith(head, ascii('%PDF-'))) return { ext: 'pdf', mime: 'application/pdf', family: 'pdf' }
  return null
}
