import { Caption1, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ResolvedPage } from '../../../model/page-resolve';
import type { Row } from '../../api/entity-api';
import { EntityGrid } from '../../grid/EntityGrid';

const useStyles = makeStyles({
  wrap: { display: 'flex', flexDirection: 'column', gap: '8px', height: '460px' },
  foot: { display: 'flex', justifyContent: 'space-between', color: tokens.colorNeutralForeground3 },
});

/**
 * The list item: the generic grid on the declaration's columns, reading the company's materials
 * through their list call (the viewer's permissions apply); a double click opens the record's page.
 */
export function ListDemo({ resolved }: { resolved: ResolvedPage }) {
  const s = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [selected, setSelected] = useState<Row[]>([]);
  return (
    <div className={s.wrap}>
      <EntityGrid resolved={resolved} tab={null} quick="" onSelectionChange={setSelected} onOpen={(row) => navigate(`/page/view/${resolved.entity.name}?id=${String(row.id)}`)} />
      <div className={s.foot}>
        <Caption1>{t('gallery.selectHint')}</Caption1>
        <Text data-testid="gallery-selected">{t('gallery.selected', { count: selected.length })}</Text>
      </div>
    </div>
  );
}
