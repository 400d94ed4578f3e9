/**
 * Runs the browser's copy command with a one-shot listener that puts `text` in (works on plain
 * http too, where the asynchronous Clipboard API is missing); true when the copy event took it.
 */
function copyByCommand(text: string): boolean {
  let written = false;
  const onCopy = (e: ClipboardEvent) => {
    if (!e.clipboardData) return;
    e.clipboardData.setData('text/plain', text);
    e.preventDefault();
    e.stopImmediatePropagation();
    written = true;
  };
  // Without a text selection the copy command is off unless `beforecopy` is cancelled.
  const enable = (e: Event) => e.preventDefault();
  document.addEventListener('beforecopy', enable, true);
  document.addEventListener('copy', onCopy, true);
  try {
    document.execCommand('copy');
  } catch {
    /* older engines throw when the command is unknown */
  } finally {
    document.removeEventListener('beforecopy', enable, true);
    document.removeEventListener('copy', onCopy, true);
  }
  return written;
}

/**
 * Writing text to the clipboard from a key press (Ctrl+C in a grid whose focused cell is not a text
 * field, so the browser itself has nothing to copy): the browser's own copy command first; where it
 * does not run, the asynchronous Clipboard API is tried.
 */
export function writeClipboard(text: string): void {
  void copyToClipboard(text);
}

/**
 * Copies `text` as `writeClipboard` does and tells whether it reached the clipboard (a copy-link
 * button says "链接已复制" or "复制链接失败", spec 8).
 *
 * Example: `if (!(await copyToClipboard(url))) toast.error(t('msg.copyLinkFailed'))`.
 */
export async function copyToClipboard(text: string): Promise<boolean> {
  if (copyByCommand(text)) return true;
  if (!navigator.clipboard) return false;
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
