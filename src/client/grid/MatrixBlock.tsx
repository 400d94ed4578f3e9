import { Button, Field, Input, Text, tokens } from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { MatrixInputTable } from './MatrixInputTable';
import { MatrixBlockTools } from './MatrixBlockTools';
import { blockMatrix, blockTotals, rowsOfBlock, type StyleBlock } from './matrix-blocks';
import { useMatrixStyles } from './matrix-styles';
import { matrixOf, matrixRecords, type MatrixEntriesModel } from './use-matrix-entries';
import { groupedNumber } from '../../model/number-text';

const CONFIG = { rowField: 'colour', colField: 'size', cellField: 'qty' } as const;

type BlockProps = { b: StyleBlock; index: number; model: MatrixEntriesModel; disabled: boolean; currency?: string };

/** One style's block: its header fields, tools, colour x size table, totals and errors. */
export function MatrixBlock({ b, index: bi, model, disabled, currency }: BlockProps) {
  const s = useMatrixStyles();
  const { t } = useTranslation();
  const { rows, layout, fieldLabel, setField, removeBlock, priceHint, commit, onPasteCapture, rejected } = model;
  const m = blockMatrix(rows, b, layout);
  const totals = blockTotals(m, b.unit_price);
  const errs = model.errorsOf(b);
  return (
    <div className={s.block} data-testid={`order-style-${bi}`}>
      <div className={s.fields}>
        <Field label={fieldLabel(layout.block)} required={!disabled}>
          <Input value={b.style_no} disabled={disabled} onChange={(_, d) => setField(b, 'style_no', d.value)} data-testid="style-no" />
        </Field>
        {layout.name ? (
          <Field label={fieldLabel(layout.name)}>
            <Input value={b.style_name} disabled={disabled} onChange={(_, d) => setField(b, 'style_name', d.value)} data-testid="style-name" />
          </Field>
        ) : (
          <span />
        )}
        {layout.price ? (
          <Field label={fieldLabel(layout.price)} hint={priceHint}>
            <Input value={b.unit_price} disabled={disabled} inputMode="decimal" onChange={(_, d) => setField(b, 'unit_price', d.value)} data-testid="style-price" />
          </Field>
        ) : (
          <span />
        )}
        {!disabled && <Button icon={<DeleteRegular />} appearance="subtle" aria-label={t('orders.matrix.removeStyle')} title={t('orders.matrix.removeStyle')} onClick={() => removeBlock(b)} />}
      </div>
        {!disabled && <MatrixBlockTools b={b} model={model} />}
      {/* As wide as its sizes need (a colour column, ~90 px per size, a total), not the whole drawer. */}
      <div onPasteCapture={(e) => onPasteCapture(b, e)} style={{ maxWidth: 200 + b.sizes.length * 92 + 100 }}>
        <MatrixInputTable
          value={matrixRecords(m)}
          config={CONFIG}
          rows={b.colours}
          columns={b.sizes}
          disabled={disabled}
          rowLabel={t('orders.matrix.colourBySize')}
          onChange={(records) => commit(b, b, matrixOf(records, b))}
        />
      </div>
      <div className={s.foot}>
        <span>
          {t('orders.matrix.styleTotal')} <span className={s.strong} data-testid="style-total">{groupedNumber(totals.total, 3)}</span>
        </span>
        {totals.amount !== null && (
          <span>
            {t('orders.matrix.styleAmount')} <span className={s.strong} data-testid="style-amount">{groupedNumber(totals.amount, 4)}</span> {currency ?? ''}
          </span>
        )}
        <span>{t('orders.matrix.lines', { count: rowsOfBlock(rows, b, layout).length })}</span>
      </div>
      {rejected[b.key] && <Text style={{ color: tokens.colorPaletteRedForeground1 }}>{t('orders.matrix.rejectedCells', { cells: rejected[b.key] })}</Text>}
      {errs.length > 0 && (
        <ul className={s.errors} role="alert">
          {errs.map((m2) => (
            <li key={m2}>{m2}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
