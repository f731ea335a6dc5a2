/**
 * The multi-date picker of the scan filter: one picked day means "on", two mean "from … to".
 * Days are UTC 'YYYY-MM-DD' strings, which sort as dates.
 */

/**
 * The picked days after a click on `day`: the first click picks one day, the second makes a
 * range (in either order), a click on the only picked day unpicks it, and a click after a range
 * starts again from that day.
 */
export function nextDateSelection(dates: readonly string[], day: string): string[] {
  if (dates.length !== 1) return [day];
  const [picked] = dates as [string];
  if (picked === day) return [];
  return picked < day ? [picked, day] : [day, picked];
}

/** Whether a day lies within the picked day or range. */
export function isDayPicked(dates: readonly string[], day: string): boolean {
  if (dates.length === 0) return false;
  const first = dates[0]!;
  const last = dates[dates.length - 1]!;
  return day >= first && day <= last;
}

/** A calendar month: year and zero-based month. */
export interface CalendarMonth {
  year: number;
  month: number;
}

/** The month holding a 'YYYY-MM-DD' day. */
export function monthOf(day: string): CalendarMonth {
  return { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) - 1 };
}

/** The month `delta` months away. */
export function shiftMonth({ year, month }: CalendarMonth, delta: number): CalendarMonth {
  const index = year * 12 + month + delta;
  return { year: Math.floor(index / 12), month: ((index % 12) + 12) % 12 };
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The weeks of a month, Sunday first, as 'YYYY-MM-DD' days; null fills the days before the 1st
 * and after the last day.
 */
export function monthWeeks({ year, month }: CalendarMonth): (string | null)[][] {
  const firstWeekday = new Date(Date.UTC(year, month, 1)).getUTCDay();
  const days = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const cells: (string | null)[] = Array.from({ length: firstWeekday }, () => null);
  for (let d = 1; d <= days; d++) cells.push(`${year}-${pad(month + 1)}-${pad(d)}`);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 'May 2024'. */
export function monthLabel({ year, month }: CalendarMonth): string {
  return `${MONTH_NAMES[month]} ${year}`;
}
