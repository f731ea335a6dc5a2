import type { FileLike } from '@asset-portal/shared';

export interface ExistingUpload {
  filename: string;
  size: number;
}

/** One line of the redundant-upload dialog. */
export interface RedundantItem {
  name: string;
  size: number;
  /** Size of the copy on the server; null when the file is not there yet. */
  serverSize: number | null;
}

export function redundantItems(
  files: readonly FileLike[],
  existing: readonly ExistingUpload[],
): RedundantItem[] {
  const serverSizes = new Map(existing.map((upload) => [upload.filename, upload.size]));
  return files.map((file) => ({
    name: file.name,
    size: file.size,
    serverSize: serverSizes.get(file.name) ?? null,
  }));
}

export const isOnServer = (item: RedundantItem): boolean => item.serverSize !== null;

/** 'Already uploaded' when the sizes match, else the server copy's size is shown. */
export function isSameSize(item: RedundantItem): boolean {
  return item.serverSize !== null && item.serverSize === item.size;
}

/**
 * Default choice (spec §4): an existing file is pre-selected only when its size differs from
 * the server copy; a file not on the server is always uploaded (checked, its box disabled).
 */
export function defaultSelection(items: readonly RedundantItem[]): Set<string> {
  return new Set(items.filter((item) => !isSameSize(item)).map((item) => item.name));
}

/** A file not on the server cannot be unticked: there is nothing to skip. */
export function isSelectionLocked(item: RedundantItem): boolean {
  return !isOnServer(item);
}

/** 'Select all' shows while some are unchecked. */
export function canSelectAll(items: readonly RedundantItem[], selected: ReadonlySet<string>) {
  return items.some((item) => !selected.has(item.name));
}

/** 'Skip all existing file(s)' shows when any existing file is checked. */
export function canSkipExisting(items: readonly RedundantItem[], selected: ReadonlySet<string>) {
  return items.some((item) => isOnServer(item) && selected.has(item.name));
}

export function selectAll(items: readonly RedundantItem[]): Set<string> {
  return new Set(items.map((item) => item.name));
}

export function skipExisting(items: readonly RedundantItem[], selected: ReadonlySet<string>) {
  return new Set(
    items.filter((item) => !isOnServer(item) && selected.has(item.name)).map((item) => item.name),
  );
}

/** 'Upload N File(s)'. */
export const uploadButtonLabel = (count: number): string => `Upload ${count} File(s)`;
