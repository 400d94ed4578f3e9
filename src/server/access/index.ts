import type { FastifyInstance } from 'fastify';
import { redisClient } from '../kernel/redis/redis-client';
import { closeOutbox } from '../kernel/outbox/outbox.service';
import { instanceId } from './instance.util';
import { redisLimiter, tableLimiter, type LoginLimiter } from './login-limiter.service';
import { hashPassword } from '../kernel/password';
import { passwordResetRoutes } from './password-reset.routes';
import { sessionRoutes } from './session.routes';
import { signupRoutes } from './signup.routes';

export { authOf, requireAuth, resolveAuth, tokenOf, type AuthContext } from './auth-context';
export { clock, resetClock } from './clock';
export { registerUnreadCounter, type Userinfo } from './userinfo.service';
export { revokeUserSessions } from './sessions.service';
export { accountKey, addressKey, limitKeys, type LoginLimiter } from './login-limiter.service';
export { admitAttempt } from './session.routes';

/**
 * The sign-in counters of this installation: Redis keys when REDIS_URL is set (shared by every
 * process), else login_attempts rows. Every route that verifies a password counts on them, so the
 * workplace-chat binding shares the sign-in lockout.
 */
export async function openLoginLimiter(app: FastifyInstance): Promise<LoginLimiter> {
  const { config, db } = app;
  if (!config.redisUrl) return tableLimiter(db, config.loginLimit.windowSeconds);
  const redis = await redisClient(config.redisUrl, { maxRetriesPerRequest: 2 });
  // Logged without the URL: it may carry a password.
  redis.on('error', (e: Error) => app.log.warn({ msg: e.message }, 'sign-in counter redis error'));
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => undefined);
  });
  return redisLimiter(redis, await instanceId(db), config.loginLimit.windowSeconds);
}

/**
 * Access calls under /api/access and /api/utilsapi (spec 7 "Account and session"): sign-in and
 * sessions, password reset, sign-up and its approval, verification codes (the outbox page and the
 * notices are services/notify's notifyRoutes).
 * Sign-in counters live in Redis when REDIS_URL is set (shared by every process), else in the
 * login_attempts table.
 */
export async function accessRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app;
  const limiter = await openLoginLimiter(app);
  app.addHook('onClose', async () => closeOutbox());

  // One argon2 hash to verify against when the username is unknown (same cost as a real check).
  let dummy: Promise<string> | null = null;
  const dummyHash = () => (dummy ??= hashPassword(`unknown-${Math.random()}`, config.argon2));

  await sessionRoutes(app, { limiter, dummyHash });
  await passwordResetRoutes(app, { limiter });
  await signupRoutes(app, { limiter });
}
