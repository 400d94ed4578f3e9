import { useEffect, useState } from 'react';
import { api } from './client';

/**
 * Addresses of stored files for <img>, <audio> and links (issue 28). An element cannot send the
 * bearer header and the access token never goes into an address: a stored file's address
 * (`/api/crossapi/ccommonapi/files/{key}`) is exchanged for a signed link of that one file, made by
 * the server after its access rule said yes. Links are asked for in batches (every thumbnail of a
 * grid page in one call), kept until shortly before they expire and renewed then. Any other address
 * (https:, data:, blob:) is used as it is.
 */

export const FILE_ROUTE = '/api/crossapi/ccommonapi/files/';
const KEYED = /^\/api\/crossapi\/ccommonapi\/files\/[0-9a-f]{32}$/;

/** The address of a stored file by its key (chat and ticket attachments carry the key). */
export const storedFileUrl = (key: string): string => `${FILE_ROUTE}${key}`;

/** Whether an address is a stored file that needs a signed link. */
export const needsLink = (url: string | null | undefined): url is string => typeof url === 'string' && KEYED.test(url);

/** When a signed link stops opening its file (its `exp`, in ms); 0 when it has none. */
export function linkExpiry(link: string): number {
  const m = /[?&]exp=(\d+)/.exec(link);
  return m ? Number(m[1]) * 1000 : 0;
}

type Fetcher = (urls: string[]) => Promise<Record<string, string | null>>;
/** Renewed this long before a link expires. */
const MARGIN_MS = 60_000;
const BATCH = 200;

/** Signed links by address: batched, cached until shortly before they expire. Pure apart from the fetcher. */
export class FileLinks {
  private readonly cache = new Map<string, { link: string | null; until: number }>();
  private readonly waiting = new Map<string, Array<(link: string | null) => void>>();
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly fetcher: Fetcher, private readonly now: () => number = Date.now) {}

  /** A link known and still good, or undefined. */
  peek(url: string): string | null | undefined {
    const hit = this.cache.get(url);
    return hit && hit.until > this.now() ? hit.link : undefined;
  }

  /** The signed link of an address (null when the caller may not open it). */
  get(url: string): Promise<string | null> {
    const known = this.peek(url);
    if (known !== undefined) return Promise.resolve(known);
    return new Promise((resolve) => {
      const list = this.waiting.get(url);
      if (list) list.push(resolve);
      else this.waiting.set(url, [resolve]);
      this.timer ??= setTimeout(() => void this.flush(), 0);
    });
  }

  private async flush(): Promise<void> {
    this.timer = null;
    const batch = new Map(this.waiting);
    this.waiting.clear();
    const urls = [...batch.keys()];
    for (let i = 0; i < urls.length; i += BATCH) {
      const part = urls.slice(i, i + BATCH);
      let links: Record<string, string | null> = {};
      try {
        links = await this.fetcher(part);
      } catch {
        links = {};
      }
      for (const url of part) {
        const link = links[url] ?? null;
        // A refusal is asked again after a minute (a share may be granted meanwhile).
        this.cache.set(url, { link, until: link ? linkExpiry(link) - MARGIN_MS : this.now() + MARGIN_MS });
        for (const resolve of batch.get(url) ?? []) resolve(link);
      }
    }
  }
}

const links = new FileLinks(async (urls) => (await api.post<{ links: Record<string, string | null> }>('/crossapi/ccommonapi/files/links', { urls }, { quiet: true })).links);

/** The address to put in an element: a signed link for a stored file ('' until it is known), else the address itself. */
export function useFileSrc(url: string | null | undefined): string {
  const direct = needsLink(url) ? '' : (url ?? '');
  const [src, setSrc] = useState<string>(() => (needsLink(url) ? (links.peek(url) ?? '') : direct));
  useEffect(() => {
    if (!needsLink(url)) {
      setSrc(direct);
      return;
    }
    let live = true;
    let renew: ReturnType<typeof setTimeout> | undefined;
    const load = () =>
      void links.get(url).then((link) => {
        if (!live) return;
        setSrc(link ?? '');
        if (link) renew = setTimeout(load, Math.max(5_000, linkExpiry(link) - MARGIN_MS - Date.now() + 1_000));
      });
    load();
    return () => {
      live = false;
      if (renew) clearTimeout(renew);
    };
  }, [url, direct]);
  return src;
}
