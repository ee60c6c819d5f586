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
    });
    formatters.set(timeZone, fmt);
  }
  return fmt;
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
  return new Date(Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!, instant.getUTCMilliseconds()));
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`. */
function offsetMs(instant: number, timeZone: string): number {
  const date = new Date(instant);
  return wallClockDate(date, timeZone).getTime() - date.getTime();
}

/** The UTC instant at which calendar day `date` (YYYY-MM-DD) starts in `timeZone`. */
export function startOfDayIn(date: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(y, m - 1, d);
  // Two passes settle days on which the offset itself changes (daylight saving).
  let instant = utcMidnight - offsetMs(utcMidnight, timeZone);
  instant = utcMidnight - offsetMs(instant, timeZone);
  return new Date(instant);
}

export function nextDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** `20261122-093000`: a moment as a compact local timestamp, for file names. */
export function fileStamp(instant: Date, timeZone: string): string {
  const iso = wallClockDate(instant, timeZone).toISOString();
  return `${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 19).replaceAll(':', '')}`;
}
