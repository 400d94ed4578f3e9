import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntityDef } from '../../../model/entity';
import { attachmentCalls, type Attachment } from '../../../model/calls/attachments';
import { ApiError } from '../../api/client';
import { callApi, useCall } from '../../api/calls';
import { toast } from '../../kernel/toast-bus';

export type AttachmentsModel = {
  rows: Attachment[] | null;
  failed: boolean;
  canEdit: boolean;
  maxMb: number;
  busy: boolean;
  /** The attachment waiting for the user's confirmation before it is removed. */
  removing: Attachment | null;
  upload: (file: File) => Promise<void>;
  askRemove: (a: Attachment | null) => void;
  confirmRemove: () => Promise<void>;
};

/**
 * The attachments of one stored document (issue 35): reads the list and whether the caller may
 * change it, uploads a file, removes one after confirmation; each change reloads the list.
 *
 * Example: `const m = useAttachments(entity, 42)` then `m.upload(file)`.
 */
export function useAttachments(entity: EntityDef, id: number): AttachmentsModel {
  const { t } = useTranslation();
  const target = { prefix: entity.prefix, entity: entity.name, id };
  const list = useCall(attachmentCalls.list, target, { quiet: true });
  const [busy, setBusy] = useState(false);
  const [removing, setRemoving] = useState<Attachment | null>(null);
  const { mutate } = list;

  const upload = useCallback(async (file: File) => {
    setBusy(true);
    try {
      await callApi(attachmentCalls.upload, { prefix: entity.prefix, entity: entity.name, id, file }, { quiet: true });
      toast.success(t('attachment.uploaded'));
      await mutate();
    } catch (e) {
      // Spec 8 "upload failed", with the server's reason (a type or size refused) when it gave one.
      const reason = refusal(e, '');
      toast.error(reason ? t('fail.upload', { message: reason }) : t('msg.uploadFailed'));
    } finally {
      setBusy(false);
    }
  }, [entity.prefix, entity.name, id, mutate, t]);

  const confirmRemove = useCallback(async () => {
    const a = removing;
    setRemoving(null);
    if (!a) return;
    setBusy(true);
    try {
      await callApi(attachmentCalls.remove, { prefix: entity.prefix, entity: entity.name, id, key: a.key }, { failure: 'delete' });
      toast.success(t('attachment.removed'));
      await mutate();
    } catch {
      // The call's own reaction already told the user.
    } finally {
      setBusy(false);
    }
  }, [removing, entity.prefix, entity.name, id, mutate, t]);

  return {
    rows: list.data?.rows ?? null,
    failed: Boolean(list.error),
    canEdit: list.data?.can_edit ?? false,
    maxMb: list.data?.max_mb ?? 0,
    busy,
    removing,
    upload,
    askRemove: setRemoving,
    confirmRemove,
  };
}

/** The server's reason for a refused upload: the file field's message, else the reply's message. */
function refusal(e: unknown, fallback: string): string {
  if (e instanceof ApiError) {
    const f = e.errors?.file;
    if (f) return Array.isArray(f) ? f.join('；') : f;
    return e.message || fallback;
  }
  return fallback;
}
