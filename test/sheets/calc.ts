import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import JSZip from 'jszip';

/**
 * LibreOffice Calc, headless, as a manager's spreadsheet opens an export: it reads the xlsx,
 * recalculates every formula on load (the profile below says so: Calc's default keeps the cached
 * values of an Excel file) and saves it again as xlsx or prints it as PDF.
 */
const run = promisify(execFile);

export const SOFFICE = process.env.SOFFICE_PATH ?? '/usr/bin/soffice';

const PROFILE = fs.mkdtempSync(path.join(os.tmpdir(), 'pricing-calc-profile-'));
fs.mkdirSync(path.join(PROFILE, 'user'), { recursive: true });
// OOXMLRecalcMode 0: always recalculate an Excel 2007+ file on load.
fs.writeFileSync(
  path.join(PROFILE, 'user', 'registrymodifications.xcu'),
  `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
</oor:items>
`,
);

/** The file as Calc saves it after opening it: `xlsx` (Calc's Excel 2007-365 filter) or `pdf`. */
export async function throughCalc(file: Buffer, to: 'xlsx' | 'pdf'): Promise<Buffer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pricing-calc-'));
  try {
    const input = path.join(dir, 'in.xlsx');
    fs.writeFileSync(input, file);
    const out = path.join(dir, 'out');
    const filter = to === 'xlsx' ? 'xlsx:Calc MS Excel 2007 XML' : 'pdf';
    await run(SOFFICE, [`-env:UserInstallation=file://${PROFILE}`, '--headless', '--convert-to', filter, '--outdir', out, input], {
      timeout: 120_000,
    });
    return fs.readFileSync(path.join(out, `in.${to}`));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The file with every formula's cached value dropped: what Calc shows then is its own computation. */
export async function withoutCachedValues(file: Buffer): Promise<Buffer> {
  const zip = await JSZip.loadAsync(file);
  for (const name of Object.keys(zip.files).filter((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n))) {
    const xml = await zip.file(name)!.async('string');
    zip.file(name, xml.replace(/(<f>[^<]*<\/f>)<v>[^<]*<\/v>/g, '$1'));
  }
  return zip.generateAsync({ type: 'nodebuffer' });
}

/** A part of the xlsx package as text (xl/workbook.xml, xl/worksheets/sheet1.xml …). */
export async function part(file: Buffer, name: string): Promise<string> {
  return (await JSZip.loadAsync(file)).file(name)!.async('string');
}
