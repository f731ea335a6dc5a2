const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A timestamp in the browser's local time as 'YYYY-MM-DD HH:mm:ss' (sortable, the same in every
 * locale): every 'local time' column and line of the portal (activity logs, uploads, pipelines,
 * layers, imported scans, annotations). '' when missing or unreadable.
 */
export function formatLocalTime(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return `${date} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/**
 * The browser's offset from UTC as 'UTC+01:00' / 'UTC−05:00' (a true minus sign), for the notes
 * that say which time a screen shows. `date` picks the day: the offset changes with daylight saving.
 */
export function localUtcOffset(date: Date = new Date()): string {
  const minutesEast = -date.getTimezoneOffset();
  const sign = minutesEast < 0 ? '−' : '+';
  const abs = Math.abs(minutesEast);
  return `UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
