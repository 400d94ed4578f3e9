import { getCall, postCall, uploadCall } from './call';

/**
 * Batch image upload (spec 2 `/page/uploadimg/{opt}`): the calls of
 * `/crossapi/ccommonapi/image-upload/:opt`, served by src/server/services/images/images.routes.ts
 * and called by src/client/pages/upload.
 */
const BASE = '/crossapi/ccommonapi/image-upload/:opt';

export type ImageMatch = 'matched' | 'unmatched' | 'duplicate' | 'rejected';
export type ImagePurpose = 'generic' | 'licence' | 'avatar' | 'logo';
/** What an upload page is for: the entity, the image field, the code field files are named by, the limits. */
export type ImageUploadInfo = { entity: string; title: string; field: string; fieldLabel: string; codeField: string; codeLabel: string; maxFiles: number; maxMb: number; purposes: ImagePurpose[] };
/** One chosen file as the preview judged it. */
export type ImageItem = {
  index: number;
  name: string;
  size: number;
  code: string;
  status: ImageMatch;
  image: { mime: string; width: number; height: number } | null;
  recordId: number | null;
  recordTitle: string | null;
  replaces: boolean;
  messageText: string | null;
  warningText: string | null;
};
export type ImagePreview = { uploadId: string; counts: Record<ImageMatch, number>; items: ImageItem[] };

export const imageUploadCalls = {
  info: getCall<{ opt: string }, ImageUploadInfo>(`${BASE}/info`),
  /** The files (`file`, many) and their purpose, checked and matched; nothing is stored yet. */
  preview: uploadCall<{ opt: string; purpose: ImagePurpose }, ImagePreview>(`${BASE}/preview`),
  /** Stores the matched files of a preview. */
  save: postCall<{ opt: string; uploadId: string }, { saved: number }>(`${BASE}/save`),
};
