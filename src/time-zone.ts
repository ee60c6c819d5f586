/**
 * Calendar days and wall-clock time in the business time zone (APP_TIMEZONE), with the platform's
 * Intl data only: the date filters and the export's file names and xlsx cells use these.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let fmt = formatters.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      // Years before 1 AD are formatted as "1 BC", "2 BC"…: the era tells them from 1 AD, 2 AD.
      era: 'short',
    });
    formatters.set(timeZone, fmt);
  }
  return fmt;
}

/**
 * Date.UTC, except that years 0–99 are those years: Date.UTC reads them as 1900–1999. Fields past
 * their range carry over (day 32 of January is 1 February).
 */
function utcMs(year: number, month0: number, day: number, h = 0, min = 0, s = 0, ms = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month0, day);
  return date.setUTCHours(h, min, s, ms);
}

/**
 * A Date whose UTC fields read as the wall clock of `instant` in `timeZone` (whole seconds kept,
 * milliseconds carried over). Spreadsheet cells have no time zone: exceljs writes a Date's UTC
 * fields, so this is also how an xlsx cell shows local time.
 */
export function wallClockDate(instant: Date, timeZone: string): Date {
  const p = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .map((x) => [x.type, x.value]),
  );
  const year = p.era === 'BC' ? 1 - +p.year! : +p.year!;
  return new Date(utcMs(year, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!, instant.getUTCMilliseconds()));
}

/** Today's calendar day (YYYY-MM-DD) in `timeZone`. */
export function todayIn(timeZone: string, now = new Date()): string {
  return wallClockDate(now, timeZone).toISOString().slice(0, 10);
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`. */
function offsetMs(instant: number, timeZone: string): number {
  const date = new Date(instant);
  return wallClockDate(date, timeZone).getTime() - date.getTime();
}

/** The UTC instant at which calendar day `date` (YYYY-MM-DD) starts in `timeZone`. */
export function startOfDayIn(date: string, timeZone: string): Date {
  return new Date(dayStart(date, 0, timeZone));
}

/**
 * The UTC instant at which the day after `date` starts in `timeZone`: the end (exclusive) of `date`.
 * Counted in instants, not through a YYYY-MM-DD string, so 9999-12-31 has an end too.
 */
export function endOfDayIn(date: string, timeZone: string): Date {
  return new Date(dayStart(date, 1, timeZone));
}

function dayStart(date: string, daysLater: number, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const utcMidnight = utcMs(y, m - 1, d + daysLater);
  // Two passes settle days on which the offset itself changes (daylight saving).
  const instant = utcMidnight - offsetMs(utcMidnight, timeZone);
  return utcMidnight - offsetMs(instant, timeZone);
}

/** `20261122-093000`: a moment as a compact local timestamp, for file names. */
export function fileStamp(instant: Date, timeZone: string): string {
  const iso = wallClockDate(instant, timeZone).toISOString();
  return `${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 19).replaceAll(':', '')}`;
}
