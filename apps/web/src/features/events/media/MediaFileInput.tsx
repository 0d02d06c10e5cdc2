// The hidden file input both editors' add buttons and menus open: several files at once, the accept list
// of the pick (attachedMedia.ts acceptForPick). Picking the same file again after a failure must fire
// change again, so the input is emptied as soon as it has handed its files over.
import type { ChangeEvent, Ref } from 'react';

export function MediaFileInput({
  ref,
  accept,
  onFiles,
  qa,
}: {
  ref: Ref<HTMLInputElement>;
  accept: string;
  onFiles: (files: File[]) => void;
  qa: string;
}) {
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.currentTarget.files ?? [])];
    e.currentTarget.value = '';
    onFiles(files);
  };
  return (
    <input
      ref={ref}
      type="file"
      accept={accept}
      multiple
      hidden
      tabIndex={-1}
      aria-hidden="true"
      onChange={onChange}
      data-qa={qa}
    />
  );
}
