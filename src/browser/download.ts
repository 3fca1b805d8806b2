/*
 * Saving something made in this browser as a file: the library's exports (library.ts), the prompt
 * exports (prompt-export.ts) and a prompt card's Markdown (prompt-panels.ts).
 */

/** Saves `data` as a file named `name`, of media type `type`, as a link with `download` would. */
export function download(data: string | Uint8Array, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([data as BlobPart], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // After the browser has taken the file.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
