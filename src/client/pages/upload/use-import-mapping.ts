import { useMemo, useState } from 'react';
import { getEntity } from '../../../model';
import { missingRequired, SIZE_TARGET, type ConfirmedMapping } from '../../../model/import-mapping';
import { uploadForm, UPLOAD_BASE, type MappingView } from '../../engine/upload-api';

/** A file waiting for its mapping to be confirmed: the proposal and the buyer's choice per column. */
type Pending = { file: File; entity: string; view: MappingView; targets: Array<string | null>; orderTargets: Array<string | null> };

/** The form that asks for a proposal: the entity and the file. */
function proposalForm(entity: string, file: File, lang: string): FormData {
  const form = new FormData();
  form.set('entity', entity);
  form.set('lang', lang);
  form.set('file', file, file.name);
  return form;
}

/**
 * The mapping step of the import (issue 33): a file is first shown to the mapper; a sheet laid out
 * as our template goes on as it is, any other waits here with a field proposed per column until
 * the buyer confirms (or changes) the mapping, which then goes with the upload.
 */
export function useImportMapping() {
  const [pending, setPending] = useState<Pending | null>(null);
  const [reading, setReading] = useState(false);

  /** Proposes a mapping for the file: null when it is our template (import it as it is), else it waits for confirmation. */
  const propose = async (entity: string, file: File, lang: string): Promise<'template' | 'mapping' | 'failed'> => {
    setReading(true);
    try {
      const view = await uploadForm<MappingView>(`${UPLOAD_BASE}/mapping`, proposalForm(entity, file, lang));
      if (view.proposal?.template) return 'template';
      setPending({ file, entity, view, targets: view.proposal?.columns.map((c) => c.target) ?? [], orderTargets: view.proposal?.orderFields.map((f) => f.target) ?? [] });
      return 'mapping';
    } catch {
      return 'failed';
    } finally {
      setReading(false);
    }
  };

  /** A column's (or, with `order`, a key of the order header rows') field: a field is read from one place, so choosing it here frees the column or key that had it. */
  const choose = (index: number, target: string | null, order: boolean) =>
    setPending((p) => {
      if (!p) return p;
      const free = (list: Array<string | null>, own: boolean) => list.map((t, i) => (own && i === index ? target : target !== null && t === target ? null : t));
      return { ...p, targets: free(p.targets, !order), orderTargets: free(p.orderTargets, order) };
    });

  const proposal = pending?.view.proposal;
  const confirmed: ConfirmedMapping | null = proposal
    ? { headerRow: proposal.headerRow, columns: pending!.targets.map((target, index) => ({ index, target })), ...(proposal.orderFields.length ? { orderFields: proposal.orderFields.map((f, i) => ({ key: f.key, target: pending!.orderTargets[i] ?? null })) } : {}) }
    : null;
  const missing = useMemo(() => {
    const entity = pending ? getEntity(pending.entity) : undefined;
    if (!entity || !confirmed) return [];
    const labels = new Map(pending!.view.fields.map((f) => [f.id, f.label]));
    return missingRequired(entity, confirmed).map((id) => labels.get(id) ?? id);
  }, [pending]); // eslint-disable-line react-hooks/exhaustive-deps -- `confirmed` is derived from `pending`

  return {
    pending,
    reading,
    confirmed,
    missing,
    propose,
    setTarget: (index: number, target: string | null) => choose(index, target, false),
    setOrderTarget: (index: number, target: string | null) => choose(index, target, true),
    clear: () => setPending(null),
    sizeTarget: (header: string) => `${SIZE_TARGET}${header.trim()}`,
  };
}

export type ImportMappingState = ReturnType<typeof useImportMapping>;
