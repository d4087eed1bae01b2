/**
 * A tiny PDF writer for the demo drive: pages of vector shapes and text in the standard Helvetica
 * fonts (no embedding), content streams deflated. Enough for real, openable picture-book PDFs.
 */
import { deflateSync } from 'node:zlib'

/** RGB, each 0–1. */
export type Rgb = readonly [number, number, number]

/** Drawing operations of one page, in PDF user space (origin bottom-left, points). */
export class PdfPage {
  private readonly ops: string[] = []

  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  private fill(color: Rgb) {
    this.ops.push(`${color.map(num).join(' ')} rg`)
  }

  rect(x: number, y: number, w: number, h: number, color: Rgb): this {
    this.fill(color)
    this.ops.push(`${num(x)} ${num(y)} ${num(w)} ${num(h)} re f`)
    return this
  }

  /** A filled polygon through `points` ([x, y] pairs). */
  polygon(points: readonly (readonly [number, number])[], color: Rgb): this {
    const [first, ...rest] = points
    if (!first) return this
    this.fill(color)
    this.ops.push(`${num(first[0])} ${num(first[1])} m`, ...rest.map(([x, y]) => `${num(x)} ${num(y)} l`), 'h f')
    return this
  }

  /** A filled ellipse (four Bézier curves). */
  ellipse(cx: number, cy: number, rx: number, ry: number, color: Rgb): this {
    const k = 0.5523
    const [ox, oy] = [rx * k, ry * k]
    this.fill(color)
    this.ops.push(
      `${num(cx + rx)} ${num(cy)} m`,
      `${num(cx + rx)} ${num(cy + oy)} ${num(cx + ox)} ${num(cy + ry)} ${num(cx)} ${num(cy + ry)} c`,
      `${num(cx - ox)} ${num(cy + ry)} ${num(cx - rx)} ${num(cy + oy)} ${num(cx - rx)} ${num(cy)} c`,
      `${num(cx - rx)} ${num(cy - oy)} ${num(cx - ox)} ${num(cy - ry)} ${num(cx)} ${num(cy - ry)} c`,
      `${num(cx + ox)} ${num(cy - ry)} ${num(cx + rx)} ${num(cy - oy)} ${num(cx + rx)} ${num(cy)} c`,
      'f',
    )
    return this
  }

  circle(cx: number, cy: number, r: number, color: Rgb): this {
    return this.ellipse(cx, cy, r, r, color)
  }

  /** A stroked line. */
  line(x1: number, y1: number, x2: number, y2: number, width: number, color: Rgb): this {
    this.ops.push(`${color.map(num).join(' ')} RG ${num(width)} w 1 J`, `${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S`)
    return this
  }

  /** One line of text (printable ASCII) with its left end at (x, y). */
  text(x: number, y: number, size: number, text: string, options: { bold?: boolean; color?: Rgb } = {}): this {
    this.fill(options.color ?? [0.15, 0.15, 0.2])
    this.ops.push(`BT /${options.bold ? 'F2' : 'F1'} ${num(size)} Tf ${num(x)} ${num(y)} Td (${escapeText(text)}) Tj ET`)
    return this
  }

  /** Text centred on x (Helvetica widths approximated: good enough for titles). */
  centredText(cx: number, y: number, size: number, text: string, options: { bold?: boolean; color?: Rgb } = {}): this {
    return this.text(cx - approximateWidth(text, size, options.bold ?? false) / 2, y, size, text, options)
  }

  /** The content stream. */
  content(): string {
    return this.ops.join('\n')
  }
}

const num = (n: number) => (Math.round(n * 1000) / 1000).toString()

/** Escapes a PDF literal string; anything outside printable ASCII becomes `?`. */
function escapeText(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`)
}

/** Average Helvetica advance widths (per 1000 em): narrow for i/l/space, wide for capitals. */
function approximateWidth(text: string, size: number, bold: boolean): number {
  let units = 0
  for (const c of text) units += /[ilIj.,'!:;|]/.test(c) ? 260 : c === ' ' ? 278 : /[A-Z]|[mw]/.test(c) ? 700 : 540
  return (units * size * (bold ? 1.05 : 1)) / 1000
}

/** Document information shown by viewers. */
export interface PdfInfo {
  title: string
  author?: string
  /** Creation date; fixed for reproducible bytes. */
  created: Date
}

/** Serialises pages into a complete PDF 1.4 file. */
export function writePdf(pages: readonly PdfPage[], info: PdfInfo): Buffer {
  const objects: (string | Buffer)[] = []
  const add = (body: string | Buffer) => objects.push(body) // object number = index + 1
  const pageIds = pages.map((_, i) => 5 + i * 2)
  add('<< /Type /Catalog /Pages 2 0 R >>')
  add(`<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`)
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>')
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>')
  for (const [i, page] of pages.entries()) {
    add(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${num(page.width)} ${num(page.height)}] ` +
        `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[i]! + 1} 0 R >>`,
    )
    const stream = deflateSync(Buffer.from(page.content(), 'latin1'))
    add(
      Buffer.concat([
        Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
        stream,
        Buffer.from('\nendstream', 'latin1'),
      ]),
    )
  }
  const date = info.created.toISOString().replace(/[-:T]/g, '').slice(0, 14)
  add(
    `<< /Title (${escapeText(info.title)}) /Author (${escapeText(info.author ?? '')}) ` +
      `/Producer (kids-english demo drive) /CreationDate (D:${date}Z) >>`,
  )
  const infoId = objects.length

  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')]
  let offset = chunks[0]!.length
  const offsets: number[] = []
  for (const [i, body] of objects.entries()) {
    offsets.push(offset)
    const chunk = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
      Buffer.from('\nendobj\n', 'latin1'),
    ])
    chunks.push(chunk)
    offset += chunk.length
  }
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R /Info ${infoId} 0 R >>`,
    'startxref',
    String(offset),
    '%%EOF',
    '',
  ].join('\n')
  chunks.push(Buffer.from(xref, 'latin1'))
  return Buffer.concat(chunks)
}
