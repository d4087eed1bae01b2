/**
 * Input the folder rules must refuse (issue 40 item 5): covers that point at the viewer's own machine
 * or network in any notation, text with format characters, and ages or tags that are not among the
 * choices `GET /v1/bookCreation/options` offers. Each refusal is a 400 with its Chinese message and
 * changes nothing.
 */
import { describe, expect, it } from 'vitest'
import { DEMO_FOLDERS } from '../../server/seed/demo'
import { envelope, folderOf, setupServer } from './helpers/test-app'

const server = setupServer()

const update = (fields: Record<string, unknown>) => server.post('/v1/bookCreation/update', { id: DEMO_FOLDERS.starterBooks, ...fields })
const add = (fields: Record<string, unknown>) => server.post('/v1/bookCreation/add', { parentId: 0, type: 1, title: '新文件夹', ...fields })

/** Expects a 400 with `msg` and the demo folder unchanged. */
async function expectRefused(request: Promise<Awaited<ReturnType<typeof update>>>, msg: string) {
  const before = await server.folder(DEMO_FOLDERS.starterBooks)
  const res = await request
  expect(res.statusCode).toBe(400)
  expect(envelope(res)).toMatchObject({ result: 'BAD_REQUEST', msg })
  expect(await server.folder(DEMO_FOLDERS.starterBooks)).toEqual(before)
}

describe('a cover address', () => {
  const PRIVATE = [
    'http://127.0.0.1/a.png',
    'http://127.1/a.png',
    'http://[::1]/a.png',
    'https://0x7f.1/a.png',
    'http://2130706433/a.png',
    'http://017700000001/a.png',
    'http://[::ffff:127.0.0.1]/a.png',
    'http://localhost/a.png',
    'http://LOCALHOST./a.png',
    'http://img.localhost/a.png',
    'http://0.0.0.0/a.png',
    'http://0/a.png',
    'http://[::]/a.png',
    'http://169.254.169.254/latest/meta-data',
    'http://10.0.0.8/a.png',
    'http://172.20.1.1/a.png',
    'http://192.168.1.1/a.png',
    'http://100.64.0.1/a.png',
    'http://[fc00::1]/a.png',
    'http://[fd12:3456::1]/a.png',
    'http://[fe80::1]/a.png',
    'http://[64:ff9b::7f00:1]/a.png',
    'http://router/a.png',
    'http://nas.local/a.png',
  ]
  for (const url of PRIVATE) {
    it(`is refused when it points at ${url}`, async () => {
      await expectRefused(update({ imageUrl: url }), '封面地址不能指向本机或内网')
    })
  }

  it('is refused on add too, before any folder is made', async () => {
    const res = await add({ imageUrl: 'http://[::1]/x.png' })
    expect(res.statusCode).toBe(400)
    expect((await server.folder(0)).items.map((f) => f.title)).not.toContain('新文件夹')
  })

  for (const [what, char] of [
    ['a right-to-left override (U+202E)', '\u202e'],
    ['a zero-width space (U+200B)', '\u200b'],
    ['a byte-order mark (U+FEFF)', '\ufeff'],
    ['a soft hyphen (U+00AD)', '\u00ad'],
  ]) {
    it(`is refused when it carries ${what}`, async () => {
      await expectRefused(update({ imageUrl: `https://cdn.example.com/${char}gnp.png` }), '封面地址无效')
    })
  }

  it('may be a public address, written with a public IP or a name', async () => {
    for (const url of [
      'https://cdn.example.com/cover.png',
      'http://93.184.215.14/cover.png',
      'https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/c.png',
    ]) {
      const res = await update({ imageUrl: url })
      expect(res.statusCode, url).toBe(200)
      expect(folderOf(res).imageUrl).toBe(url)
    }
  })
})

describe('text with format characters', () => {
  it('is refused in a title', async () => {
    await expectRefused(update({ title: 'abc\u202egnp.exe' }), '名称不能包含不可见的格式字符')
  })

  it('is refused in an intro', async () => {
    await expectRefused(update({ intro: '简介\u200b' }), '简介不能包含不可见的格式字符')
  })

  it('is refused in a tag', async () => {
    await expectRefused(update({ tags: ['动物\u2066'] }), '标签不能包含不可见的格式字符')
  })

  it('keeps the joiners and tags inside an emoji', async () => {
    const title = '我们家👨‍👩‍👧🏴󠁧󠁢󠁳󠁣󠁴󠁿'
    const res = await update({ title })
    expect(res.statusCode).toBe(200)
    expect(folderOf(res).title).toBe(title)
  })

  it('is refused as a joiner outside an emoji', async () => {
    await expectRefused(update({ title: 'a\u200db' }), '名称不能包含不可见的格式字符')
  })
})

describe('ages and tags', () => {
  it('are refused when not among the options, and never offered back', async () => {
    await expectRefused(update({ ages: ['<i>3</i>岁'] }), '年龄只能从给出的选项中选择')
    await expectRefused(update({ tags: ['自创标签'] }), '标签只能从给出的选项中选择')
    const res = await add({ ages: ['<i>3</i>岁'] })
    expect(res.statusCode).toBe(400)
    const options = envelope<{ ages: string[]; tags: string[] }>(await server.get('/v1/bookCreation/options')).data
    expect(options.ages).not.toContain('<i>3</i>岁')
    expect(options.tags).not.toContain('自创标签')
  })

  it('are stored when picked from the options', async () => {
    const options = envelope<{ ages: string[]; tags: string[] }>(await server.get('/v1/bookCreation/options')).data
    const res = await add({ ages: [options.ages[1]], tags: [options.tags[0], options.tags[2]] })
    expect(res.statusCode).toBe(200)
    expect(folderOf(res)).toMatchObject({ ages: [options.ages[1]], tags: [options.tags[0], options.tags[2]] })
  })

  it('may be cleared with an empty list or null', async () => {
    const res = await update({ ages: [], tags: null })
    expect(res.statusCode).toBe(200)
    expect(folderOf(res)).toMatchObject({ ages: [], tags: [] })
  })
})
