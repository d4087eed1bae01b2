import { getDirectory } from '@shared/api/get-directory'
import { definePage, param } from '@shared/app/define-page'

/** A folder of self-made picture books (`?id=`, 0 or none = the top level; a malformed id names none). */
export default definePage({
  title: '自制绘本列表',
  description: '管理自制绘本：文件夹、绘本、排序和提交。',
  params: { id: param.folderId() },
  // Kept for the next open (per user: first-requests.ts): a parent opening their books with no network
  // sees the list as it was last time, not an error (issue 47).
  firstRequests: ({ id }) => (id === null ? [] : [{ ...getDirectory.request(id), keep: true }]),
  signedIn: true,
  demoLinks: [
    { label: 'my books (root)', query: 'id=0', fixture: 'app', proof: '英语绘本合集' },
    { label: 'collection (type 2)', query: 'id={DEMO_FOLDERS.collection}', fixture: 'app', proof: '启蒙绘本 第一辑' },
    {
      label: '12 books (type 1)',
      query: 'id={DEMO_FOLDERS.starterBooks}',
      fixture: 'app',
      proof: '12 本适合 3-6 岁孩子的英语启蒙绘本',
      bench: true,
      tap: { role: 'button', name: '删除' },
    },
    { label: 'as the basic user', query: 'id=0&fakeHostToken={DEMO_TOKENS.basic}', fixture: 'app', proof: '乐乐的绘本' },
  ],
  budget: { js: 95810, css: 0, html: 25810, head: 4020, screen: 14880, telemetry: 4810, lazy: 38250 },
})
