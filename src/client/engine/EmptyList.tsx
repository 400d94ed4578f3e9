import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { AddRegular, ArrowImportRegular, DocumentTableRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '10px', padding: '24px', maxWidth: '460px', textAlign: 'center' },
  icon: { fontSize: '40px', color: tokens.colorNeutralForeground4 },
  actions: { display: 'flex', gap: '8px', marginTop: '4px' },
});

export type EmptyListProps = {
  /** The list's title (供应商, 采购订单, ...). */
  title: string;
  /** What the list is for, when its page says (PageDef.purpose). */
  purpose?: string;
  /** Filters narrow the list: say so instead of inviting a first record. */
  filtered: boolean;
  onCreate?: () => void;
  onImport?: () => void;
};

/**
 * An empty list says what it is for and offers its first actions (issue 21: a bare "暂无数据" told a
 * newcomer nothing). A filtered list that matches nothing says that instead.
 */
export function EmptyList(p: EmptyListProps) {
  const s = useStyles();
  const { t } = useTranslation();
  return (
    <div className={s.box} data-testid="empty-list">
      <DocumentTableRegular className={s.icon} />
      <Text weight="semibold" size={400}>{p.filtered ? t('engine.empty.filteredTitle') : t('engine.empty.title', { title: p.title })}</Text>
      <Text>{p.filtered ? t('engine.empty.filteredText') : (p.purpose ?? t('engine.empty.text', { title: p.title }))}</Text>
      {!p.filtered && (p.onCreate || p.onImport) ? (
        <div className={s.actions}>
          {p.onCreate ? <Button appearance="primary" icon={<AddRegular />} onClick={p.onCreate} data-testid="empty-create">{t('engine.empty.create', { title: p.title })}</Button> : null}
          {p.onImport ? <Button icon={<ArrowImportRegular />} onClick={p.onImport} data-testid="empty-import">{t('engine.empty.import')}</Button> : null}
        </div>
      ) : null}
    </div>
  );
}
