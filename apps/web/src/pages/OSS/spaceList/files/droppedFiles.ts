/**
 * The files a user drops or picks, each with its path relative to what was chosen, so a dropped
 * folder keeps its tree ("holiday/day1/a.jpg"). Browsers give folders only through the entries API
 * of a drop (webkitGetAsEntry) or as `webkitRelativePath` of an <input webkitdirectory>.
 */

export interface ChosenFile {
  file: File;
  relativePath: string;
}

/** Files of an <input type=file> (with or without webkitdirectory). */
export const chosenFiles = (files: FileList | readonly File[]): ChosenFile[] =>
  Array.from(files, (file) => ({ file, relativePath: file.webkitRelativePath || file.name }));

const fileOf = (entry: FileSystemFileEntry) => new Promise<File>((resolve, reject) => entry.file(resolve, reject));

/** Every entry of a folder: readEntries answers in batches until it answers an empty one. */
async function entriesOf(folder: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = folder.createReader();
  const all: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

async function walk(entry: FileSystemEntry, path: string, into: ChosenFile[]): Promise<void> {
  if (entry.isFile) {
    into.push({ file: await fileOf(entry as FileSystemFileEntry), relativePath: path });
    return;
  }
  if (entry.isDirectory) {
    for (const child of await entriesOf(entry as FileSystemDirectoryEntry)) await walk(child, `${path}/${child.name}`, into);
  }
}

/**
 * The files of a drop, folders walked. The entries are taken before any await: the DataTransfer
 * empties itself once the drop event's handler returns.
 */
export async function droppedFiles(transfer: DataTransfer): Promise<ChosenFile[]> {
  const entries = Array.from(transfer.items)
    .filter((item) => item.kind === 'file')
    .map((item) => item.webkitGetAsEntry());
  if (entries.some((entry) => entry === null)) return chosenFiles(transfer.files);
  const files: ChosenFile[] = [];
  for (const entry of entries) if (entry) await walk(entry, entry.name, files);
  return files;
}
