import { getCall, postCall } from './call';

/**
 * Friends and discovery (issue 15; spec 2 discovery): the calls of `/crossapi/chatapi/friend`
 * (signed in) and `/discovery` (public; a valid token adds contacts), served by
 * src/server/services/chat/friend.routes.ts and called by the discovery page.
 */
const FRIEND = '/crossapi/chatapi/friend';

export type Friend = { id: number; user_id: number; fullname: string; username: string; company: string };
export type FriendRequest = { id: number; user_id: number; fullname: string; company: string; message: string | null; created_at: string; direction: 'in' | 'out' };
/** A user found by exact username, mobile or e-mail, with where the caller stands with them; null when none. */
export type FoundUser = { id: number; fullname: string; company: string; state: 'none' | 'pending' | 'friend' } | null;
/** The request's state after asking: `accepted` when the other side had already asked the caller. */
export type FriendAnswer = { id: number; status: string };

export type DiscoveredCompany = {
  code: string; name: string; full_name: string | null; type: string; industry: string | null; scale: string | null; province: string | null; city: string | null;
  business_scope: string | null; contact_name?: string | null; own?: boolean;
};
export type DiscoveredProject = {
  code: string | null; name: string; src_type: string; description: string | null; deadline: string | null; tags: string | null; buyer_name: string;
  items: number; delivered_at: string | null; contact_person?: string | null; contact_phone?: string | null; own?: boolean;
};
/** A page of discovery, saying whether the caller was seen as signed in (contacts shown). */
export type DiscoveryPage<T> = { rows: T[]; total: number; page: number; size: number; signed_in: boolean };

export const friendCalls = {
  list: getCall<void, { rows: Friend[] }>(`${FRIEND}/list`),
  /** Pending requests, to and from the caller. */
  requests: getCall<void, { rows: FriendRequest[] }>(`${FRIEND}/requests`),
  find: postCall<{ keyword: string }, { user: FoundUser }>(`${FRIEND}/find`),
  /** To a user, or to a company's contact person by the company's code. */
  request: postCall<{ user_id: number; message?: string } | { client_code: string; message?: string }, FriendAnswer>(`${FRIEND}/request`),
  answer: postCall<{ action: 'accept' | 'decline'; id: number }, FriendAnswer>(`${FRIEND}/:action`),
  remove: postCall<{ user_id: number }, Record<string, never>>(`${FRIEND}/remove`),
};

export const discoveryCalls = {
  companies: getCall<{ keyword?: string; type?: string; page?: number; size: number }, DiscoveryPage<DiscoveredCompany>>('/discovery/companies'),
  projects: getCall<{ keyword?: string; page?: number; size: number }, DiscoveryPage<DiscoveredProject>>('/discovery/projects'),
};
