import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

/** Helpers of the import, export and image API tests: multipart bodies and job polling. */
export type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer; type?: string };

export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----test${Math.random().toString(36).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('filename' in p) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"; filename="${encodeURIComponent(p.filename)}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`));
      chunks.push(p.content, Buffer.from('\r\n'));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export type JobView = {
  id: number;
  status: string;
  error: string | null;
  result: Record<string, unknown> | null;
  progress: number;
  total: number;
  params: Record<string, unknown>;
};

const BASE = '/api/crossapi/ccommonapi/data-upload';

export async function uploadFile(app: FastifyInstance, token: string, file: { name: string; content: Buffer }, fields: Record<string, string>, lang = 'zh-CN') {
  const body = multipart([...Object.entries(fields).map(([name, value]) => ({ name, value })), { name: 'file', filename: file.name, content: file.content }]);
  return app.inject({ method: 'POST', url: `${BASE}/upload`, payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}`, 'x-lang': lang } });
}

/** Polls a job until it leaves queued/running. */
export async function waitJob(app: FastifyInstance, token: string, id: number, lang = 'zh-CN', timeoutMs = 120_000): Promise<JobView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await app.inject({ method: 'GET', url: `${BASE}/jobs/${id}?lang=${lang}`, headers: { authorization: `Bearer ${token}`, 'x-lang': lang } });
    const job = (res.json() as { data: JobView }).data;
    if (job.status !== 'queued' && job.status !== 'running') return job;
    if (Date.now() > deadline) throw new Error(`job ${id} still ${job.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Uploads and waits for the job's outcome. */
export async function importFile(app: FastifyInstance, token: string, file: { name: string; content: Buffer }, fields: Record<string, string>, lang = 'zh-CN'): Promise<JobView> {
  const res = await uploadFile(app, token, file, fields, lang);
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.body}`);
  return waitJob(app, token, (res.json() as { data: JobView }).data.id, lang);
}

export const api = (token: string, lang = 'zh-CN') => ({ authorization: `Bearer ${token}`, 'x-lang': lang });
export { BASE as UPLOAD_BASE };

import ExcelJS from 'exceljs';

/** Loads a workbook from bytes (exceljs's declared Buffer type differs from Node's generic Buffer). */
export async function loadWorkbook(bytes: Buffer | Uint8Array): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as Parameters<ExcelJS.Xlsx['load']>[0]);
  return wb;
}

/** A demo user as the import engine's actor (what the job runner passes to runImport), with their company. */
export async function importActorOf(app: FastifyInstance, username: string) {
  const u = (await sql<{ id: number; client_id: number }>`select id, client_id from users where username = ${username}`.execute(app.db)).rows[0];
  return { clientId: u.client_id, actor: { clientId: u.client_id, userId: u.id, username, fullname: username, ip: null } };
}

/** A fabric vendor of the company, for files whose lines name it by code. */
export async function addVendor(app: FastifyInstance, clientId: number, code: string, name: string): Promise<void> {
  await sql`insert into md_vendor (client_id, code, name, vendor_type, status) values (${clientId}, ${code}, ${name}, 'fabric', 'active')`.execute(app.db);
}
