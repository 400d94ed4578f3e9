import { api, ApiError, apiHooks, OK_CODE, request, type Envelope } from '../api/client';
import { readPreference, readStoredSession } from '../kernel/storage';
import type { FailureKind } from '../api/reactions';

/**
 * The browser side of the import centre's API (src/server/services/import, export, images):
 * typed calls, uploads with byte progress (XMLHttpRequest, because fetch cannot report upload
 * progress) and authenticated file downloads (fetch with the bearer header, saved as a blob, so
 * the token never sits in a link).
 */

export const UPLOAD_BASE = '/crossapi/ccommonapi/data-upload';

export type JobStatus = 'queued' | 'running' | 'checked' | 'done' | 'failed';

/** Import report figures the server keeps on the job (src/server/services/import ImportReport). */
export type JobResult = {
  total?: number;
  valid?: number;
  invalid?: number;
  documents?: number;
  inserted?: number;
  updated?: number;
  /** What a check found the file creates and updates (issue 33). */
  toInsert?: number;
  toUpdate?: number;
  committed?: boolean;
  errorCount?: number;
  errorsTruncated?: boolean;
  phase?: string;
  rows?: number;
  fileName?: string;
  downloadUrl?: string;
  ms?: number;
  /** Rows a commit held for later (issue 33: they failed, the valid rows were written). */
  held?: number;
  insertedTotal?: number;
  updatedTotal?: number;
};

export type JobView = {
  id: number;
  kind: 'import' | 'export';
  status: JobStatus;
  statusText: string;
  title: string | null;
  progress: number;
  total: number;
  params: { entity?: string; mode?: string; fileName?: string; commit?: string; language?: string; phase?: string; rows?: number };
  result: JobResult | null;
  error: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
};

/** A template a page offers (GET .../page-upload-links). */
export type UploadLink = { entity: string; title: string; menuCode: string; version: string; templateUrl: string; importUrl: string; upsert: boolean; masterDetail: boolean };

/** One error of the preview: sheet row, column header, message and the cell's text. */
export type ImportError = { row: number; col: number; column: string; field: string; message: string; value: string | null };

/** One column of a proposed mapping (src/model/import-mapping.ts ColumnProposal). */
export type MappedColumn = { index: number; header: string; target: string | null; confidence: number; reason: string };

/** A key of a sheet's order header rows and the order field proposed for it (src/model/import-mapping.ts OrderFieldProposal). */
export type MappedOrderField = { key: string; target: string | null; confidence: number; reason: string };

/** The proposed mapping of a sheet of the buyer's own layout (POST .../mapping, issue 33). */
export type MappingView = {
  proposal: { headerRow: number; columns: MappedColumn[]; orderFields: MappedOrderField[]; orderRows: number[]; missingRequired: string[]; signature: string; template: boolean } | null;
  fromMemory: boolean;
  rows: Array<{ number: number; cells: Array<string | number | boolean | null> }>;
  fields: Array<{ id: string; label: string; required: boolean }>;
  sizes: boolean;
  missingText: string;
};

export const uploadApi = {
  links: (params: { opt?: string; entity?: string }) => api.get<UploadLink[]>(`${UPLOAD_BASE}/page-upload-links`, params),
  jobs: (page: number, size: number) => api.get<{ rows: JobView[]; total: number }>(`${UPLOAD_BASE}/jobs`, { page, size }),
  job: (id: number) => api.get<JobView>(`${UPLOAD_BASE}/jobs/${id}`, undefined, { quiet: true }),
  errors: (id: number, page: number, size: number) => api.get<{ rows: ImportError[]; total: number }>(`${UPLOAD_BASE}/jobs/${id}/errors`, { page, size }),
  commit: (id: number, validOnly: boolean) => api.post<JobView>(`${UPLOAD_BASE}/jobs/${id}/commit`, { validOnly }),
  /** The fixing grid's rows of a checked job, or its held rows (issue 33). */
  rows: (id: number) => api.get<FixView>(`${UPLOAD_BASE}/jobs/${id}/rows`),
  /** Saves edited and left-out rows as the user works; `keepalive` lets the last save finish while the page closes. */
  saveRows: (id: number, rows: RowEdit[], keepalive = false) => request<{ saved: number }>(`${UPLOAD_BASE}/jobs/${id}/rows`, { method: 'PUT', body: { rows }, keepalive }, { quiet: keepalive }),
};

