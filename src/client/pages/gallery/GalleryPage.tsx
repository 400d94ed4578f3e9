import { makeStyles, mergeClasses, Subtitle2, Tab, TabList, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ResolvedPage } from '../../../model/page-resolve';
import { PageHead } from '../../engine/PageHead';
import { ForbiddenPage } from '../../engine/PageStates';
import { CalendarDemo } from './CalendarDemo';
import { ChartDemo } from './ChartDemo';
import { FormDemo } from './FormDemo';
import { GalleryCode } from './GalleryCode';
import { GALLERY_ITEMS, type GalleryItem } from './gallery-items';
import { ListDemo } from './ListDemo';
import { useGallery } from './use-gallery';
import { labelIn } from '../../../model/label-text';

const useStyles = makeStyles({
  page: { padding: '12px 16px 24px', display: 'flex', flexDirection: 'column', minHeight: 0 },
  nav: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap', borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, marginBottom: '14px' },
  itemHead: { display: 'flex', flexDirection: 'column', gap: '2px', marginBottom: '10px' },
  about: { color: tokens.colorNeutralForeground2 },
  split: { display: 'grid', gridTemplateColumns: 'minmax(0, 1.25fr) minmax(0, 1fr)', gap: '16px', alignItems: 'start', '@media (max-width: 1000px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
  // Lines, the matrix and the list need the room of a drawer; their declaration keeps the rest.
  wide: { gridTemplateColumns: 'minmax(0, 1.7fr) minmax(0, 1fr)' },
  live: { background: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusMedium, boxShadow: tokens.shadow2, padding: '16px 20px', minWidth: 0 },
  code: { position: 'sticky', top: '8px', display: 'flex', maxHeight: 'calc(100vh - 160px)', minHeight: '240px' },
});

const WIDE = new Set(['list', 'lines', 'matrix']);

/** An item drawn live from its declaration, the declaration beside it. */
function ItemView({ item, resolved }: { item: GalleryItem; resolved: ResolvedPage | null }) {
  const s = useStyles();
  const { t, i18n } = useTranslation();
  let live;
  if (item.kind === 'chart') live = <ChartDemo />;
  else if (item.kind === 'calendar') live = <CalendarDemo />;
  else if (resolved && item.kind === 'list') live = <ListDemo resolved={resolved} />;
  else if (resolved) live = <FormDemo key={item.key} resolved={resolved} />;
  return (
    <article data-testid={`gallery-item-${item.key}`}>
      <header className={s.itemHead}>
        <Subtitle2 as="h2">{labelIn(item.title, i18n.language)}</Subtitle2>
        <Text className={s.about}>{t(item.about)}</Text>
      </header>
      <div className={mergeClasses(s.split, WIDE.has(item.key) && s.wide)}>
        <section className={s.live} aria-label={t('gallery.live')}>
          {live}
        </section>
        <div className={s.code}>
          <GalleryCode file={item.file} source={item.source} />
        </div>
      </div>
    </article>
  );
}

/** An `{opt}` no item answers: said in place, the items stay on the left. */
function GalleryMissing({ opt }: { opt: string | undefined }) {
  const s = useStyles();
  const { t } = useTranslation();
  return (
    <div className={s.live} data-testid="gallery-missing" role="alert">
      <Subtitle2 as="h2">{t('gallery.notFound', { opt: opt ?? '' })}</Subtitle2>
      <Text block>{t('gallery.notFoundText')}</Text>
    </div>
  );
}

/**
 * The component gallery (issue 35): `/visual/demo/{opt}`, `/superdemo/*` and `/superdemopage/*`.
 * For administrators (menu code admin.gallery); others see the no-permission state.
 */
export function GalleryPage() {
  const s = useStyles();
  const { t } = useTranslation();
  const g = useGallery();
  if (!g.allowed) return <ForbiddenPage title={t('gallery.title')} />;
  return (
    <div className={s.page} data-testid="gallery">
      <PageHead title={t('gallery.title')} explain={t('gallery.purpose')} />
      <nav className={s.nav} aria-label={t('gallery.items')}>
        <TabList selectedValue={g.item?.key ?? ''} onTabSelect={(_, d) => g.open(String(d.value))}>
          {GALLERY_ITEMS.map((i) => (
            <Tab key={i.key} value={i.key} data-testid={`gallery-nav-${i.key}`}>
              {g.en ? i.title.en : i.title.zh}
            </Tab>
          ))}
        </TabList>
      </nav>
      <main style={{ minWidth: 0 }}>{g.item ? <ItemView key={g.item.key} item={g.item} resolved={g.resolved} /> : <GalleryMissing opt={g.key} />}</main>
    </div>
  );
}
