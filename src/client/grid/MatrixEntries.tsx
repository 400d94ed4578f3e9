import { Button, MessageBar, MessageBarBody, Subtitle2, Text } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { ChildGridProps } from './ChildGrid';
import { MatrixBlock } from './MatrixBlock';
import { useMatrixStyles } from './matrix-styles';
import { useMatrixEntries } from './use-matrix-entries';
import { groupedNumber } from '../../model/number-text';

/**
 * A document's colour x size lines (issue 6; the engine's since issue 17): per style a matrix with
 * colours as rows and sizes as columns, row and column totals, amount from the unit price, a table
 * pasted from Excel (sizes in the first row, colours in the first column) or numbers pasted from any
 * cell, a prepack fill from a total and a size ratio, and spreadsheet keys. Shown inside the form in
 * place of the child grid of a child that declares a matrix (ChildMatrix: which fields hold style,
 * name, price, colour, size and quantity); the form saves the rows (one per colour and size).
 *
 * Example: `childRenderers: { entries: (p) => <MatrixEntries {...p} currency="CNY" /> }`; the form
 * shows it by itself for a declared matrix.
 */
export function MatrixEntries(p: ChildGridProps & { currency?: string; priceHint?: string }) {
  const { t, i18n } = useTranslation();
  const s = useMatrixStyles();
  const model = useMatrixEntries(p);
  const { whole, stray, removeStray, addBlock } = model;
  const en = i18n.language === 'en';

  return (
    <section className={s.wrap} data-testid="order-entries">
      {stray.length > 0 && (
        <MessageBar intent="warning" data-testid="matrix-stray-lines">
          <MessageBarBody>
            {t('orders.matrix.strayLines', { count: stray.length })}
            {!p.disabled && (
              <Button size="small" appearance="transparent" data-testid="matrix-stray-remove" onClick={removeStray}>
                {t('orders.matrix.strayRemove')}
              </Button>
            )}
          </MessageBarBody>
        </MessageBar>
      )}
      <div className={s.head}>
        <Subtitle2>{en ? p.grid.child.label.en : p.grid.child.label.zh}</Subtitle2>
        <Text data-testid="order-total-qty">{t('orders.matrix.orderTotal', { qty: groupedNumber(whole.qty, 3) })}</Text>
        {whole.amount !== null && <Text data-testid="order-total-amount">{t('orders.matrix.orderAmount', { amount: groupedNumber(whole.amount, 4), currency: p.currency ?? '' })}</Text>}
        <span style={{ flex: 1 }} />
        {!p.disabled && (
          <Button size="small" icon={<AddRegular />} onClick={addBlock} data-testid="order-add-style">
            {t('orders.matrix.addStyle')}
          </Button>
        )}
      </div>
      {model.blocks.map((b, bi) => (
        <MatrixBlock key={b.key} b={b} index={bi} model={model} disabled={p.disabled} currency={p.currency} />
      ))}
    </section>
  );
}
