/** The demo drive's picture books: English pages with simple vector pictures, drawn by pdf-writer. */
import { PdfPage, writePdf, type Rgb } from './pdf-writer'

type Scene = 'sun' | 'house' | 'tree' | 'fish' | 'stars' | 'bear' | 'hen' | 'rainbow'

/** A book of the demo drive. */
export interface DemoBook {
  /** Blob name (also the PDF title's source). */
  key: string
  title: string
  pages: { scene: Scene; text: string }[]
}

const SKY: Rgb = [0.75, 0.89, 0.98]
const NIGHT: Rgb = [0.12, 0.16, 0.35]
const GRASS: Rgb = [0.55, 0.8, 0.45]
const SEA: Rgb = [0.3, 0.6, 0.85]
const YELLOW: Rgb = [1, 0.82, 0.2]
const RED: Rgb = [0.9, 0.3, 0.25]
const BROWN: Rgb = [0.55, 0.36, 0.2]
const GREEN: Rgb = [0.25, 0.6, 0.3]
const ORANGE: Rgb = [0.98, 0.6, 0.2]
const WHITE: Rgb = [1, 1, 1]
const DARK: Rgb = [0.15, 0.15, 0.2]

const W = 595
const H = 420

/** Draws `scene` in the picture area (above the text band). */
function drawScene(page: PdfPage, scene: Scene): void {
  const night = scene === 'stars'
  page.rect(0, 110, W, H - 110, night ? NIGHT : scene === 'fish' ? SEA : SKY)
  if (scene !== 'fish') page.rect(0, 110, W, 60, night ? [0.15, 0.3, 0.2] : GRASS)
  switch (scene) {
    case 'sun':
      page.circle(460, 330, 45, YELLOW)
      for (let i = 0; i < 8; i++) {
        const a = (i * Math.PI) / 4
        page.line(460 + Math.cos(a) * 55, 330 + Math.sin(a) * 55, 460 + Math.cos(a) * 75, 330 + Math.sin(a) * 75, 5, ORANGE)
      }
      page.ellipse(180, 170, 160, 40, GREEN)
      break
    case 'house':
      page.rect(200, 150, 190, 130, [0.98, 0.9, 0.75])
      page.polygon(
        [
          [185, 280],
          [295, 360],
          [405, 280],
        ],
        RED,
      )
      page.rect(275, 150, 40, 70, BROWN)
      page.rect(220, 220, 40, 35, SKY).rect(330, 220, 40, 35, SKY)
      break
    case 'tree':
      page.rect(285, 150, 30, 110, BROWN)
      page.circle(300, 290, 70, GREEN).circle(250, 260, 45, GREEN).circle(350, 260, 45, GREEN)
      page.circle(270, 300, 8, RED).circle(330, 280, 8, RED).circle(300, 320, 8, RED)
      break
    case 'fish':
      page.ellipse(290, 260, 90, 50, ORANGE)
      page.polygon(
        [
          [370, 260],
          [430, 300],
          [430, 220],
        ],
        ORANGE,
      )
      page.circle(240, 275, 10, WHITE).circle(238, 276, 5, DARK)
      page.circle(150, 330, 12, WHITE).circle(120, 360, 8, WHITE).circle(480, 180, 10, WHITE)
      break
    case 'stars':
      page.circle(470, 340, 40, [0.98, 0.95, 0.75]).circle(488, 352, 36, NIGHT)
      for (const [x, y] of [
        [100, 350],
        [180, 300],
        [250, 370],
        [330, 320],
        [400, 250],
        [140, 230],
      ] as const) {
        page.polygon(star(x, y, 14), YELLOW)
      }
      break
    case 'bear':
      page.circle(300, 230, 70, BROWN)
      page.circle(245, 290, 25, BROWN).circle(355, 290, 25, BROWN)
      page.ellipse(300, 210, 30, 22, [0.85, 0.7, 0.5])
      page.circle(275, 245, 7, DARK).circle(325, 245, 7, DARK).circle(300, 215, 8, DARK)
      break
    case 'hen':
      page.ellipse(300, 230, 80, 60, WHITE)
      page.circle(360, 290, 32, WHITE)
      page.polygon(
        [
          [390, 295],
          [415, 288],
          [390, 280],
        ],
        ORANGE,
      )
      page.polygon(
        [
          [350, 320],
          [360, 338],
          [370, 320],
        ],
        RED,
      )
      page.circle(368, 298, 5, DARK)
      page.line(290, 172, 290, 150, 4, ORANGE).line(320, 172, 320, 150, 4, ORANGE)
      break
    case 'rainbow': {
      const bands: Rgb[] = [RED, ORANGE, YELLOW, GREEN, [0.3, 0.5, 0.9], [0.55, 0.35, 0.8]]
      bands.forEach((color, i) => page.ellipse(300, 170, 220 - i * 22, 170 - i * 22, color))
      page.ellipse(300, 170, 88, 38, SKY)
      page.rect(0, 110, W, 60, GRASS)
      break
    }
  }
}

