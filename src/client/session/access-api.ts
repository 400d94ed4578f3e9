import { api, request } from '../api/client';
import { shellState } from './access-state';
import type { LoginReply } from './login-reply';

/**
 * The access calls of spec 7 "Account and session" as the server answers them (src/server/access).
 * Every call that returns user information also says which build this page was loaded with
 * (`build`), so the reply's `hasnewversion` tells whether the server runs a newer one.
 */
const build = () => shellState.pageBuild || undefined;

/** The profile's path (the document's early script asks it too: session-flow.ts EARLY_PROFILE_URL). */
export const PROFILE_PATH = '/access/profile';

export type UserinfoReply = { userinfo: LoginReply };

export const accessApi = {
  /** Login: the reply carries tokens (lifetimes in seconds) and the user information. */
  login: (body: { username: string; password: string; platform_id?: string }) =>
    request<LoginReply>('/access/login', { method: 'POST', body: { ...body, build: build() } }, { quiet: true }),
  /** Token refresh with username and refresh token; on OK, data.userinfo signs the user in. */
  refresh: (username: string, refreshToken: string) =>
    request<UserinfoReply>('/access/refresh-token', { method: 'POST', body: { username, refresh_token: refreshToken, build: build() } }, { quiet: true }),
  profile: (quiet = true) => request<UserinfoReply>(PROFILE_PATH, { method: 'GET', query: { build: build() } }, { quiet }),
  logout: () => request<{ ended_sessions: number }>('/access/logout', { method: 'POST', body: {} }, { quiet: true }),
  /** The token check (spec 7 `GET /access/user-state`, the token in the query): whether the server still honours it. */
  userState: () => request<{ valid: boolean; username: string | null; expires_in: number }>('/access/user-state', { method: 'GET', tokenInQuery: true }, { quiet: true }),
  logoutAll: () => api.post<{ ended_sessions: number }>('/access/logout-all', {}),
  changePassword: (body: { old_password?: string; new_password: string; repeat_password: string }) =>
    request<{ ended_sessions: number }>('/access/change-password', { method: 'POST', body }),
  switchPlatform: (platformId: string) => api.post<LoginReply>('/access/switch-plt', { platform_id: platformId, build: build() }),
  switchCompany: (clientId: number) => api.post<LoginReply>('/access/switch-token', { client_id: clientId, build: build() }),
  requestResetLink: (email: string) => request<{ sent: boolean; expire: number }>('/access/request-password-reset-link', { method: 'POST', body: { email } }),
  resetLinkState: (token: string) => request<{ valid: boolean; expired: boolean; expire_at: string | null }>('/access/reset-link-state', { method: 'GET', query: { token } }),
  resetPassword: (body: { token: string; password: string; repeat: string }) => request<{ username: string }>('/access/reset-password', { method: 'POST', body }),
};

/** The server's health answer: its build id (version check) and readiness. */
export const healthApi = {
  health: () => request<{ status: string; build: string; database: string }>('/health', { method: 'GET' }, { quiet: true }),
};