export type { FixRow, FixView, RowEdit } from '../../model/calls/import-rows';
import type { FixView, RowEdit } from '../../model/calls/import-rows';

function authHeaders(): Record<string, string> {
  const { token } = readStoredSession();
  const headers: Record<string, string> = { 'x-lang': readPreference('language') ?? 'zh-CN' };
  if (token) headers.authorization = `Bearer ${token}`;
  return headers;
}

function apiUrl(path: string, query?: Record<string, string | number | undefined>): string {
  const u = new URL(path.startsWith('/api') ? path : `/api${path}`, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== '') u.searchParams.set(k, String(v));
  return u.pathname + u.search;
}

/** The file name of a Content-Disposition header (RFC 5987 `filename*` first). */
export function dispositionName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain ? plain[1] : fallback;
}

function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** A refused download or upload, named as such in its toast (spec 8 "Download Failed", "upload failed"). */
function failure(status: number, envelope: Envelope<unknown> | null, kind: FailureKind): ApiError {
  const data = envelope?.data as { errors?: Record<string, string | string[]> } | null | undefined;
  return new ApiError(status, envelope?.code ?? null, envelope?.message ?? '', data?.errors ?? null, false, envelope?.data ?? null, '', kind);
}

function report(err: ApiError, quiet: boolean): ApiError {
  if (err.status === 401) apiHooks.onUnauthorized(err);
  else if (!quiet) apiHooks.onError(err);
  return err;
}

/**
 * Downloads a file answer (a template, an error workbook, an export). When the server answers
 * with the JSON envelope instead (a large export started as a job), that envelope's data comes
 * back and nothing is saved. Failures go through the spec 8 reactions and throw ApiError.
 */
export async function downloadFile<T = unknown>(path: string, query?: Record<string, string | number | undefined>, fallbackName = 'download.xlsx', options: { quiet?: boolean } = {}): Promise<{ saved: string } | { data: T }> {
  let res: Response;
  try {
    res = await fetch(apiUrl(path, query), { headers: authHeaders() });
  } catch (e) {
    throw report(new ApiError(0, null, String(e), null, true, null, '', 'download'), Boolean(options.quiet));
  }
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    const envelope = (await res.json().catch(() => null)) as Envelope<T> | null;
    if (res.ok && envelope?.code === OK_CODE) return { data: envelope.data };
    throw report(failure(res.status, envelope, 'download'), Boolean(options.quiet));
  }
  if (!res.ok) throw report(failure(res.status, null, 'download'), Boolean(options.quiet));
  const name = dispositionName(res.headers.get('content-disposition'), fallbackName);
  saveBlob(await res.blob(), name);
  return { saved: name };
}

/**
 * Posts a multipart form with upload progress (0..1). Resolves with the envelope's data; rejects
 * with ApiError after the spec 8 reactions (an over-size file, a wrong type, 401...).
 */
export function uploadForm<T>(path: string, form: FormData, onProgress?: (fraction: number) => void, options: { quiet?: boolean } = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path));
    for (const [k, v] of Object.entries(authHeaders())) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(report(new ApiError(0, null, 'network', null, true, null, '', 'upload'), Boolean(options.quiet)));
    xhr.onload = () => {
      let envelope: Envelope<T> | null = null;
      try {
        envelope = JSON.parse(xhr.responseText) as Envelope<T>;
      } catch {
        envelope = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && envelope?.code === OK_CODE) resolve(envelope.data);
      else reject(report(failure(xhr.status, envelope, 'upload'), Boolean(options.quiet)));
    };
    xhr.send(form);
  });
}