function star(cx: number, cy: number, r: number): [number, number][] {
  return Array.from({ length: 10 }, (_, i) => {
    const a = Math.PI / 2 + (i * Math.PI) / 5
    const d = i % 2 === 0 ? r : r * 0.45
    return [cx + Math.cos(a) * d, cy + Math.sin(a) * d]
  })
}

/** The PDF bytes of a book: a cover, then one page per sentence. */
export function renderBook(book: DemoBook, created: Date): Buffer {
  const cover = new PdfPage(W, H)
  drawScene(cover, book.pages[0]!.scene)
  cover.rect(0, 0, W, 110, WHITE)
  cover.centredText(W / 2, 60, 30, book.title, { bold: true })
  cover.centredText(W / 2, 30, 12, 'A picture book from the demo cloud drive', { color: [0.45, 0.45, 0.5] })
  const pages = book.pages.map(({ scene, text }, i) => {
    const page = new PdfPage(W, H)
    drawScene(page, scene)
    page.rect(0, 0, W, 110, WHITE)
    page.centredText(W / 2, 55, 22, text)
    page.centredText(W / 2, 18, 10, String(i + 1), { color: [0.5, 0.5, 0.55] })
    return page
  })
  return writePdf([cover, ...pages], { title: book.title, author: 'Demo Drive', created })
}

const book = (key: string, title: string, pages: [Scene, string][]): DemoBook => ({
  key,
  title,
  pages: pages.map(([scene, text]) => ({ scene, text })),
})

/** Every book of the demo drive, by blob key. */
export const DEMO_BOOKS = [
  book('little-red-hen', 'The Little Red Hen', [
    ['hen', 'The little red hen finds some seeds.'],
    ['sun', 'She plants them in the warm sun.'],
    ['tree', 'The wheat grows tall and gold.'],
    ['house', 'She bakes bread for everyone.'],
  ]),
  book('brown-bear', 'Brown Bear Says Hello', [
    ['bear', 'Hello! I am a big brown bear.'],
    ['tree', 'I like to sleep under a tree.'],
    ['sun', 'I wake up when the sun is high.'],
  ]),
  book('counting-stars', 'Counting Stars', [
    ['stars', 'One, two, three little stars.'],
    ['stars', 'Four, five, six shining stars.'],
    ['house', 'Time to go home and sleep.'],
  ]),
  book('sunny-day', 'Sunny Day', [
    ['sun', 'The sun is up. It is a sunny day!'],
    ['rainbow', 'After the rain we see a rainbow.'],
  ]),
  book('busy-fox', 'The Busy Fox', [
    ['tree', 'The fox runs past the old tree.'],
    ['house', 'He looks for his friend the hen.'],
    ['hen', 'They share a red apple.'],
  ]),
  book('ocean-friends', 'Ocean Friends', [
    ['fish', 'A little orange fish swims by.'],
    ['fish', 'It says hello to the bubbles.'],
    ['sun', 'The sun shines on the sea.'],
  ]),
  book('sleepy-owl', 'Sleepy Owl', [
    ['stars', 'The owl is awake at night.'],
    ['tree', 'In the day it sleeps in a tree.'],
  ]),
  book('good-night-bear', 'Good Night, Little Bear', [
    ['bear', 'Little bear is tired.'],
    ['stars', 'The stars come out one by one.'],
    ['house', 'Good night, little bear.'],
  ]),
  book('moon-and-cat', 'The Moon and the Cat', [
    ['stars', 'The cat looks up at the moon.'],
    ['house', 'The moon looks down at the cat.'],
  ]),
  book('rainbow-garden', 'Rainbow Garden', [
    ['rainbow', 'Red, orange, yellow and green.'],
    ['tree', 'Flowers grow in every colour.'],
    ['sun', 'The garden loves the sun.'],
  ]),
  book('my-first-words', 'My First Words', [
    ['sun', 'sun'],
    ['tree', 'tree'],
    ['house', 'house'],
    ['fish', 'fish'],
  ]),
] as const satisfies readonly DemoBook[]

export type DemoBookKey = (typeof DEMO_BOOKS)[number]['key']
