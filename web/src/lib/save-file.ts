/** Hands a downloaded file to the browser's downloads, under `filename`. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file within a moment; after that the object URL only holds memory.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
