import { makeStyles, tokens } from '@fluentui/react-components';
import type { ICellRendererParams } from 'ag-grid-community';
import { fileSrc } from '../engine/file-src';

const useStyles = makeStyles({
  // The stored image scaled by the browser (object-fit), so no thumbnail copy is kept on the server.
  thumb: { width: '28px', height: '28px', objectFit: 'cover', borderRadius: tokens.borderRadiusSmall, border: `1px solid ${tokens.colorNeutralStroke2}`, verticalAlign: 'middle', background: tokens.colorNeutralBackground3 },
});

/** A list cell of an `image` field (the field-type table's grid renderer 'image'): a thumbnail. */
export function ImageThumb({ value }: Pick<ICellRendererParams, 'value'>) {
  const s = useStyles();
  const url = typeof value === 'string' ? value : '';
  if (!url) return null;
  return <img className={s.thumb} src={fileSrc(url)} alt="" loading="lazy" data-testid="grid-thumb" />;
}
