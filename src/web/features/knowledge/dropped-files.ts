/**
 * The files of a drop, folders included: each dropped folder is walked (DataTransferItem.webkitGetAsEntry)
 * and its files keep their path inside the folder ("policies/access.md"), which the server keeps as the
 * filename. Files whose name starts with a dot inside a folder (.DS_Store, .git) are system files nobody
 * meant to upload and are skipped; a file dropped on its own is always sent.
 */
import type { UploadFile } from './api.ts';

const isHidden = (name: string) => name.startsWith('.');

function fileOf(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

/** All entries of a folder: readEntries answers in batches (100 in Chromium) until an empty one. */
async function entriesOf(folder: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = folder.createReader();
  const all: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

async function walk(entry: FileSystemEntry, prefix: string, found: UploadFile[]): Promise<void> {
  const path = `${prefix}${entry.name}`;
  if (entry.isFile) {
    found.push({ file: await fileOf(entry as FileSystemFileEntry), path });
    return;
  }
  if (!entry.isDirectory) return;
  for (const child of await entriesOf(entry as FileSystemDirectoryEntry)) {
    if (!isHidden(child.name)) await walk(child, `${path}/`, found);
  }
}

/**
 * Must be called during the drop event: the browser empties the DataTransfer once the handler returns, so
 * the entries are taken at once and read afterwards.
 */
export function readDrop(data: DataTransfer): Promise<UploadFile[]> {
  const entries = Array.from(data.items)
    .filter((item) => item.kind === 'file')
    .map((item) => ({ entry: item.webkitGetAsEntry?.() ?? null, file: item.getAsFile() }));
  return (async () => {
    const found: UploadFile[] = [];
    for (const { entry, file } of entries) {
      if (entry) await walk(entry, '', found);
      else if (file) found.push({ file, path: file.name });
    }
    return found;
  })();
}

/** Files picked with the file input (a folder picked with `webkitdirectory` carries its relative paths). */
export function pickedFiles(list: FileList | null): UploadFile[] {
  return Array.from(list ?? [])
    .filter((file) => !file.webkitRelativePath.split('/').some(isHidden))
    .map((file) => ({ file, path: file.webkitRelativePath || file.name }));
}
