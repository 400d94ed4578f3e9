import { Badge, Dropdown, Option, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { MappingView } from '../../engine/upload-api';
import { targetText } from './MappingColumn';

const IGNORE = '__ignore';

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: '6px', padding: '8px 10px', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorPaletteYellowBackground1 },
  list: { display: 'flex', flexWrap: 'wrap', gap: '8px 16px' },
  field: { display: 'flex', alignItems: 'center', gap: '6px' },
  key: { fontWeight: tokens.fontWeightSemibold, whiteSpace: 'nowrap' },
  dropdown: { minWidth: '150px', maxWidth: '200px' },
});

/**
 * The order header fields of a sheet of one order or of order blocks (issue 33): each key found in
 * the order header rows (`订单号: …   供应商: …`, or `订单号` | `PO-1` without colons) with the order field it goes to, changeable as a column's is (the
 * order's own fields only), and how sure the proposal was or that it is the company's last choice.
 */
export function MappingOrderFields({ view, targets, onChange }: { view: MappingView; targets: Array<string | null>; onChange: (index: number, target: string | null) => void }) {
  const s = useStyles();
  const { t, i18n } = useTranslation();
  const proposal = view.proposal;
  if (!proposal?.orderFields.length) return null;
  const fields = view.fields.filter((f) => !f.id.includes('.'));
  // A sheet of one order: its fields are written above the headings only.
  const single = proposal.orderRows.every((n) => n < proposal.headerRow);
  return (
    <div className={s.box} data-testid="mapping-order-fields">
      <Text weight="semibold">{t('upload.mapOrderTitle')}</Text>
      <Text size={200}>{t(single ? 'upload.mapOrderHintSingle' : 'upload.mapOrderHint', { rows: proposal.orderRows.slice(0, 3).join(i18n.language === 'en' ? ', ' : '、') })}</Text>
      <div className={s.list}>
        {proposal.orderFields.map((f, i) => {
          const target = targets[i] ?? null;
          const proposed = f.target === target && target !== null;
          return (
            <div key={f.key} className={s.field}>
              <Text className={s.key}>{f.key}</Text>
              <Dropdown
                className={s.dropdown}
                size="small"
                value={targetText(target, view, t)}
                selectedOptions={[target ?? IGNORE]}
                onOptionSelect={(_, d) => onChange(i, d.optionValue === IGNORE || !d.optionValue ? null : d.optionValue)}
                aria-label={t('upload.mapOrderKey', { key: f.key })}
                data-testid={`map-order-${i}`}
              >
                <Option value={IGNORE}>{t('upload.mapIgnore')}</Option>
                {fields.map((o) => (
                  <Option key={o.id} value={o.id} text={o.label}>{o.required ? `*${o.label}` : o.label}</Option>
                ))}
              </Dropdown>
              {proposed && f.reason === 'memory' && <Badge size="small" appearance="tint" color="brand">{t('upload.mapRemembered')}</Badge>}
              {proposed && f.reason !== 'memory' && (
                <Badge size="small" appearance="tint" color={f.confidence >= 0.8 ? 'success' : 'warning'}>{t('upload.mapConfidence', { percent: Math.round(f.confidence * 100) })}</Badge>
              )}
              {target === null && <Badge size="small" appearance="outline" color="informative">{t('upload.mapUnmapped')}</Badge>}
            </div>
          );
        })}
      </div>
    </div>
  );
}
