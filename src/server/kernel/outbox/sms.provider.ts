/**
 * The SMS provider interface (issue 35: "an SMS provider interface with the outbox as its default
 * sender, as mail has"). Every SMS is first an outbox row (outbox.service.ts `queueMessage`); the
 * row is what an operator reads on the outbox page when no provider is configured, exactly as a
 * mail without SMTP_URL. With SMS_URL set, the row is handed to the provider in the background and
 * becomes `sent` or `failed` with a reason that names no secret.
 */
export interface SmsProvider {
  /** A short name for the outbox page and logs (never the endpoint or its credentials). */
  readonly name: string;
  /** Sends one text to one mainland mobile number; throws when the provider refuses it. */
  send(to: string, text: string): Promise<void>;
}

/** How long a provider call may take before the row is marked failed. */
export const SMS_TIMEOUT_MS = 10_000;

/**
 * The generic HTTP provider: `POST SMS_URL` with the JSON body `{ to, text }`. Credentials in the URL
 * (`https://key:secret@host/path`) travel as a Basic authorization header, never in the address the
 * request names, and a 2xx answer means accepted. Gateways of the Chinese SMS vendors (or a relay in
 * front of them) take this shape; a vendor SDK can implement `SmsProvider` the same way.
 */
export function httpSmsProvider(smsUrl: string, fetchImpl: typeof fetch = fetch): SmsProvider {
  const url = new URL(smsUrl);
  const auth = url.username ? `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}` : null;
  url.username = '';
  url.password = '';
  const endpoint = url.toString();
  return {
    name: `http:${url.host}`,
    async send(to, text) {
      const res = await fetchImpl(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
        redirect: 'error',
      });
      // The body of a refusal may echo the request (and so the code): only the status is kept.
      await res.body?.cancel().catch(() => undefined);
      if (!res.ok) throw new Error(`SMS provider ${url.host} answered ${res.status}`);
    },
  };
}

const providers = new Map<string, SmsProvider>();

/** The configured provider (one per SMS_URL), or null: the outbox row is then the delivery. */
export function smsProviderFor(smsUrl: string | undefined): SmsProvider | null {
  if (!smsUrl) return null;
  let p = providers.get(smsUrl);
  if (!p) {
    p = httpSmsProvider(smsUrl);
    providers.set(smsUrl, p);
  }
  return p;
}

/** Error text an outbox row may keep: a URL's credentials are removed. */
export function redactUrlCredentials(text: string): string {
  return text.replace(/(https?:\/\/)[^@\s/]*@/gi, '$1[redacted]@');
}
