/** What is kept of an unfinished multipart upload so it can be resumed after a reload. */
export interface ResumeRecord {
  /** The upload job's id (also the activity log reference key). */
  id: string;
  filename: string;
  size: number;
  lastModified: number;
  /** SHA-256 (hex) of the first, middle and last MiB, to recognise the same file again. */
  sampledHash: string;
  uploadId: string;
  key: string;
  partSize: number;
  createdAt: number;
}

export interface ResumeStore {
  list(): Promise<ResumeRecord[]>;
  save(record: ResumeRecord): Promise<void>;
  remove(id: string): Promise<void>;
}

const SAMPLE_BYTES = 1024 * 1024;

/** SHA-256 of the first, middle and last MiB (the whole file when it is small). */
export async function sampledHash(file: Blob): Promise<string> {
  const size = file.size;
  const ranges: [number, number][] =
    size <= 3 * SAMPLE_BYTES
      ? [[0, size]]
      : [
          [0, SAMPLE_BYTES],
          [Math.floor(size / 2 - SAMPLE_BYTES / 2), Math.floor(size / 2 + SAMPLE_BYTES / 2)],
          [size - SAMPLE_BYTES, size],
        ];
  const parts = await Promise.all(
    ranges.map(([start, end]) => file.slice(start, end).arrayBuffer()),
  );
  const joined = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(new Uint8Array(part), offset);
    offset += part.byteLength;
  }
  const digest = await crypto.subtle.digest('SHA-256', joined);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Why a re-picked file is not the one of the record, or null when it is. */
export async function resumeMismatch(record: ResumeRecord, file: File): Promise<string | null> {
  if (file.name !== record.filename) return `Pick ${record.filename} to resume this upload`;
  if (file.size !== record.size) return `${file.name} has changed size since the upload started`;
  if ((await sampledHash(file)) !== record.sampledHash) {
    return `${file.name} has changed since the upload started`;
  }
  return null;
}

/** Keeps records in memory (tests, and browsers without IndexedDB). */
export function memoryResumeStore(): ResumeStore {
  const records = new Map<string, ResumeRecord>();
  return {
    list: async () => [...records.values()],
    save: async (record) => {
      records.set(record.id, record);
    },
    remove: async (id) => {
      records.delete(id);
    },
  };
}

const DB_NAME = 'asset-portal-uploads';
const STORE = 'multipart';

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(STORE, { keyPath: 'id' });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>) {
  return openDb().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const transaction = db.transaction(STORE, mode);
        const request = act(transaction.objectStore(STORE));
        transaction.oncomplete = () => {
          db.close();
          resolve(request.result);
        };
        transaction.onerror = () => {
          db.close();
          reject(transaction.error);
        };
      }),
  );
}

/** Records in the browser's IndexedDB, so they survive a reload or a crash. */
export function indexedDbResumeStore(): ResumeStore {
  if (typeof indexedDB === 'undefined') return memoryResumeStore();
  return {
    list: () => run('readonly', (store) => store.getAll() as IDBRequest<ResumeRecord[]>),
    save: async (record) => {
      await run('readwrite', (store) => store.put(record));
    },
    remove: async (id) => {
      await run('readwrite', (store) => store.delete(id));
    },
  };
}
