import { Button, Field, Input, Select, Textarea } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { SIZE_RUNS, type StyleBlock } from './matrix-blocks';
import { useMatrixStyles } from './matrix-styles';
import { NO_PREPACK, type MatrixEntriesModel } from './use-matrix-entries';

/** A block's tools: size run, colour and size added, colour removed, prepack fill and the paste box. */
export function MatrixBlockTools({ b, model }: { b: StyleBlock; model: MatrixEntriesModel }) {
  const s = useMatrixStyles();
  const { t } = useTranslation();
  const { applySizeRun, newColour, setNewColour, addColour, newSize, setNewSize, addSize, removeColour, setPrepack, fillPrepack, onPasteTable } = model;
  const pp = model.prepack[b.key] ?? NO_PREPACK;
  return (
    <div className={s.tools}>
      <Field label={t('orders.matrix.sizeRun')}>
        <Select value="" onChange={(_, d) => d.value && applySizeRun(b, d.value)} className={s.ratio}>
          <option value="">{t('orders.matrix.pick')}</option>
          {Object.entries(SIZE_RUNS).map(([k, v]) => (
            <option key={k} value={k}>{v.join(' ')}</option>
          ))}
        </Select>
      </Field>
      <Field label={t('orders.matrix.colour')}>
        <Input className={s.small} value={newColour[b.key] ?? ''} onChange={(_, d) => setNewColour((x) => ({ ...x, [b.key]: d.value }))} onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), addColour(b))} contentAfter={<Button size="small" appearance="transparent" icon={<AddRegular />} aria-label={t('orders.matrix.addColour')} onClick={() => addColour(b)} />} data-testid="add-colour" />
      </Field>
      <Field label={t('orders.matrix.size')}>
        <Input className={s.small} value={newSize[b.key] ?? ''} onChange={(_, d) => setNewSize((x) => ({ ...x, [b.key]: d.value }))} onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), addSize(b))} contentAfter={<Button size="small" appearance="transparent" icon={<AddRegular />} aria-label={t('orders.matrix.addSize')} onClick={() => addSize(b)} />} />
      </Field>
      {b.colours.length > 0 && (
        <Field label={t('orders.matrix.removeColour')}>
          <Select value="" onChange={(_, d) => d.value && removeColour(b, d.value)} className={s.small}>
            <option value="">{t('orders.matrix.pick')}</option>
            {b.colours.map((c) => (
              <option key={c} value={c}>{c}</option>
            ))}
          </Select>
        </Field>
      )}
      <Field label={t('orders.matrix.prepackTotal')}>
        <Input className={s.small} inputMode="numeric" value={pp.total} onChange={(_, d) => setPrepack((x) => ({ ...x, [b.key]: { ...pp, total: d.value } }))} data-testid="prepack-total" />
      </Field>
      <Field label={t('orders.matrix.prepackRatio')}>
        <Input className={s.ratio} placeholder="1:2:2:1" value={pp.ratio} onChange={(_, d) => setPrepack((x) => ({ ...x, [b.key]: { ...pp, ratio: d.value } }))} data-testid="prepack-ratio" />
      </Field>
      <Field label={t('orders.matrix.prepackColour')}>
        <Select className={s.small} value={pp.colour} onChange={(_, d) => setPrepack((x) => ({ ...x, [b.key]: { ...pp, colour: d.value } }))}>
          <option value="">{t('orders.matrix.allColours')}</option>
          {b.colours.map((c) => (
            <option key={c} value={c}>{c}</option>
          ))}
        </Select>
      </Field>
      <Button onClick={() => fillPrepack(b)} data-testid="prepack-fill">{t('orders.matrix.prepackFill')}</Button>
      <Field label={t('orders.matrix.pasteTable')} className={s.paste}>
        <Textarea
          rows={1}
          resize="none"
          placeholder={t('orders.matrix.pasteHint')}
          value=""
          onChange={() => undefined}
          onPaste={(e) => {
            e.preventDefault();
            onPasteTable(b, e.clipboardData.getData('text/plain'));
          }}
          data-testid="paste-table"
        />
      </Field>
    </div>
  );
}
