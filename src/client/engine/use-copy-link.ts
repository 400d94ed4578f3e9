import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { copyToClipboard } from '../grid/clipboard';
import { toast } from '../kernel/toast-bus';

/**
 * Copies the full address of a path inside the product (a record's read-only page) and says what
 * happened (spec 8): "链接已复制", "复制链接失败" when the browser refused the clipboard, "没有可复制的
 * 链接" when there is nothing to link to yet (`null`: a record not loaded or not found).
 *
 * Example: `const copyLink = useCopyLink(); <Button onClick={() => void copyLink(recordViewPath('vendor', 7))} />`.
 */
export function useCopyLink(): (path: string | null) => Promise<boolean> {
  const { t } = useTranslation();
  return useCallback(
    async (path: string | null) => {
      if (!path) {
        toast.warning(t('msg.noLinkToCopy'));
        return false;
      }
      const copied = await copyToClipboard(new URL(path, window.location.origin).href);
      if (copied) toast.success(t('msg.linkCopied'));
      else toast.error(t('msg.copyLinkFailed'));
      return copied;
    },
    [t],
  );
}

/** The read-only page of one record of a page (spec 2 `/page/view/{opt}`), the address a copied link opens. */
export function recordViewPath(opt: string, id: number | null | undefined): string | null {
  return typeof id === 'number' && id > 0 ? `/page/view/${encodeURIComponent(opt)}?id=${id}` : null;
}
