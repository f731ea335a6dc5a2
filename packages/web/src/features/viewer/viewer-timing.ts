/**
 * How long a filter change takes to reach the screen, for the benchmark and for anyone profiling
 * the viewer: the time of the change, of the list's commit and of the next painted frame (the
 * map's new data is drawn in that frame). Read from the page as `window.__viewerTiming`.
 */
export interface FilterTimingSample {
  /** Milliseconds from the filter change to the commit of the list showing its result. */
  commitMs: number;
  /** Milliseconds from the filter change to the first frame painted after that commit. */
  paintMs: number;
  /** Scans in the filtered list. */
  count: number;
}

interface TimingHook {
  samples: FilterTimingSample[];
}

declare global {
  interface Window {
    __viewerTiming?: TimingHook;
  }
}

let pendingSince: number | null = null;

function hook(): TimingHook {
  if (!window.__viewerTiming) window.__viewerTiming = { samples: [] };
  return window.__viewerTiming;
}

/** Marks a filter change; the next committed result is measured from here. */
export function markFilterChange(): void {
  pendingSince = performance.now();
  performance.mark('viewer:filter-change');
}

/** Marks the commit of a filtered list; records a sample when a change was waiting for it. */
export function markFilterResultCommitted(count: number): void {
  if (pendingSince === null) return;
  const since = pendingSince;
  pendingSince = null;
  const commitMs = performance.now() - since;
  performance.mark('viewer:filter-committed');
  // A frame callback runs before the paint; the task queued from it runs after the paint.
  requestAnimationFrame(() => {
    setTimeout(() => {
      performance.mark('viewer:filter-painted');
      hook().samples.push({ commitMs, paintMs: performance.now() - since, count });
    }, 0);
  });
}
