import { getCall, postCall } from './call';

/**
 * Signing up and signing in through a workplace chat (spec 7): the calls of the sign-up page
 * (src/server/access/signup.routes.ts) and of the workplace-chat welcome page
 * (src/server/services/thirdparty/thirdparty.routes.ts).
 */

/** The company an invite code joins. */
export type InviteInfo = { client_id: number; client_name: string; type: string };
export type SendCodeInput = { channel: 'email' | 'sms'; purpose: string; target: string };
/** Seconds the code lives and seconds before another may be sent. */
export type SentCode = { expire: number; resend_after: number };

/**
 * A workplace-chat sign-in's outcome: the login reply (its fields as the session reads them), or,
 * for a member not bound yet, the ticket that binding the platform account takes.
 */
export type ChatSignInOutcome = Record<string, unknown> & { need_binding?: boolean; bind_ticket?: string; name?: string | null };
export type PreparedSignIn = { url: string; state: string; client_code: string; redirect_uri: string };
export type BindInput = { bind_ticket: string; username: string; password: string };

/** A sign-up's form as the server reads it (account, and the company or the invite code). */
export type SignupInput = Record<string, string>;

export const signupCalls = {
  inviteInfo: getCall<{ code: string }, InviteInfo>('/utilsapi/invite-info'),
  sendCode: postCall<SendCodeInput, SentCode>('/utilsapi/send-code'),
  /** A new company with its administrator, pending the platform's approval. */
  signup: postCall<SignupInput, { id: number; user_id: number; status: 'pending' }>('/utilsapi/signup'),
  /** A new member of the company an invite code names. */
  join: postCall<SignupInput, { user_id: number; client_id: number; client_name: string }>('/utilsapi/signup-join'),
};

export const chatSignInCalls = {
  wecom: {
    prepare: getCall<{ client: string }, PreparedSignIn>('/thirdpartyapi/qywx-basic/prepared-login'),
    signIn: getCall<{ code: string; state: string }, ChatSignInOutcome>('/access/qw3rd-login'),
    bind: postCall<BindInput, ChatSignInOutcome>('/thirdpartyapi/qywx-basic/binding-qywx'),
  },
  dingtalk: {
    prepare: getCall<{ client: string }, PreparedSignIn>('/thirdpartyapi/dingtalk/prepared-login'),
    signIn: postCall<{ code: string; state: string }, ChatSignInOutcome>('/access/dd-login'),
    bind: postCall<BindInput, ChatSignInOutcome>('/thirdpartyapi/dingtalk/binding-dingtalk'),
  },
};
