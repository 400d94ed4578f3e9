import { readStoredSession } from '../session/storage';

/**
 * The address an <img> loads a stored file from. Files of this site (`/api/crossapi/ccommonapi/
 * files/{id}`, set by the batch image upload) are served only to their tenant; an <img> cannot
 * send the bearer header, so the token goes as the `token` query parameter the API accepts
 * (spec 7; the server redacts it from every log line). Other addresses stay as they are.
 */
export function fileSrc(url: string | null | undefined, token: string | null = readStoredSession().token): string {
  if (!url) return '';
  if (!url.startsWith('/api/') || !token) return url;
  return `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
}
