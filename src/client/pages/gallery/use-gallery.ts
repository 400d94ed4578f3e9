import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { access } from '../../session/access-state';
import { GALLERY_MENU_CODE, galleryItemOf, resolveGalleryPage } from './gallery-items';
import './gallery-messages';

/**
 * The gallery's state: which item the address names (`{opt}`, or the last segment of a fixed demo
 * route such as `/superdemopage/form`), whether the user may see the gallery (the menu code
 * `admin.gallery` among his menus: administrators by default, or a role his company grants it),
 * the item's page resolved as any page is, and the way to another item.
 */
export function useGallery() {
  const { opt } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { t, i18n } = useTranslation();
  const user = useSnapshot(access);
  const key = opt ?? pathname.split('/').filter(Boolean).pop();
  const item = galleryItemOf(key);
  const resolved = useMemo(() => (item ? resolveGalleryPage(item) : null), [item]);
  const allowed = user.menus.some((g) => g.children.some((e) => e.CODE === GALLERY_MENU_CODE));
  const en = i18n.language === 'en';
  const title = t('gallery.title');
  useEffect(() => {
    document.title = item ? `${title} · ${en ? item.title.en : item.title.zh}` : title;
  }, [title, item, en]);
  return { key, item, resolved, allowed, en, open: (k: string) => navigate(`/visual/demo/${k}`) };
}
