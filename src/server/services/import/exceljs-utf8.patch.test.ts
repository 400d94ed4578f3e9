import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { utf8Aligned, wholeUtf8Length } from './exceljs-utf8.patch';
import { readWorkbook } from './xlsx-reader.util';

const dir = mkdtempSync(join(tmpdir(), 'utf8-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function collect(chunks: Uint8Array[]): Promise<string[]> {
  const out: string[] = [];
  async function* src() {
    for (const c of chunks) yield c;
  }
  for await (const c of utf8Aligned(src())) out.push(new TextDecoder().decode(c as Buffer));
  return out;
}

describe('UTF-8 chunk boundaries of the streaming reader', () => {
  it('holds back an unfinished sequence at the end of a chunk', () => {
    const bytes = Buffer.from('物料A😀', 'utf8'); // 3 + 3 + 1 + 4 bytes
    expect(wholeUtf8Length(bytes)).toBe(bytes.length);
    expect(wholeUtf8Length(bytes.subarray(0, 4))).toBe(3);
    expect(wholeUtf8Length(bytes.subarray(0, 5))).toBe(3);
    expect(wholeUtf8Length(bytes.subarray(0, 9))).toBe(7);
    expect(wholeUtf8Length(bytes.subarray(0, 10))).toBe(7);
  });

  it('decodes chunk by chunk without a replacement character, wherever the cuts fall', async () => {
    const text = '供应商编码 Vendor 物料组 面料 😀 end';
    const bytes = Buffer.from(text, 'utf8');
    for (let a = 1; a < bytes.length - 1; a++) {
      for (const b of [a + 1, a + 2, a + 5]) {
        if (b >= bytes.length) continue;
        const parts = await collect([bytes.subarray(0, a), bytes.subarray(a, b), bytes.subarray(b)]);
        expect(parts.join('')).toBe(text);
      }
    }
  });

  it('reads every Chinese cell of a large sheet intact (inline and shared strings)', async () => {
    for (const shared of [false, true]) {
      const file = join(dir, `cn-${shared}.xlsx`);
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: false, useSharedStrings: shared });
      const ws = wb.addWorksheet('data');
      ws.addRow(['编号', '名称', '地址']).commit();
      const n = 6000;
      for (let i = 0; i < n; i++) ws.addRow([`编号${i}`, `浙江绍兴纺织面料供应商第${i}号`, `浙江省绍兴市柯桥区纺织路 ${i} 号`]).commit();
      ws.commit();
      await wb.commit();
      let rows = 0;
      let broken = 0;
      for await (const ev of readWorkbook(file)) {
        if (ev.kind !== 'row' || ev.number === 1) continue;
        const i = ev.number - 2;
        rows++;
        if (ev.cells[1] !== `浙江绍兴纺织面料供应商第${i}号` || ev.cells[2] !== `浙江省绍兴市柯桥区纺织路 ${i} 号`) broken++;
      }
      expect(rows).toBe(n);
      expect(broken).toBe(0);
    }
  }, 60_000);
});
