/**
 * Passes work done on to `report` only when it reaches a new tenth (0 %, 10 %, … 100 %), so a
 * long run writes about eleven progress entries however many steps it takes. Answers what
 * `report` answered, or undefined for a step within the tenth already reported.
 */
export function byTenths<R>(
  report: (percent: number, done: number, total: number) => R,
): (done: number, total: number) => R | undefined {
  let reported = -1;
  return (done, total) => {
    const percent = total > 0 ? Math.floor((done / total) * 10) * 10 : 0;
    if (percent === reported) return undefined;
    reported = percent;
    return report(percent, done, total);
  };
}
