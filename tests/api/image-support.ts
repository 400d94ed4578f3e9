import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { multipart } from './import-support';

/** Helpers of the batch image upload API tests. */
export const IMAGE_BASE = '/api/crossapi/ccommonapi/image-upload';

export type PreviewItem = {
  index: number;
  name: string;
  code: string;
  status: 'matched' | 'unmatched' | 'duplicate' | 'rejected';
  recordId: number | null;
  replaces: boolean;
  image: { width: number; height: number; mime: string } | null;
  messageText: string | null;
  warningText: string | null;
};
export type Preview = { uploadId: string; counts: Record<string, number>; items: PreviewItem[] };

export async function previewImages(app: FastifyInstance, token: string, opt: string, files: Array<{ name: string; content: Buffer }>, fields: Record<string, string> = {}, lang = 'zh-CN') {
  const body = multipart([...Object.entries(fields).map(([name, value]) => ({ name, value })), ...files.map((f) => ({ name: 'file', filename: f.name, content: f.content, type: 'image/png' }))]);
  return app.inject({ method: 'POST', url: `${IMAGE_BASE}/${opt}/preview`, payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}`, 'x-lang': lang } });
}

export async function saveImages(app: FastifyInstance, token: string, opt: string, uploadId: string, lang = 'zh-CN') {
  return app.inject({ method: 'POST', url: `${IMAGE_BASE}/${opt}/save`, payload: { uploadId }, headers: { authorization: `Bearer ${token}`, 'x-lang': lang } });
}

/**
 * Valid materials of a tenant straight into the table (the upload matches their codes; setting the
 * image goes through the document writer, which checks the whole record: a material belongs to a
 * vendor of the tenant).
 */
export async function insertMaterials(app: FastifyInstance, clientId: number, codes: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const code of codes) {
    const r = await sql<{ id: number }>`insert into md_material (client_id, code, name, material_group, unit, validity, currency, vendor_id)
      values (${clientId}, ${code}, ${`物料 ${code}`}, 'fabric', 'PCS', '10', 'CNY', (select min(id) from md_vendor where client_id = ${clientId})) returning id`.execute(app.db);
    out.set(code, Number(r.rows[0].id));
  }
  return out;
}
