/** Props of {@link ShareTitle}. */
export interface ShareTitleProps {
  /** The share page's title (share-page.ts `shareTitle`): the `title` query, else `{nickName}的录音作品`. */
  title: string
}

const OWN = '的录音作品'

/**
 * The share page's title in its header, with the place a line may break when large text needs two:
 * `小米妈妈的` / `录音作品`, never inside 录音. A title from the link is shown as it came.
 */
export function ShareTitle({ title }: ShareTitleProps) {
  if (!title.endsWith(OWN) || title === OWN.slice(1)) return title
  return (
    <>
      {title.slice(0, -OWN.length + 1)}
      <wbr />
      {OWN.slice(1)}
    </>
  )
}
