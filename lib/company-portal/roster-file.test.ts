import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readRosterFile } from './roster-file';

describe('roster file: XLSX cells', () => {
  it('I3: a formula cell without a cached value reads as empty, never "[object Object]"', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Staff');
    ws.addRow(['Фамилия', 'Имя', 'ИИН']);
    ws.addRow(['Иванов', 'Пётр', '900101300017']);
    const row = ws.addRow(['Ким', 'Ольга', null]);
    row.getCell(3).value = { formula: 'CONCAT("9001","01300017")' } as ExcelJS.CellFormulaValue;
    const withResult = ws.addRow(['Ли', 'Анна', null]);
    withResult.getCell(3).value = { formula: 'A1', result: '900101300017' } as ExcelJS.CellFormulaValue;
    const parsed = await readRosterFile(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const iins = parsed.rows.map((r) => r.cells.iin?.text ?? '');
    expect(iins).toEqual(['900101300017', '', '900101300017']);
    expect(iins.join()).not.toContain('[object');
  });
});
