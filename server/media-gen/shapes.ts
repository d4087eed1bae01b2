/**
 * Friendly flat drawings for the demo pictures. Each shape is drawn around (0, 0) at about
 * 100 units across; `place` moves and scales it. Output is plain SVG markup.
 */

/** Wraps `content` in a group moved to (x, y) and scaled by `s`. */
export const place = (x: number, y: number, s: number, content: string) => `<g transform="translate(${x} ${y}) scale(${s})">${content}</g>`

const INK = '#4a3426'

/** Two dot eyes and a smile; closed eyes draw as arcs (sleeping). */
const face = (dx: number, y: number, closed = false) =>
  (closed
    ? `<path d="M${-dx - 5} ${y} q5 4 10 0 M${dx - 5} ${y} q5 4 10 0" stroke="${INK}" stroke-width="3" fill="none" stroke-linecap="round"/>`
    : `<circle cx="${-dx}" cy="${y}" r="4" fill="${INK}"/><circle cx="${dx}" cy="${y}" r="4" fill="${INK}"/>`) +
  `<path d="M-8 ${y + 12} q8 7 16 0" stroke="${INK}" stroke-width="3" fill="none" stroke-linecap="round"/>`

export function sun(): string {
  const rays = Array.from({ length: 8 }, (_, i) => {
    const a = (i * Math.PI) / 4
    const p = (r: number) => `${Math.round(Math.cos(a) * r)} ${Math.round(Math.sin(a) * r)}`
    return `M${p(50)} L${p(68)}`
  }).join(' ')
  return (
    `<path d="${rays}" stroke="#FDB813" stroke-width="9" stroke-linecap="round"/>` +
    `<circle r="42" fill="#FFD23F"/><circle cx="-24" cy="10" r="6" fill="#FF9F80" opacity=".6"/>` +
    `<circle cx="24" cy="10" r="6" fill="#FF9F80" opacity=".6"/>${face(13, -6)}`
  )
}

export const cloud = () =>
  '<g fill="#fff"><circle cx="-25" r="20"/><circle cy="-12" r="26"/><circle cx="27" r="19"/>' +
  '<rect x="-45" width="90" height="20" rx="10"/></g>'

export function cat(sleeping = false): string {
  return (
    '<path d="M34 42 Q78 34 62 -2" stroke="#F4A261" stroke-width="11" fill="none" stroke-linecap="round"/>' +
    '<ellipse cy="32" rx="40" ry="30" fill="#F4A261"/><ellipse cy="40" rx="22" ry="18" fill="#FBD6B0"/>' +
    '<path d="M-30 -36 L-22 -70 L-4 -48 Z M30 -36 L22 -70 L4 -48 Z" fill="#F4A261"/>' +
    '<path d="M-24 -44 L-20 -60 L-11 -49 Z M24 -44 L20 -60 L11 -49 Z" fill="#FFB4A2"/>' +
    '<circle cy="-20" r="33" fill="#F4A261"/>' +
    '<path d="M-4 -12 L4 -12 L0 -7 Z" fill="#E76F51"/>' +
    '<path d="M-14 -8 H-38 M-14 -3 H-36 M14 -8 H38 M14 -3 H36" stroke="' +
    INK +
    '" stroke-width="1.5"/>' +
    face(12, -22, sleeping).replace(/M-8 -10 q8 7 16 0/, 'M-7 -4 q3.5 4 7 0 q3.5 4 7 0') +
    '<ellipse cx="-18" cy="58" rx="11" ry="7" fill="#E9874B"/><ellipse cx="18" cy="58" rx="11" ry="7" fill="#E9874B"/>'
  )
}

export function apple(): string {
  return (
    '<path d="M0 -30 C30 -52 62 -22 46 16 C36 46 10 50 0 40 C-10 50 -36 46 -46 16 C-62 -22 -30 -52 0 -30 Z" fill="#E63946"/>' +
    '<ellipse cx="-24" cy="-8" rx="6" ry="13" fill="#fff" opacity=".35" transform="rotate(20 -24 -8)"/>' +
    '<rect x="-3" y="-52" width="6" height="24" rx="3" fill="#6B4226"/>' +
    '<ellipse cx="16" cy="-46" rx="15" ry="7" fill="#52B788" transform="rotate(-30 16 -46)"/>'
  )
}

