/**
 * Runs the Baidu stand-in (stand-in.ts) by hand, with a small drive of the demo's picture books, and
 * prints the BAIDU_* a server needs to use it:
 *   npx tsx server/cloud-drive/baidu/stand-in-cli.ts [port]      (port 0 / none: a free one)
 * Then start the server with those variables (e.g. `npm run serve`): the fake host's baiduAuthorize
 * runs the real code flow against it. Ctrl-C stops it.
 */
import { DEMO_BOOKS, renderBook } from '../demo/demo-books'
import { startBaiduStandIn } from './stand-in'

const arg = process.argv[2] ?? '0'
if (!/^[0-9]{1,5}$/.test(arg) || Number(arg) > 65_535) {
  console.error(`port must be a number from 0 to 65535: ${arg}`)
  process.exit(2)
}
const created = new Date('2026-01-01T00:00:00Z')
const files: Record<string, Buffer | 'dir'> = { '/英语绘本/课程表.xlsx': Buffer.from('not a pdf'), '/空文件夹': 'dir' }
for (const book of DEMO_BOOKS) files[`/英语绘本/${book.title}.pdf`] = renderBook(book, created)

const standIn = await startBaiduStandIn({ files, port: Number(arg) })
console.log(`Baidu stand-in on ${standIn.url} (${DEMO_BOOKS.length} PDFs in /英语绘本). A server uses it with:`)
console.log(
  Object.entries(standIn.env())
    .map(([key, value]) => `${key}=${value}`)
    .join(' '),
)
const stop = () => void standIn.close().then(() => process.exit(0))
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
