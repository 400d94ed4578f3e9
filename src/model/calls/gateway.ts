import type { Label } from '../entity';
import { getCall, postCall } from './call';

/**
 * The outside-system calls (issue 35, spec 7): a company's API keys for the third-party gateway and
 * its out-api pushes (endpoints, allowed hosts, the delivery log with replay). Served by
 * src/server/services/gateway, called by the administration screens in src/client/pages/admin.
 * The gateway itself (`/{vfapi|plmapi|thirdapi|thirdscmapi|thirdplmapi}/{entity}/page|view|save|...`)
 * is the generic resource API and is called by other systems, not by the browser.
 */

/** The prefixes the gateway answers on (spec 7's third-party and module prefixes). */
export const GATEWAY_PREFIXES = ['vfapi', 'plmapi', 'thirdapi', 'thirdscmapi', 'thirdplmapi'] as const;

export type KeyAccess = 'read' | 'write';
export type ApiKeyScope = { entity: string; access: KeyAccess };

/**
 * A key as its list reads it (the view entity `api_key`, src/model/entities/admin-apikey.entity.ts):
 * its first characters tell keys apart; the key itself is in the reply of the save that made it, once.
 */
export type ApiKeyView = {
  id: number;
  version: number;
  name: string;
  key_prefix: string;
  scopes: ApiKeyScope[];
  scopes_text: string;
  rate_per_minute: number;
  /** The last day it works (it stops at that day's end, UTC+8), or null. */
  expires_on: string | null;
  status: 'active' | 'revoked' | 'expired';
  created_by_name: string | null;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  revoked_by_name: string | null;
};

/** An entity a key or a push may name, and what the administrator may grant on it. */
export type GatewayEntityOption = { name: string; label: Label; can_read: boolean; can_write: boolean; transitions: Array<{ action: string; label: Label }> };

export type ApiKeysReply = { rows: ApiKeyView[]; entities: GatewayEntityOption[]; prefixes: readonly string[] };
export type ApiKeySave = { name: string; scopes: ApiKeyScope[]; rate_per_minute?: number | string; expires_at?: string | null };

/** The document events a push endpoint can subscribe to, per entity. */
export type PushEventKind = 'create' | 'update' | 'transition';
export type PushSubscription = { entity: string; events: PushEventKind[] };

export type PushEndpointView = {
  id: number;
  name: string;
  url: string;
  events: PushSubscription[];
  enabled: boolean;
  version: number;
  created_at: string;
  updated_at: string;
  /** Deliveries of the last 24 hours by outcome. */
  recent: { sent: number; failed: number; pending: number };
};

export type PushHost = { id: number; host: string; created_at: string };

export type PushSetupReply = { endpoints: PushEndpointView[]; hosts: PushHost[]; entities: GatewayEntityOption[]; allow_loopback: boolean };

export type PushEndpointSave = { id?: number; version?: number; name: string; url: string; events: PushSubscription[]; enabled?: boolean };

export type PushDeliveryStatus = 'queued' | 'sending' | 'sent' | 'failed';

export type PushDeliveryView = {
  id: number;
  endpoint_id: number | null;
  endpoint_name: string | null;
  url: string;
  /** `<entity>.<event>`, e.g. `purorder.transition`. */
  event: string;
  event_id: string | null;
  status: PushDeliveryStatus;
  attempts: number;
  response_status: number | null;
  error: string | null;
  created_at: string;
  sent_at: string | null;
  next_attempt_at: string | null;
  replay_of: number | null;
  body: string;
};

export type PushDeliveriesReply = { rows: PushDeliveryView[]; total: number; page: number; size: number };

const KEYS = '/adminapi/api-keys';
const PUSH = '/adminapi/push';

export const gatewayCalls = {
  /** The keys' first address (the screen reads the engine's `/adminapi/api_key/page`), kept for other callers. */
  keys: getCall<void, ApiKeysReply>(KEYS),
  /** Creates a key: the reply's `secret` is the key, shown this once (the engine's save of `api_key` answers it as `secret` too). */
  createKey: postCall<ApiKeySave, { key: ApiKeyView; secret: string }>(`${KEYS}/save`),
  revokeKey: postCall<{ id: number }, ApiKeyView>(`${KEYS}/revoke`),
  /** The business objects the caller may name in a key's scopes or an endpoint's events, with write where they may edit (the drawers' widgets). */
  entities: getCall<void, GatewayEntityOption[]>('/adminapi/gateway/entities'),
  pushSetup: getCall<void, PushSetupReply>(`${PUSH}/setup`),
  /** Creates (the reply's `secret` is the signing secret, shown this once) or changes an endpoint. */
  saveEndpoint: postCall<PushEndpointSave, { endpoint: PushEndpointView; secret: string | null }>(`${PUSH}/endpoints/save`),
  rotateSecret: postCall<{ id: number }, { endpoint: PushEndpointView; secret: string }>(`${PUSH}/endpoints/rotate-secret`),
  removeEndpoint: postCall<{ id: number }, { id: number }>(`${PUSH}/endpoints/remove`),
  /** Sends a `ping` event to the endpoint through the outbox, as any event goes. */
  pingEndpoint: postCall<{ id: number }, { delivery_id: number }>(`${PUSH}/endpoints/ping`),
  addHost: postCall<{ host: string }, PushHost>(`${PUSH}/hosts/save`),
  removeHost: postCall<{ id: number }, { id: number }>(`${PUSH}/hosts/remove`),
  deliveries: getCall<{ page?: number; size?: number; status?: string; endpoint_id?: number }, PushDeliveriesReply>(`${PUSH}/deliveries`),
  /** Delivers a delivery's event again, as a new delivery (signed anew, same event id). */
  replay: postCall<{ id: number }, { delivery_id: number }>(`${PUSH}/deliveries/replay`),
};

/** The module UIs a temporary token opens (spec 9: SFCENTER `sfcenterui`, SFPRINT `printui`), the shop floor's. */
export const TEMP_TOKEN_TARGETS = ['sfcenterui', 'printui'] as const;
export type TempTokenTarget = (typeof TEMP_TOKEN_TARGETS)[number];

/** The module UI a temporary token opens for a platform (its UI suffix), or null for a platform without one. */
export function tempTokenTargetOf(uiSuffix: string | null | undefined): TempTokenTarget | null {
  return (TEMP_TOKEN_TARGETS as readonly string[]).includes(uiSuffix ?? '') ? (uiSuffix as TempTokenTarget) : null;
}

/**
 * `/sf/send-temp-token` (spec 7, third-party api): a one-use token, a minute long, to open a module's
 * own UI as the signed-in user on another device; `login` exchanges it there for a session of its own.
 */
export const tempTokenCalls = {
  send: postCall<{ target?: string }, { temp_token: string; expire: number; target: string }>('/thirdpartyapi/sf/send-temp-token'),
  /** The login reply (its fields as the session reads them), or 401 for a used, expired or unknown token. */
  login: postCall<{ temp_token: string }, Record<string, unknown>>('/access/temp-token-login'),
};
