import { makeStyles, tokens } from '@fluentui/react-components';
import type { ICellRendererParams } from 'ag-grid-community';
import { useFileSrc } from '../api/file-src';

const useStyles = makeStyles({
  // The stored image scaled by the browser (object-fit), so no thumbnail copy is kept on the server.
  thumb: { width: '28px', height: '28px', objectFit: 'cover', borderRadius: tokens.borderRadiusSmall, border: `1px solid ${tokens.colorNeutralStroke2}`, verticalAlign: 'middle', background: tokens.colorNeutralBackground3 },
});

/** A list cell of an `image` field (the field-type table's grid renderer 'image'): a thumbnail. */
export function ImageThumb({ value }: Pick<ICellRendererParams, 'value'>) {
  const s = useStyles();
  const url = typeof value === 'string' ? value : '';
  const src = useFileSrc(url);
  if (!url) return null;
  return src ? <img className={s.thumb} src={src} alt="" loading="lazy" data-testid="grid-thumb" /> : <span className={s.thumb} style={{ display: 'inline-block' }} />;
}
