import { getBookCreationOptions } from '@shared/api/get-book-creation-options'
import { getDirectory } from '@shared/api/get-directory'
import { definePage, param } from '@shared/app/define-page'

/**
 * The folder form: `?id=` edits that folder (`&listId=` names the list it was opened from, 0 = the
 * index), `?parentId=` creates one under it (0 or none = the top level).
 */
export default definePage({
  title: '新建文件夹',
  description: '新建或编辑自制绘本文件夹：名称、分类、适合年龄、标签、简介和封面。',
  titleFor: ({ id }) => (id === undefined ? '新建文件夹' : '编辑文件夹'),
  params: { id: param.requiredId(), parentId: param.id(), listId: param.wholeNumber() },
  // The form's choices, and the folder being edited, both kept for the next open (per user): the form is
  // ready at once, even with no network (issue 47). An edit drawn from kept values asks for the folder
  // again: its current values replace the fields the user has not changed, and a save waits for them
  // (use-folder-form.ts), so an old value is never saved over a newer one. Its list keeps the same reply.
  firstRequests: ({ id }) => [
    { ...getBookCreationOptions.request(), keep: true },
    id !== undefined && { ...getDirectory.request(id), keep: true },
  ],
  signedIn: true,
  demoLinks: [
    // A tag choice from bookCreation/options proves the data.
    { label: 'new folder', query: 'parentId={DEMO_FOLDERS.collection}', fixture: 'app', proof: '睡前故事' },
    {
      label: 'edit folder',
      query: 'id={DEMO_FOLDERS.starterBooks}',
      fixture: 'app',
      proof: { field: '名称', value: '启蒙绘本 第一辑' },
      bench: true,
      tap: { role: 'textbox', name: '名称' },
    },
  ],
  budget: { js: 95900, css: 0, html: 25620, head: 4080, screen: 14990, telemetry: 4810, lazy: 25040 },
})
