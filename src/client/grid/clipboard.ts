/**
 * Writing text to the clipboard from a key press (Ctrl+C in a grid whose focused cell is not a text
 * field, so the browser itself has nothing to copy). The browser's own copy command is run with a
 * one-shot listener that puts the text in (works on plain http too); where it does not run, the
 * asynchronous Clipboard API is tried.
 */
export function writeClipboard(text: string): void {
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
  if (!written) void navigator.clipboard?.writeText(text).catch(() => undefined);
}
