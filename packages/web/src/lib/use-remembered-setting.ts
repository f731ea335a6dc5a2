import { useCallback, useState } from 'react';

function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * A layout choice remembered per browser (local storage under `key`). `read` turns the stored
 * text, or null when there is none or no storage at all, into the setting; a change is stored as
 * its text. Without storage the choice lasts until the page is left.
 */
export function useRememberedSetting<T extends string | boolean>(
  key: string,
  read: (stored: string | null) => T,
): [T, (change: (current: T) => T) => void] {
  const [value, setValue] = useState(() => read(readStored(key)));
  const change = useCallback(
    (next: (current: T) => T) => {
      setValue((current) => {
        const value = next(current);
        try {
          window.localStorage.setItem(key, String(value));
        } catch {
          // Storage refused (private mode, quota): the choice is kept for this page only.
        }
        return value;
      });
    },
    [key],
  );
  return [value, change];
}
