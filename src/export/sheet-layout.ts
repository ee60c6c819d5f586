import { eastAsianWidth } from 'get-east-asian-width';

/**
 * How an exported sheet looks on screen and on paper, as a manager opens it in Excel, WPS or
 * LibreOffice Calc: columns as wide as their content, A4 landscape one page wide with the header
 * row on every page and 第 n 页，共 N 页 below.
 */

/** A column's width in characters of the default font's digits: wide (CJK) characters count two. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += eastAsianWidth(ch.codePointAt(0)!, { ambiguousAsWide: true });
  return width;
}

/** Room beside the text: cell padding, and in the header the filter button. */
const CELL_PADDING = 2;
const FILTER_BUTTON = 3;
/** Bold header text is wider than the body's. */
const BOLD = 1.1;
const MIN_WIDTH = 6;
/** Beyond this a text column wraps instead of growing (about a third of an A4 landscape page). */
export const MAX_TEXT_WIDTH = 48;

/** The width that shows the header and every sampled cell's text whole; text longer than MAX_TEXT_WIDTH wraps. */
export function fittedWidth(header: string, shown: Iterable<string>): number {
  let widest = Math.ceil(displayWidth(header) * BOLD) + FILTER_BUTTON;
  for (const text of shown) {
    // A wrapped cell breaks at its line ends: its widest line counts.
    for (const line of text.split(/\r\n|\r|\n/)) widest = Math.max(widest, displayWidth(line) + CELL_PADDING);
  }
  return Math.min(Math.max(widest, MIN_WIDTH), MAX_TEXT_WIDTH);
}

/** A4 (paper size 9), landscape, one page wide and as many long as it takes (fitToHeight 0). */
export function printSetup(headerRow: number) {
  return {
    paperSize: 9,
    orientation: 'landscape' as const,
    fitToPage: true,
    fitToWidth: 1,
    fitToHeight: 0,
    horizontalCentered: true,
    printTitlesRow: `${headerRow}:${headerRow}`,
    margins: { left: 0.4, right: 0.4, top: 0.6, bottom: 0.6, header: 0.3, footer: 0.3 },
  };
}

/** The page's header (the sheet's title, left; the day it was exported, right) and footer (page n of N). */
export function pageHeaderFooter(title: string, stamp: string) {
  // & starts a code in a header or footer: a literal one is written &&.
  const literal = (s: string) => s.replaceAll('&', '&&');
  return { oddHeader: `&L${literal(title)}&R${literal(stamp)}`, oddFooter: '&C第 &P 页，共 &N 页' };
}
