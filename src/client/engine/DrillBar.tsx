import { Button, makeStyles, Tag, TagGroup, Text, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { filterChips, type EntityDef } from '../../model';

/** What a screen that opens a filtered list puts in the navigation state: where "back" leads. */
export type DrillOrigin = { back: string; backLabel?: string };

const useStyles = makeStyles({
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', padding: `${tokens.spacingVerticalXS} 0` },
});

/**
 * The question a drilled list answers (issue 29): each filter of its address as a chip that can be
 * removed, all removed at once, and the way back to the figure's screen (tower, dashboard, report).
 */
export function DrillBar({ entity, filters, onRemove }: { entity: EntityDef; filters: Record<string, string>; onRemove: (keys: string[]) => void }) {
  const s = useStyles();
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const navigate = useNavigate();
  const origin = (useLocation().state ?? null) as DrillOrigin | null;
  const chips = filterChips(entity, filters);
  if (!chips.length && !origin?.back) return null;
  return (
    <div className={s.bar} data-testid="drill-bar">
      {origin?.back && (
        <Button size="small" icon={<ArrowLeftRegular />} onClick={() => navigate(origin.back)} data-testid="drill-back">
          {origin.backLabel ? t('engine.drillBack', { name: origin.backLabel }) : t('engine.drillBackPlain')}
        </Button>
      )}
      {chips.length > 0 && <Text size={200}>{t('engine.drillFiltered')}</Text>}
      <TagGroup onDismiss={(_, d) => onRemove([String(d.value)])} size="small">
        {chips.map((c) => (
          <Tag key={c.key} value={c.key} dismissible dismissIcon={{ 'aria-label': t('engine.drillClear') }} data-testid="drill-chip" data-key={c.key}>
            {c.text[lang]}
          </Tag>
        ))}
      </TagGroup>
      {chips.length > 1 && (
        <Button size="small" appearance="subtle" onClick={() => onRemove(chips.map((c) => c.key))} data-testid="drill-clear">
          {t('engine.drillClear')}
        </Button>
      )}
    </div>
  );
}
