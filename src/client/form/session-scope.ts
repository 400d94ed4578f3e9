import { useSnapshot } from 'valtio';
import { access } from '../session/access-state';
import type { FormContext } from './form-logic';
import type { TokenContext } from '../../model/default-tokens';

/** The session state form conditions read (spec 6: `session.dashroles` is the user's role codes). */
export function useFormSession(): FormContext['session'] {
  const a = useSnapshot(access);
  return { dashroles: [...a.dashroles], userId: a.id, fullname: a.fullname, clientId: a.clientId, username: a.username, platformId: a.platformId };
}

/** Default-value tokens of spec 7 resolve against now and the signed-in user. */
export function tokenContext(session: FormContext['session']): TokenContext {
  return { now: new Date(), session: { userId: session.userId ?? null, fullname: session.fullname ?? null, clientId: session.clientId ?? null } };
}
