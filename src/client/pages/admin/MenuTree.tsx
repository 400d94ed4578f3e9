import { Badge, Button, Card, Text, Tooltip, tokens } from '@fluentui/react-components';
import { ArrowDown20Regular, ArrowReset20Regular, ArrowUp20Regular, Delete20Regular, Edit20Regular, EyeOff20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from './admin-api';
import { useAdminStyles } from '../common/admin-kit';
import { draftOf, type MenuEditorState } from './use-menu-editor';

function OriginBadge({ n }: { n: MenuNode }) {
  const { t } = useTranslation();
  if (n.origin === 'tenant') return <Badge appearance="tint" color="success" size="small">{t('adminui.menu.own')}</Badge>;
  if (n.origin === 'overridden') return <Badge appearance="tint" color="warning" size="small">{t('adminui.menu.changed')}</Badge>;
  return null;
}

/** Up, down, edit, and reset (a changed declared node) or remove (the company's own). */
function NodeButtons({ v, n, siblings, i }: { v: MenuEditorState; n: MenuNode; siblings: MenuNode[]; i: number }) {
  const s = useAdminStyles();
  const { t } = useTranslation();
  return (
    <div className={s.rowActions}>
      <Button size="small" appearance="subtle" icon={<ArrowUp20Regular />} disabled={i === 0} onClick={() => void v.move(siblings, i, -1)} aria-label={t('adminui.menu.up')} data-testid={`menu-up-${n.code}`} />
      <Button size="small" appearance="subtle" icon={<ArrowDown20Regular />} disabled={i === siblings.length - 1} onClick={() => void v.move(siblings, i, 1)} aria-label={t('adminui.menu.down')} data-testid={`menu-down-${n.code}`} />
      <Button size="small" appearance="subtle" icon={<Edit20Regular />} onClick={() => v.edit(draftOf(n))} aria-label={t('adminui.edit')} data-testid={`menu-edit-${n.code}`} />
      {n.origin !== 'declared' ? (
        <Tooltip content={n.origin === 'tenant' ? t('engine.remove') : t('adminui.menu.reset')} relationship="label">
          <Button size="small" appearance="subtle" icon={n.origin === 'tenant' ? <Delete20Regular /> : <ArrowReset20Regular />} onClick={() => void v.reset(n)} data-testid={`menu-reset-${n.code}`} />
        </Tooltip>
      ) : null}
    </div>
  );
}

/** One entry of a group: title, address, marks, the roles that see it, its buttons. */
function EntryRow({ v, e, siblings, i }: { v: MenuEditorState; e: MenuNode; siblings: MenuNode[]; i: number }) {
  const s = useAdminStyles();
  const { t } = useTranslation();
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '6px 12px 6px 28px', borderTop: `1px solid ${tokens.colorNeutralStroke2}` }} data-testid={`menu-node-${e.code}`}>
      <div style={{ display: 'grid', minWidth: 220 }}>
        <Text style={{ textDecoration: e.visible ? undefined : 'line-through' }}>{v.title(e)}</Text>
        <Text size={200} className={s.mono}>{e.furl}</Text>
      </div>
      <OriginBadge n={e} />
      {!e.visible ? <Badge appearance="outline" size="small">{t('adminui.menu.hidden')}</Badge> : null}
      <div style={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
        {(e.roles ?? []).map((r) => <Badge key={r} appearance="outline" color="informative" size="small">{v.roleName(r)}</Badge>)}
        {!e.roles?.length ? <Text size={200} className={s.muted}>{t('adminui.menu.allRoles')}</Text> : null}
      </div>
      <span style={{ flex: 1 }} />
      <NodeButtons v={v} n={e} siblings={siblings} i={i} />
    </div>
  );
}

/** The menu tree: a card per group with its entries. */
export function MenuTree({ v }: { v: MenuEditorState }) {
  const s = useAdminStyles();
  const { t } = useTranslation();
  const { tree } = v;
  return (
    <div style={{ display: 'grid', gap: 12 }}>
      {tree.map((g, gi) => (
        <Card key={g.code} style={{ padding: 0 }} data-testid={`menu-group-card-${g.code}`}>
          <div style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '10px 12px', background: tokens.colorNeutralBackground3 }}>
            <Text weight="semibold" size={400} style={{ textDecoration: g.visible ? undefined : 'line-through' }}>{v.title(g)}</Text>
            <Text size={200} className={s.muted}>{g.code}</Text>
            <OriginBadge n={g} />
            {!g.visible ? <Badge appearance="outline" icon={<EyeOff20Regular />} size="small">{t('adminui.menu.hidden')}</Badge> : null}
            <span style={{ flex: 1 }} />
            <NodeButtons v={v} n={g} siblings={tree} i={gi} />
          </div>
          {g.children.length === 0 ? <div className={s.empty} style={{ padding: 12 }}>{t('adminui.menu.emptyGroup')}</div> : null}
          {g.children.map((e, ei) => <EntryRow key={e.code} v={v} e={e} siblings={g.children} i={ei} />)}
        </Card>
      ))}
    </div>
  );
}
