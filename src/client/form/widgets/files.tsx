import { Button, Spinner, Tag, TagGroup } from '@fluentui/react-components';
import { Attach20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../api/calls';
import { uploadCallOf, uploadedFiles } from '../../../model/file-field';
import { registerCatalogPart } from '../../../model/i18n';
import type { WidgetProps } from './types';

registerCatalogPart({
  'zh-CN': { 'engine.files.add': '添加图片或文件', 'engine.files.remove': '移除 {{name}}' },
  en: { 'engine.files.add': 'Add images or files', 'engine.files.remove': 'Remove {{name}}' },
});

/**
 * The widget `files` (src/model/file-field.ts): a button that picks files, each stored at once through
 * the field's declared upload call, and the stored files as tags, each removable before the save. The
 * value is the list of stored files; the hidden file input carries the field's id.
 */
export function FilesInput(p: WidgetProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const call = uploadCallOf(p.field);
  const files = uploadedFiles(p.value);
  const pick = async (list: File[]) => {
    if (!call) return;
    setBusy(true);
    let kept = files;
    try {
      for (const f of list) {
        kept = [...kept, await callApi(call, { file: f }, { failure: 'upload' })];
        p.onChange(kept);
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <div style={{ display: 'grid', gap: 6 }} data-testid={`${p.id}-files`}>
      {files.length ? (
        <TagGroup onDismiss={(_, d) => p.onChange(files.filter((f) => String(f.id) !== d.value))} aria-label={p.field.label}>
          {files.map((f) => <Tag key={f.id} value={String(f.id)} dismissible={!p.disabled} dismissIcon={{ 'aria-label': t('engine.files.remove', { name: f.name }) }} appearance="brand">{f.name}</Tag>)}
        </TagGroup>
      ) : null}
      <div>
        <Button icon={busy ? <Spinner size="tiny" /> : <Attach20Regular />} disabled={p.disabled || busy || !call} onClick={() => document.getElementById(p.id)?.click()}>{t('engine.files.add')}</Button>
        <input id={p.id} type="file" multiple hidden aria-invalid={p.invalid} onChange={(e) => { void pick(Array.from(e.target.files ?? [])); e.target.value = ''; }} />
      </div>
    </div>
  );
}
