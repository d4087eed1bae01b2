/** Whole pictures (SVG documents) built from shapes.ts, by scene name. */
import * as s from './shapes'

const W = 400
const H = 300

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!)

/** An SVG document with a background colour. */
export const svg = (bg: string, content: string, w = W, h = H) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">` +
  `<rect width="${w}" height="${h}" fill="${bg}"/>${content}</svg>\n`

const grass = (color = '#95D5B2') => `<path d="M0 230 Q100 205 200 228 T400 222 V300 H0 Z" fill="${color}"/>`
const hills = '<ellipse cx="90" cy="300" rx="170" ry="95" fill="#74C69D"/><ellipse cx="330" cy="305" rx="160" ry="80" fill="#95D5B2"/>'
const title = (text: string, y = 52) =>
  `<text x="200" y="${y}" text-anchor="middle" font-family="'Arial Rounded MT Bold', Nunito, Arial, sans-serif" ` +
  `font-size="34" font-weight="bold" fill="#fff" stroke="#4a3426" stroke-width="6" paint-order="stroke">${escapeXml(text)}</text>`
const waves = '<path d="M0 190 q25 -14 50 0 t50 0 t50 0 t50 0 t50 0 t50 0 t50 0 t50 0 V300 H0 Z" fill="#48CAE4"/>'
const stars = [
  [40, 40],
  [120, 80],
  [300, 30],
  [360, 110],
  [220, 60],
  [70, 140],
]
  .map(([x, y], i) => s.place(x!, y!, 0.18 + (i % 3) * 0.06, s.star()))
  .join('')

/** The picture of each word, on its own colour. */
const WORD_SCENES: Record<string, [string, () => string]> = {
  apple: ['#FFE5E5', s.apple],
  cat: ['#FFF1E6', () => s.cat()],
  sun: ['#FFF8DB', s.sun],
  dog: ['#F3E9DC', s.dog],
  fish: ['#DFF3FF', s.fish],
  tree: ['#E3F9E5', () => s.tree(true)],
  ball: ['#EDE7F6', s.ball],
  bird: ['#E0F7FA', s.bird],
}

/** The library covers: a drawing on a colour. */
const COVERS: Record<string, [string, () => string]> = {
  ...WORD_SCENES,
  moon: ['#22315C', s.moon],
  star: ['#3A3F7A', s.star],
  flower: ['#FFF0F5', () => s.flower()],
  house: ['#E8F4FD', s.house],
  collection: ['#FDF0D5', s.books],
}

const SCENES: Record<string, () => string> = {
  'book-cover': () =>
    svg('#FFE8A3', grass() + s.place(330, 80, 0.7, s.sun()) + s.place(200, 165, 1.1, s.cat()) + title("Mimi's Sunny Day")),
  'book-sunrise': () =>
    svg('#BDE0FE', s.place(200, 185, 1.1, s.sun()) + hills + s.place(80, 70, 0.8, s.cloud()) + s.place(320, 55, 0.6, s.cloud())),
  'book-cat': () =>
    svg(
      '#FFF1E6',
      grass() + s.place(200, 150, 1.3, s.cat()) + s.place(60, 215, 0.6, s.flower()) + s.place(345, 220, 0.5, s.flower('#FFC8DD')),
    ),
  'book-apple-tree': () => svg('#CAF0F8', grass() + s.place(150, 140, 1.15, s.tree(true)) + s.place(320, 200, 0.6, s.cat())),
  'book-ball': () => svg('#E9F5DB', grass('#B7E4C7') + s.place(130, 175, 0.9, s.cat()) + s.place(280, 210, 0.8, s.ball())),
  'book-pond': () =>
    svg(
      '#D8F3DC',
      '<ellipse cx="230" cy="215" rx="150" ry="60" fill="#90E0EF"/>' + s.place(235, 215, 0.7, s.fish()) + s.place(70, 170, 0.75, s.cat()),
    ),
  'book-bird': () =>
    svg(
      '#FEFAE0',
      grass() +
        s.place(280, 140, 1.2, s.tree()) +
        s.place(120, 110, 0.9, s.bird()) +
        s.place(60, 60, 0.9, s.note()) +
        s.place(170, 50, 0.7, s.note()),
    ),
  'book-night': () => svg('#1D3557', stars + s.place(310, 80, 0.9, s.moon()) + grass('#2D6A4F') + s.place(160, 200, 0.8, s.cat(true))),
  'colors-cover': () =>
    svg(
      '#FFFFFF',
      ['#E63946', '#FFB703', '#52B788', '#3A86FF']
        .map(
          (c, i) =>
            `<path d="M${60 + i * 18} 260 A${140 - i * 18} ${140 - i * 18} 0 0 1 ${340 - i * 18} 260" stroke="${c}" stroke-width="18" fill="none"/>`,
        )
        .join('') +
        s.place(200, 225, 0.5, s.cloud()) +
        title('Colors', 60),
    ),
  'colors-red': () => svg('#FFE5E5', s.place(200, 160, 1.6, s.apple())),
  'colors-yellow': () => svg('#FFF8DB', s.place(200, 150, 1.5, s.sun())),
  'colors-blue': () => svg('#DFF3FF', waves + s.place(200, 235, 0.8, s.fish()) + s.place(90, 70, 0.7, s.cloud())),
  'colors-green': () => svg('#E3F9E5', grass() + s.place(200, 140, 1.2, s.tree())),
  'words-cover': () =>
    svg(
      '#F1FAEE',
      s.place(100, 90, 0.7, s.apple()) +
        s.place(300, 90, 0.6, s.cat()) +
        s.place(100, 215, 0.6, s.sun()) +
        s.place(300, 215, 0.7, s.fish()),
    ),
  ...Object.fromEntries(
    Object.entries(WORD_SCENES).map(([key, [bg, draw]]) => [`word-${key}`, () => svg(bg, s.place(200, 155, 1.6, draw()))]),
  ),
  ...Object.fromEntries(Object.entries(COVERS).map(([key, [bg, draw]]) => [`cover-${key}`, () => svg(bg, s.place(200, 155, 1.7, draw()))])),
  'avatar-xiaomi-mama': () => svg('#FFC8DD', s.place(60, 64, 1, s.person('mama')), 120, 120),
  'avatar-lele-baba': () => svg('#BDE0FE', s.place(60, 64, 1, s.person('baba')), 120, 120),
}

/** The SVG document of a scene; throws for an unknown name. */
export function renderScene(name: string): string {
  const draw = SCENES[name]
  if (!draw) throw new Error(`unknown scene: ${name}`)
  return draw()
}
