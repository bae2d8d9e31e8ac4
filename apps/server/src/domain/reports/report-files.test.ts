import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { sheetZipEntry } from './report-files.ts';

describe('the XLSX export', () => {
  it("finds the zip entry of exceljs's streamed sheet, whose backpressure it waits on", async () => {
    const out = new PassThrough();
    out.resume();
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
    const sheet = book.addWorksheet('Rows');
    sheet.addRow(['a', 1]).commit();
    const entry = sheetZipEntry(sheet);
    expect(typeof entry?.write).toBe('function');
    expect(typeof entry?._writableState?.needDrain).toBe('boolean');
    sheet.commit();
    await book.commit();
  });
});
