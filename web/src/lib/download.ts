/** Hands a blob to the browser as a file download named `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; give slow browsers a moment before freeing it.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
