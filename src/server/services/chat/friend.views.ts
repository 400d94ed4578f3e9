import { sql } from 'kysely';
import { friend, friendRequest } from '../../../model/entities/friend.entity';
import type { AuthContext } from '../../access/auth-context';
import { forbidden } from '../../http/errors';
import { assertCan } from '../../resources/permissions';
import { registerViewScope, type ViewScope } from '../../resources/view-reader';
import { registerViewWriter } from '../../resources/view-writer';
import type { ChatCaller } from './chat.service';
import { answerFriend, listFriends, listRequests } from './friend.service';

/**
 * Friends and friend requests as the views `friend` and `friendrequest` (issue 30): their rows are
 * the friend service's own reads for the caller (the other person of each pair the caller is in), so
 * a list, a record and a write see only the caller's pairs; each row is given the caller's company,
 * which the scope keeps. `chat_friend` pairs users of two companies and is not under row-level
 * security. Answering is the request's transition: from `in` (only the asked person has it), stored
 * by `answerFriend`, audited by the view writer under `accept` / `decline`; the asked person keeps
 * the requests they answered (accepted, declined) in the list, the asker sees only pending ones.
 */
const callerOf = (auth: AuthContext): ChatCaller => {
  if (auth.clientId == null) throw forbidden();
  return { clientId: auth.clientId, userId: auth.userId, fullname: auth.fullname || auth.username };
};

const ownPairs = (menuCode: string): ViewScope => async (auth, db) => {
  const own = await assertCan(auth, menuCode, 'read', { db });
  return { where: sql`t.client_id = ${own}`, tenant: null };
};

registerViewScope(friend.name, ownPairs(friend.menuCode), {
  rows: async ({ db, auth }) => (await listFriends(db, callerOf(auth))).map((f) => ({ ...f, client_id: auth.clientId })),
});

registerViewScope(friendRequest.name, ownPairs(friendRequest.menuCode), {
  // A pending pair has no version of its own (each reads 1): an answer is checked against its state (still pending, to the caller).
  rows: async ({ db, auth }) => (await listRequests(db, callerOf(auth), { answered: true })).map(({ direction, ...r }) => ({ ...r, status: direction, client_id: auth.clientId, version: 1 })),
});

registerViewWriter(friendRequest.name, {
  // The rows are the caller's own pairs: whoever may read them may answer those asked of them.
  ownRows: true,
  store: async ({ tx, auth, row, set }) => {
    await answerFriend(tx, callerOf(auth), Number(row.id), set.status === 'accepted');
  },
});
