import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { closeOutbox, outboxRoutes } from '../services/notify';
import { instanceId } from './instance.util';
import { redisLimiter, tableLimiter, type LoginLimiter } from './login-limiter.service';
import { hashPassword } from './password';
import { passwordResetRoutes } from './password-reset.routes';
import { sessionRoutes } from './session.routes';
import { signupRoutes } from './signup.routes';

export { authOf, requireAuth, resolveAuth, tokenOf, type AuthContext } from './auth-context';
export { clock, resetClock } from './clock';
export { registerUnreadCounter, type Userinfo } from './userinfo.service';
export { revokeUserSessions } from './sessions.service';

/**
 * Access calls under /api/access and /api/utilsapi (spec 7 "Account and session"): sign-in and
 * sessions, password reset, sign-up and its approval, verification codes, and the outbox page.
 * Sign-in counters live in Redis when REDIS_URL is set (shared by every process), else in the
 * login_attempts table.
 */
export async function accessRoutes(app: FastifyInstance): Promise<void> {
  const { config, db } = app;
  let limiter: LoginLimiter;
  if (config.redisUrl) {
    const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2 });
    // Logged without the URL: it may carry a password.
    redis.on('error', (e: Error) => app.log.warn({ msg: e.message }, 'sign-in counter redis error'));
    limiter = redisLimiter(redis, await instanceId(db), config.loginLimit.windowSeconds);
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => undefined);
    });
  } else {
    limiter = tableLimiter(db, config.loginLimit.windowSeconds);
  }
  app.addHook('onClose', async () => closeOutbox());

  // One argon2 hash to verify against when the username is unknown (same cost as a real check).
  let dummy: Promise<string> | null = null;
  const dummyHash = () => (dummy ??= hashPassword(`unknown-${Math.random()}`, config.argon2));

  await sessionRoutes(app, { limiter, dummyHash });
  await passwordResetRoutes(app, { limiter });
  await signupRoutes(app, { limiter });
  await outboxRoutes(app);
}
