import { hash, verify } from '@node-rs/argon2';
import type { AppConfig } from '../config';

/** Argon2id (the @node-rs default algorithm) with the cost: at least 19 MiB, 2 passes, parallelism 1. */
export function hashPassword(password: string, cost: AppConfig['argon2']): Promise<string> {
  return hash(password, { memoryCost: cost.memoryCost, timeCost: cost.timeCost, parallelism: cost.parallelism, algorithm: 2 });
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
