/** Saves `content` as a UTF-8 text file named `fileName` through a temporary link. */
export function downloadTextFile(fileName: string, content: string): void {
  const blob = new Blob([content], { type: 'text/plain;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns; revoke on the next task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
