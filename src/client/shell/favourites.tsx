import { Button, makeStyles, mergeClasses, tokens, Tooltip } from '@fluentui/react-components';
import { Star16Filled, Star16Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mutate } from 'swr';
import { useSnapshot } from 'valtio';
import { access } from '../session/access-state';
import { profileApi } from '../session/profile-api';
import { toast } from '../kernel/toast-bus';

/** The swr key of the workspace home's favourites block (my-workspace-home-setting). */
export const HOME_SETTING_KEY = 'profile:my-workspace-home-setting';

/** Pure: the favourites after the server's reply, in the session's shape (spec 3: settings with favourite menus). */
export function withFavourites(settings: Record<string, unknown>, favourites: string[]): Record<string, unknown> {
  return { ...settings, favourite_menus: favourites };
}

/**
 * Stars or unstars a menu entry on the account (save- / remove-favourite-menus); the session's
 * favourites become the server's answer, and the home page's block reloads.
 */
export async function toggleFavourite(code: string): Promise<boolean> {
  const starred = access.favouriteMenus.includes(code);
  const reply = starred ? await profileApi.removeFavourites([code]) : await profileApi.saveFavourites([code]);
  access.favouriteMenus = reply.favourite_menus;
  access.settings = withFavourites(access.settings, reply.favourite_menus);
  void mutate(HOME_SETTING_KEY);
  return !starred;
}

const useStyles = makeStyles({
  star: { minWidth: '24px', width: '24px', height: '24px', padding: 0, color: tokens.colorNeutralForeground3 },
  on: { color: tokens.colorPaletteMarigoldForeground1 },
});

/** The star beside a menu entry. Example: `<FavouriteStar code="md.vendor" title="供应商" />`. */
export function FavouriteStar({ code, title, className }: { code: string; title: string; className?: string }) {
  const s = useStyles();
  const { t } = useTranslation();
  const { favouriteMenus } = useSnapshot(access);
  const [busy, setBusy] = useState(false);
  const on = favouriteMenus.includes(code);
  const label = `${on ? t('ui.favourites.remove') : t('ui.favourites.add')}: ${title}`;
  const click = async (ev: React.MouseEvent) => {
    ev.preventDefault();
    ev.stopPropagation();
    setBusy(true);
    try {
      const added = await toggleFavourite(code);
      toast.success(added ? t('ui.favourites.added') : t('ui.favourites.removed'));
    } catch {
      // The spec 8 reactions already told why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip content={label} relationship="label">
      <Button
        appearance="transparent"
        size="small"
        className={mergeClasses(s.star, on && s.on, className)}
        icon={on ? <Star16Filled /> : <Star16Regular />}
        aria-pressed={on}
        disabled={busy}
        onClick={(ev) => void click(ev)}
        data-testid={`star-${code}`}
        data-starred={on ? 'true' : 'false'}
      />
    </Tooltip>
  );
}
