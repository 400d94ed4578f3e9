import { Badge, Button, MessageBar, MessageBarBody, Spinner, Subtitle2, Text, Title3 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { designOutline } from '../../../../grids/approvals/dynfield.grid';
import type { DynamicFormDefinition } from '../../../model/dynamic-form';
import { storedDesign } from '../../../model/entities/dynamic-form.entity';
import { RecordOutline } from '../../engine/RecordOutline';
import { EntityForm } from '../../form/EntityForm';
import { FieldEditor } from './FieldEditor';
import { useDesignerStyles } from './designer-model';
import { useFormDesigner } from './use-form-designer';
import './dynamic-form-messages';

/**
 * The form designer (spec 2 Admin "dynamic forms", issue 14): sections and their fields on the left,
 * the selected field's properties in the middle (type, rules, options, conditions, calculation), and
 * a live preview on the right, rendered by the registry's own form drawer engine (EntityForm) from the
 * page the definition turns into. The designer's rules run as the administrator types
 * (`dynamicFormErrors`: the design's declaration, `storedDesign`, and the names its expressions use,
 * which the server's save checks too); the server's reply marks what it refuses.
 */
export function FormDesignerPage() {
  const { t } = useTranslation();
  const s = useDesignerStyles();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const d = useFormDesigner(Number(params.get('id')));
  const { record, def, preview } = d;

  if (d.failed) return <Text style={{ padding: 24, display: 'block' }}>{t('dynform.notFound')}</Text>;
  if (!record) return <Spinner style={{ marginTop: 48 }} />;
  const errorCount = Object.keys(d.errors).length;

  return (
    <div className={s.page} data-testid="dyn-designer">
      {d.guard.dialog}
      <div className={s.head}>
        <Title3 as="h1">
          {t('dyn.designer.title')} · {String(record.code)} {String(record.name)}
        </Title3>
        <Badge appearance="tint" data-testid="dyn-designer-version">v{String(record.form_version ?? 0)}</Badge>
        <Button appearance="primary" onClick={() => void d.save()} disabled={d.busy || errorCount > 0} data-testid="dyn-designer-save">
          {d.busy ? <Spinner size="tiny" /> : t('dyn.designer.save')}
        </Button>
        <Button onClick={() => navigate('/admin/index/dynform')}>{t('dyn.designer.back')}</Button>
        {Number(record.form_version ?? 0) > 0 && <Button onClick={() => navigate(`/approvals/forms/${String(record.code)}`)} data-testid="dyn-designer-fill">{t('dyn.designer.fill')}</Button>}
        {errorCount > 0 && (
          <MessageBar intent="warning" data-testid="dyn-designer-errors">
            <MessageBarBody>{t('dyn.designer.errors', { count: errorCount })}</MessageBarBody>
          </MessageBar>
        )}
      </div>
      <div className={s.body}>
        <RecordOutline className={s.panel} outline={designOutline} shape={storedDesign} value={def} errors={d.errors} selected={d.sel} onSelect={d.setSel} onChange={(v) => d.change(v as DynamicFormDefinition)} />
        <FieldEditor d={d} />
        {/* The preview: the registry's own form engine over the page the design turns into */}
        <div className={s.panel} data-testid="dyn-preview">
          <Subtitle2>{t('dyn.designer.preview')}</Subtitle2>
          {preview ? <EntityForm key={JSON.stringify(def)} resolved={preview} action="add" record={null} onSaved={() => undefined} /> : <Text>{t('dyn.designer.previewBlocked')}</Text>}
        </div>
      </div>
    </div>
  );
}
