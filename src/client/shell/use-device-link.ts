import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { tempTokenCalls, tempTokenTargetOf } from '../../model/calls/gateway';
import { callApi } from '../api/calls';
import { access } from '../session/access-state';

/** The welcome route a device opens with the token (a login child of spec 2, public). */
export const TEMP_TOKEN_ROUTE = '/login/third/temptoken';

/** The module UI the user's current platform has on the shop floor (SFCENTER, SFPRINT), or null. */
export function useDeviceTarget() {
  const { platformId, platformList } = useSnapshot(access);
  return tempTokenTargetOf(platformList.find((p) => p.id === platformId)?.ui);
}

/**
 * The link of the device dialog: asked for when the dialog opens and again on "重新生成"; the
 * seconds it has left, counted down in the browser from the server's `expire`.
 */
export function useDeviceLink(open: boolean) {
  const location = useLocation();
  const target = useDeviceTarget();
  const [link, setLink] = useState<{ path: string; expiresAt: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const here = location.pathname + location.search;

  const renew = useCallback(async () => {
    if (!target) return;
    setBusy(true);
    try {
      const r = await callApi(tempTokenCalls.send, { target });
      const query = new URLSearchParams({ temp_token: r.temp_token, to: here });
      setLink({ path: `${TEMP_TOKEN_ROUTE}?${query.toString()}`, expiresAt: Date.now() + r.expire * 1000 });
      setNow(Date.now());
    } catch {
      setLink(null);
    } finally {
      setBusy(false);
    }
  }, [target, here]);

  useEffect(() => {
    if (open) void renew();
    else setLink(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one token per opening of the dialog, not one per render of the page behind it
  }, [open]);

  useEffect(() => {
    if (!link) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [link]);

  const secondsLeft = link ? Math.max(0, Math.ceil((link.expiresAt - now) / 1000)) : 0;
  return { link, busy, secondsLeft, renew };
}
