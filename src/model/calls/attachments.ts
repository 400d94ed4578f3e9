import { getCall, postCall, uploadCall } from './call';

/**
 * Attachments of a document whose entity declares `attachments: true` (issue 35): served for each
 * such entity at `/{prefix}/{entity}/attachment/...` by src/server/services/files/attachments.routes.ts,
 * called by the drawer's attachments panel. The file itself opens through the stored files' signed
 * links (`url` is the file's address under /api/crossapi/ccommonapi/files/).
 */
const BASE = '/:prefix/:entity/attachment';

export type Attachment = { key: string; url: string; name: string; mime: string | null; size: number; created_by_name: string; created_at: string };
/** Which document: its entity's API prefix and name, and the record's id. */
export type AttachmentTarget = { prefix: string; entity: string; id: number };

export const attachmentCalls = {
  /** The document's attachments, newest first, and whether the caller may add and remove them. */
  list: getCall<AttachmentTarget, { rows: Attachment[]; can_edit: boolean; max_mb: number }>(`${BASE}/list`),
  /** Adds one file (multipart `file`) to the document. */
  upload: uploadCall<AttachmentTarget & { file: Blob }, Attachment>(`${BASE}/upload/:id`),
  /** Removes one attachment (by its file key) from the document. */
  remove: postCall<AttachmentTarget & { key: string }, { removed: number }>(`${BASE}/remove`),
};
