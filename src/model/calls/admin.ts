import { getCall, postCall } from './call';

/**
 * Administration (spec 2 system pages): the calls the administration pages make outside the
 * generic entity API. Served by src/server/services/admin.
 */

/** A role a picker offers: the platform's roles (not the super administrator's) and the company's own. */
export type RoleOption = { code: string; name: string; name_en: string | null };

/** A colleague as the people picker lists one (active users of the caller's company). */
export type Colleague = { id: number; username: string; fullname: string | null };

export const adminCalls = {
  /** The caller's company's active users matching `q` (any signed-in member may pick a colleague); with `ids` (joined by commas) those users instead, also any since frozen. */
  userOptions: getCall<{ q?: string; size?: number; ids?: string }, { rows: Colleague[] }>('/adminapi/users/options'),
  /** The roles of the caller's company (a transfer of recipient roles picks from them). */
  roleOptions: getCall<{ q?: string; size?: number }, { rows: RoleOption[] }>('/adminapi/roles/options'),
  /** Mails the company's invite code to someone who is not a user yet (the users page's own button). */
  inviteUser: postCall<{ email: string; fullname?: string }, { outbox_id: number; invite_code: string }>('/adminapi/users/invite'),
};
