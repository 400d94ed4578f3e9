import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bigCell, bigSharedString, deepNesting, largeButDense, manyElements, whitespace } from '../../fixtures/hostile/generate';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { api, importFile, uploadFile, waitJob, type JobView } from './import-support';

/**
 * Issue 20: uploads that stopped or stalled the server. Each hostile file is written at test time
 * (fixtures/hostile/generate.ts) and must end as a failed job with one clear message, quickly,
 * while the server goes on answering.
 */

const MESSAGES = {
  unpacked: 'Excel 文件解压后的数据量异常（过大或压缩比过高），已拒绝读取',
  deep: 'Excel 文件的 XML 结构嵌套过深，已拒绝读取',
  cell: '单元格内容超过 Excel 的上限（32767 个字符）',
  slow: '读取 Excel 文件超时，请拆分后再导入',
};

let t: TestApp;
let token: string;
let clientId: number;
const dir = mkdtempSync(join(tmpdir(), 'hostile-xlsx-'));

const file = (name: string, write: (path: string) => void) => {
  const path = join(dir, name);
  write(path);
  return { name, content: readFileSync(path) };
};

async function vendorCount(): Promise<number> {
  return (await sql<{ n: number }>`select count(*)::int as n from md_vendor where client_id = ${clientId}`.execute(t.app.db)).rows[0].n;
}

async function listLatency(): Promise<number> {
  const started = performance.now();
  const res = await t.app.inject({ method: 'GET', url: '/api/mdapi/vendor/page?size=20', headers: api(token) });
  expect(res.statusCode).toBe(200);
  return performance.now() - started;
}

/** The median of nine list requests in a row. */
async function quietMedian(): Promise<number> {
  const quiet: number[] = [];
  for (let i = 0; i < 9; i++) quiet.push(await listLatency());
  return quiet.sort((a, b) => a - b)[4];
}

