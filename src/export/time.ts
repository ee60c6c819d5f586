/** Wall-clock time in the business time zone (APP_TIMEZONE), for file names and xlsx cells. */

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
 * A Date whose UTC fields read as the wall clock of `instant` in `timeZone`. Spreadsheet cells
 * have no time zone: exceljs writes a Date's UTC fields, so this is how a cell shows local time.
 */
export function wallClockDate(instant: Date, timeZone: string): Date {
  const p = Object.fromEntries(formatterFor(timeZone).formatToParts(instant).map((x) => [x.type, x.value]));
  return new Date(Date.UTC(+p.year!, +p.month! - 1, +p.day!, +p.hour!, +p.minute!, +p.second!, instant.getUTCMilliseconds()));
}

/** `20261122-093000`: the moment of an export, for its file name. */
export function fileStamp(instant: Date, timeZone: string): string {
  const iso = wallClockDate(instant, timeZone).toISOString();
  return `${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 19).replaceAll(':', '')}`;
}