export function tree(withApples = false): string {
  const fruit = withApples
    ? [
        [-30, -30],
        [18, -46],
        [34, 2],
        [-8, 6],
        [-46, 4],
      ]
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="7" fill="#E63946"/>`)
        .join('')
    : ''
  return (
    '<rect x="-12" y="10" width="24" height="72" rx="5" fill="#8D5524"/>' +
    '<g fill="#52B788"><circle cy="-30" r="50"/><circle cx="-42" cy="-2" r="36"/><circle cx="42" cy="-2" r="36"/></g>' +
    `<circle cy="8" r="38" fill="#40916C"/>${fruit}`
  )
}

export function ball(): string {
  return (
    '<circle r="40" fill="#E63946"/><path d="M-40 0 A40 40 0 0 0 40 0 Z" fill="#457B9D"/>' +
    '<path d="M-40 0 Q0 16 40 0 Q0 -16 -40 0 Z" fill="#fff"/><circle cx="-14" cy="-20" r="7" fill="#fff" opacity=".5"/>'
  )
}

export function fish(): string {
  return (
    '<path d="M38 0 L74 -28 L70 0 L74 28 Z" fill="#FFBF69"/><ellipse rx="46" ry="29" fill="#FF9F1C"/>' +
    '<path d="M-4 -27 Q10 -44 24 -24 Z" fill="#FFBF69"/>' +
    '<path d="M4 -22 Q12 0 4 22 M18 -18 Q26 0 18 18" stroke="#FFBF69" stroke-width="5" fill="none"/>' +
    '<circle cx="-24" cy="-6" r="8" fill="#fff"/><circle cx="-26" cy="-6" r="4" fill="' +
    INK +
    '"/>' +
    '<path d="M-42 8 q6 5 12 1" stroke="' +
    INK +
    '" stroke-width="3" fill="none" stroke-linecap="round"/>'
  )
}

export function bird(): string {
  return (
    '<path d="M26 10 L58 0 L52 22 Z" fill="#3A86FF"/><circle r="34" fill="#4CC9F0"/>' +
    '<ellipse cx="-4" cy="12" rx="20" ry="16" fill="#B8F2FF"/>' +
    '<ellipse cx="14" cy="4" rx="20" ry="12" fill="#3A86FF" transform="rotate(-20 14 4)"/>' +
    '<path d="M-30 -6 L-52 0 L-30 6 Z" fill="#FFB703"/><circle cx="-14" cy="-12" r="5" fill="' +
    INK +
    '"/>' +
    '<path d="M-6 34 V48 M8 34 V48" stroke="#FFB703" stroke-width="4" stroke-linecap="round"/>'
  )
}

export function moon(): string {
  return (
    '<circle r="46" fill="#FFE066"/><circle cx="18" cy="-20" r="7" fill="#F5C842"/>' +
    `<circle cx="-22" cy="22" r="9" fill="#F5C842"/>${face(14, -2, true)}`
  )
}

export function star(): string {
  const points = Array.from({ length: 10 }, (_, i) => {
    const r = i % 2 ? 19 : 44
    const a = -Math.PI / 2 + (i * Math.PI) / 5
    return `${Math.round(Math.cos(a) * r)},${Math.round(Math.sin(a) * r)}`
  }).join(' ')
  return (
    `<polygon points="${points}" fill="#FFD60A" stroke="#F4B400" stroke-width="3" stroke-linejoin="round"/>` +
    '<circle cx="-7" cy="-2" r="3" fill="' +
    INK +
    '"/><circle cx="7" cy="-2" r="3" fill="' +
    INK +
    '"/>' +
    '<path d="M-5 6 q5 4 10 0" stroke="' +
    INK +
    '" stroke-width="2.5" fill="none" stroke-linecap="round"/>'
  )
}

export function dog(): string {
  return (
    '<path d="M36 26 Q64 10 58 -10" stroke="#C68B59" stroke-width="10" fill="none" stroke-linecap="round"/>' +
    '<ellipse cy="34" rx="42" ry="28" fill="#C68B59"/><circle cx="18" cy="30" r="10" fill="#8B5A2B"/>' +
    '<circle cy="-22" r="32" fill="#D9A066"/>' +
    '<ellipse cx="-32" cy="-14" rx="11" ry="24" fill="#8B5A2B" transform="rotate(18 -32 -14)"/>' +
    '<ellipse cx="32" cy="-14" rx="11" ry="24" fill="#8B5A2B" transform="rotate(-18 32 -14)"/>' +
    `<ellipse cy="-10" rx="14" ry="11" fill="#F1D1A8"/><ellipse cy="-15" rx="7" ry="5" fill="${INK}"/>` +
    `<circle cx="-12" cy="-28" r="4" fill="${INK}"/><circle cx="12" cy="-28" r="4" fill="${INK}"/>` +
    '<path d="M-2 -4 q2 10 6 0" fill="#FF6B81"/>'
  )
}

export function flower(color = '#FF8FAB'): string {
  const petals = Array.from({ length: 6 }, (_, i) => {
    const a = (i * Math.PI) / 3
    return `<circle cx="${Math.round(Math.cos(a) * 22)}" cy="${Math.round(Math.sin(a) * 22) - 30}" r="15" fill="${color}"/>`
  }).join('')
  return (
    '<path d="M0 -20 V60" stroke="#52B788" stroke-width="6"/>' +
    '<ellipse cx="14" cy="30" rx="14" ry="6" fill="#52B788" transform="rotate(-30 14 30)"/>' +
    `${petals}<circle cy="-30" r="14" fill="#FFD166"/>`
  )
}

export function house(): string {
  return (
    '<rect x="22" y="-62" width="14" height="30" fill="#9C6644"/>' +
    '<rect x="-50" y="-20" width="100" height="74" rx="4" fill="#FFE5B4"/>' +
    '<path d="M-62 -16 L0 -64 L62 -16 Z" fill="#E76F51" stroke-linejoin="round"/>' +
    '<rect x="-14" y="16" width="28" height="38" rx="3" fill="#8D5524"/>' +
    '<rect x="-42" y="-6" width="22" height="22" fill="#A8DADC"/><rect x="20" y="-6" width="22" height="22" fill="#A8DADC"/>'
  )
}

/** A stack of picture books (the collection folder's cover). */
export function books(): string {
  return (
    '<rect x="-50" y="18" width="100" height="22" rx="4" fill="#457B9D"/>' +
    '<rect x="-44" y="-6" width="92" height="22" rx="4" fill="#E9C46A" transform="rotate(-4)"/>' +
    '<rect x="-46" y="-30" width="96" height="22" rx="4" fill="#E76F51" transform="rotate(3)"/>' +
    '<path d="M-36 29 H30 M-30 5 H34 M-34 -19 H32" stroke="#fff" stroke-width="3" opacity=".7"/>'
  )
}

/** A musical note (a bird's song). */
export const note = () =>
  '<path d="M6 -20 V10" stroke="' +
  INK +
  '" stroke-width="4"/><ellipse cy="12" rx="8" ry="6" fill="' +
  INK +
  '"/>' +
  '<path d="M6 -20 q10 4 12 14" stroke="' +
  INK +
  '" stroke-width="4" fill="none"/>'

/** A person's head for an avatar: long hair for 'mama', short for 'baba'. */
export function person(kind: 'mama' | 'baba'): string {
  const hair =
    kind === 'mama'
      ? '<path d="M-40 30 C-48 -40 48 -40 40 30 Z" fill="#3D2C29"/>'
      : '<path d="M-34 -6 C-36 -42 36 -42 34 -6 C20 -20 -20 -20 -34 -6 Z" fill="#2B2D42"/>'
  return (
    `${hair}<circle r="30" fill="#FFD7B5"/>${kind === 'mama' ? '<path d="M-30 -8 C-24 -34 24 -34 30 -8 C14 -22 -14 -22 -30 -8 Z" fill="#3D2C29"/>' : hair}` +
    `<circle cx="-18" cy="8" r="5" fill="#FF9F80" opacity=".6"/><circle cx="18" cy="8" r="5" fill="#FF9F80" opacity=".6"/>${face(10, -2)}`
  )
}
