// Linux /proc probes used by the upload benchmark: CPU time of a process and its descendants.
import fs from 'node:fs';
import os from 'node:os';

const TICKS_PER_SECOND = 100;

/** User + system CPU seconds a live process has used (0 once it is gone). */
export function cpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which may contain spaces, start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds of a process, of its children that have ended (the kernel adds them to the parent
 * once waited for) and of its live descendants: the server's work including child processes.
 */
export function treeCpuSeconds(pid) {
  let total = 0;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    total =
      (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) /
      TICKS_PER_SECOND;
  } catch {
    return 0;
  }
  return descendants(pid).reduce((sum, child) => sum + cpuSeconds(child), total);
}

/** Every live descendant process id of `root`. */
export function descendants(root) {
  const children = new Map();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = children.get(parent) ?? [];
      list.push(Number(name));
      children.set(parent, list);
    } catch {
      // exited while listing
    }
  }
  const found = [];
  const stack = [root];
  while (stack.length > 0) {
    for (const child of children.get(stack.pop()) ?? []) {
      found.push(child);
      stack.push(child);
    }
  }
  return found;
}

/** 'curl', or chromium's process type ('browser', 'renderer', 'utility: network', 'gpu-process'…). */
export function processKind(pid) {
  try {
    const args = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
    if (/curl$/.test(args[0] ?? '')) return 'curl';
    if (!/chrom/.test(args[0] ?? '')) return 'other';
    const type = args.find((arg) => arg.startsWith('--type='))?.slice(7);
    const service = args.find((arg) => arg.startsWith('--utility-sub-type='))?.slice(19);
    if (!type) return 'browser';
    return service ? `${type}: ${service.split('.').at(-2) ?? service}` : type;
  } catch {
    return 'gone';
  }
}

/** Load average over the last minute, to print beside each figure. */
export const loadAverage = () => os.loadavg()[0];