/** Imports a hostile file: the job fails with `message`, within `withinMs`, nothing is written, the server answers. */
async function refused(upload: { name: string; content: Buffer }, message: string, withinMs: number): Promise<void> {
  const before = await vendorCount();
  const started = performance.now();
  const job = await importFile(t.app, token, upload, { entity: 'vendor', commit: 'all' });
  const took = performance.now() - started;
  expect({ status: job.status, error: job.error }).toEqual({ status: 'failed', error: message });
  expect(took).toBeLessThan(withinMs);
  expect(await vendorCount()).toBe(before);
  expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  token = await signIn(t.app, 'brand');
  clientId = (await sql<{ id: number }>`select id from clients where code = 'BRAND01'`.execute(t.app.db)).rows[0].id;
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('uploads that would stop the server are refused before they are read', () => {
  it('a 576 KB file nesting 84 million elements (587 MB of XML) is refused at once, and the server keeps serving', async () => {
    const upload = file('deep-nesting.xlsx', (p) => deepNesting(p));
    expect(upload.content.length).toBeLessThan(600 * 1024);
    await refused(upload, MESSAGES.unpacked, 10_000);
  });

  it('elements nested deeper than the bound in a small part are refused (no stack grows without end)', async () => {
    await refused(file('deep-small.xlsx', (p) => deepNesting(p, 200_000)), MESSAGES.deep, 10_000);
  });

  it('a 1.1 MB file of 1.1 GB of blanks is refused at once instead of being read to the end', async () => {
    const upload = file('whitespace.xlsx', (p) => whitespace(p));
    expect(upload.content.length).toBeLessThan(1.2 * 1024 * 1024);
    await refused(upload, MESSAGES.unpacked, 10_000);
  });

  it('a part below the size bound that compresses about 1000:1 is refused by the ratio bound', async () => {
    await refused(file('whitespace-100mb.xlsx', (p) => whitespace(p, 100 * 1024 * 1024)), MESSAGES.unpacked, 10_000);
  });

  it('a part that compresses only 150:1 but inflates beyond the size bound is refused', async () => {
    await refused(file('dense-600mb.xlsx', (p) => largeButDense(p, 600)), MESSAGES.unpacked, 10_000);
  });
});

describe('one large cell', () => {
  it('a 17 KB file holding a 15 MB cell is refused as longer than Excel allows, in well under a second of work', async () => {
    const upload = file('big-cell.xlsx', (p) => bigCell(p));
    expect(upload.content.length).toBeLessThan(21 * 1024);
    await refused(upload, MESSAGES.cell, 5_000);
  });

  it('a cell of 32,768 characters is refused, inline or shared; one of 32,767 is read', async () => {
    await refused(file('cell-32768.xlsx', (p) => bigCell(p, 32_768)), MESSAGES.cell, 10_000);
    await refused(file('shared-32768.xlsx', (p) => bigSharedString(p, 32_768)), MESSAGES.cell, 10_000);
    for (const [name, write] of [
      ['cell-32767.xlsx', (p: string) => bigCell(p, 32_767)],
      ['shared-32767.xlsx', (p: string) => bigSharedString(p, 32_767)],
    ] as const) {
      const job = await importFile(t.app, token, file(name, write), { entity: 'vendor', commit: 'check' });
      // Read to the end: the row is checked (the name is longer than the field allows), not the file refused.
      expect(job.status).toBe('checked');
      expect(job.result).toMatchObject({ total: 1 });
    }
  });
});

describe('the time a file may take to read', () => {
  it('a file whose reading takes longer than IMPORT_MAX_PARSE_SECONDS is refused', async () => {
    const old = process.env.IMPORT_MAX_PARSE_SECONDS;
    process.env.IMPORT_MAX_PARSE_SECONDS = '0.05';
    try {
      // 3 million empty elements (12 MB of XML, below the ratio floor): a few hundred ms to scan.
      await refused(file('many-elements.xlsx', (p) => manyElements(p, 3_000_000)), MESSAGES.slow, 30_000);
    } finally {
      if (old === undefined) delete process.env.IMPORT_MAX_PARSE_SECONDS;
      else process.env.IMPORT_MAX_PARSE_SECONDS = old;
    }
  });

  it('says so in English too', async () => {
    const job = await importFile(t.app, token, file('big-cell-en.xlsx', (p) => bigCell(p, 40_000)), { entity: 'vendor', lang: 'en' }, 'en');
    expect(job.error).toBe("A cell holds more than Excel's limit of 32,767 characters");
  });
});

describe('the server stays responsive', () => {
  it('list requests answer in their normal time while four 15 MB-cell uploads, a 1.1 GB blank file and the deep file are imported', async () => {
    // Two cells of plain text and two full of '>' (which the reader must try again as they grow).
    const before = await quietMedian();
    const uploads = [
      ...[1, 2].map((i) => file(`cell-${i}.xlsx`, (p) => bigCell(p))),
      ...[3, 4].map((i) => file(`cell-${i}.xlsx`, (p) => bigCell(p, 7_500_000, 'x>'))),
      file('blank-1g.xlsx', (p) => whitespace(p)),
      file('deep-84m.xlsx', (p) => deepNesting(p)),
    ];
    // Requests go on from before the first upload until two seconds after the last job ended.
    const busy: number[] = [];
    let stopAt = Infinity;
    const sampler = (async () => {
      while (performance.now() < stopAt) {
        busy.push(await listLatency());
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const ids: number[] = [];
    for (const upload of uploads) {
      const res = await uploadFile(t.app, token, upload, { entity: 'vendor', commit: 'all' });
      expect(res.statusCode).toBe(200);
      ids.push((res.json() as { data: JobView }).data.id);
    }
    // One job at a time, so the waiting itself does not crowd the event loop.
    const jobs = (async () => {
      const out: JobView[] = [];
      for (const id of ids) out.push(await waitJob(t.app, token, id, 'zh-CN', 300_000));
      return out;
    })();
    await jobs.finally(() => (stopAt = performance.now() + 2_000));
    await sampler;
    const finished = await jobs;
    expect(finished.map((j) => j.status)).toEqual(uploads.map(() => 'failed'));
    // Normal time: a second, or three times the quiet median when the machine is loaded (a shared
    // 2-core machine at a load of 18 answered quietly in a median of 40-350 ms, and at most 0.8-1.5 s
    // during these imports). Before the bounds each 15 MB cell cost 46-65 s of main-thread CPU in
    // synchronous steps of up to 1.6 s, and four such imports queue their steps.
    const normal = Math.max(1000, 3 * before, 3 * (await quietMedian()));
    expect(Math.max(...busy)).toBeLessThan(normal);
  }, 300_000);
});
