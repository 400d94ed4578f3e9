import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resolveCallPath } from '../../../model/calls/call';
import { imageUploadCalls, type ImageMatch, type ImagePreview, type ImagePurpose, type ImageUploadInfo } from '../../../model/calls/upload';
import { callApi } from '../../api/calls';
import { uploadForm } from '../../engine/upload-api';
import { toast } from '../../kernel/toast-bus';

/** The upload page's description (entity, fields, limits), read again when the language changes. */
function useUploadInfo(opt: string) {
  const { i18n } = useTranslation();
  const [info, setInfo] = useState<ImageUploadInfo | null>(null);
  const [infoError, setInfoError] = useState(false);
  useEffect(() => {
    setInfo(null);
    setInfoError(false);
    callApi(imageUploadCalls.info, { opt })
      .then(setInfo)
      .catch(() => setInfoError(true));
  }, [opt, i18n.language]);
  return { info, infoError };
}

/**
 * The batch image upload's state and commands: the page's description, the purpose, the sending of
 * the chosen files (with progress) into a preview with local thumbnails, its filter, and the save.
 */
export function useImageUpload(opt: string) {
  const { t } = useTranslation();
  const { info, infoError } = useUploadInfo(opt);
  const [purpose, setPurpose] = useState<ImagePurpose>('generic');
  const [sending, setSending] = useState<number | null>(null);
  const [preview, setPreview] = useState<ImagePreview | null>(null);
  const [thumbs, setThumbs] = useState<string[]>([]);
  const [filter, setFilter] = useState<ImageMatch | 'all'>('all');
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState<number | null>(null);

  // Local thumbnails of the chosen files: shown in the preview before anything is stored.
  useEffect(() => () => thumbs.forEach((u) => URL.revokeObjectURL(u)), [thumbs]);

  const reset = () => {
    setPreview(null);
    setThumbs([]);
    setSaved(null);
    setFilter('all');
  };

  const send = async (files: File[]) => {
    if (!info) return;
    // The server refuses the same; saying it before sending saves the user the wait.
    if (files.length > info.maxFiles) return void toast.error(t('image.tooMany', { max: info.maxFiles }));
    reset();
    const form = new FormData();
    form.set('purpose', purpose);
    for (const f of files) form.append('file', f, f.name);
    setSending(0);
    try {
      const p = await uploadForm<ImagePreview>(resolveCallPath(imageUploadCalls.preview.path, { opt }).path, form, setSending);
      setThumbs(files.map((f) => URL.createObjectURL(f)));
      setPreview(p);
    } catch {
      /* the reactions showed why */
    } finally {
      setSending(null);
    }
  };

  const save = async () => {
    if (!preview) return;
    setSaving(true);
    try {
      const r = await callApi(imageUploadCalls.save, { opt, uploadId: preview.uploadId });
      setSaved(r.saved);
      toast.success(t('uploadimg.saved', { count: r.saved }));
    } catch {
      /* shown by the reactions */
    } finally {
      setSaving(false);
    }
  };

  const shown = useMemo(() => (preview ? preview.items.filter((i) => filter === 'all' || i.status === filter) : []), [preview, filter]);
  return { info, infoError, purpose, setPurpose, sending, preview, thumbs, filter, setFilter, shown, saving, saved, send, save, reset };
}

export type ImageUpload = ReturnType<typeof useImageUpload>;
