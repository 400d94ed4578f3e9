import { Badge, Dropdown, Option, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { MappedColumn, MappingView } from '../../engine/upload-api';

const IGNORE = '__ignore';

const useStyles = makeStyles({
  cell: { display: 'flex', flexDirection: 'column', gap: '4px', minWidth: '128px' },
  dropdown: { minWidth: '128px', maxWidth: '190px' },
  badges: { display: 'flex', gap: '4px', flexWrap: 'wrap' },
  sure: { color: tokens.colorPaletteGreenForeground1 },
});

/** The text of a target: a field's label, a size column, or "ignore". */
export function targetText(target: string | null, view: MappingView, t: (key: string, o?: Record<string, unknown>) => string): string {
  if (target === null) return t('upload.mapIgnore');
  if (target.startsWith('size:')) return t('upload.mapSize', { size: target.slice(5) });
  return view.fields.find((f) => f.id === target)?.label ?? target;
}

/**
 * One sheet column's choice in the mapping step: a drop-down of the entity's fields (required ones
 * starred), a size column when the entity takes a matrix, or "ignore"; under it how sure the
 * proposal was, or that it is the company's last choice.
 */
export function MappingColumn({ column, target, view, sizeTarget, onChange }: { column: MappedColumn; target: string | null; view: MappingView; sizeTarget: string; onChange: (target: string | null) => void }) {
  const s = useStyles();
  const { t } = useTranslation();
  const proposed = column.target === target && target !== null;
  const sizes = view.sizes ? [...new Set([sizeTarget, ...(target?.startsWith('size:') ? [target] : [])])].filter((x) => x !== 'size:') : [];
  return (
    <div className={s.cell}>
      <Dropdown
        className={s.dropdown}
        size="small"
        value={targetText(target, view, t)}
        selectedOptions={[target ?? IGNORE]}
        onOptionSelect={(_, d) => onChange(d.optionValue === IGNORE || !d.optionValue ? null : d.optionValue)}
        aria-label={column.header || `#${column.index + 1}`}
        data-testid={`map-col-${column.index}`}
      >
        <Option value={IGNORE}>{t('upload.mapIgnore')}</Option>
        {sizes.map((v) => (
          <Option key={v} value={v}>{targetText(v, view, t)}</Option>
        ))}
        {view.fields.map((f) => (
          <Option key={f.id} value={f.id} text={f.label}>{f.required ? `*${f.label}` : f.label}</Option>
        ))}
      </Dropdown>
      <div className={s.badges}>
        {proposed && column.reason === 'memory' && <Badge size="small" appearance="tint" color="brand">{t('upload.mapRemembered')}</Badge>}
        {proposed && column.reason !== 'memory' && (
          <Badge size="small" appearance="tint" color={column.confidence >= 0.8 ? 'success' : 'warning'} data-testid={`map-conf-${column.index}`}>
            {t('upload.mapConfidence', { percent: Math.round(column.confidence * 100) })}
          </Badge>
        )}
        {target === null && <Badge size="small" appearance="outline" color="informative">{t('upload.mapUnmapped')}</Badge>}
      </div>
    </div>
  );
}
