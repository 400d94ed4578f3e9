import type { Db } from './database';

/**
 * Tables a service derives from the registry's tables and keeps by triggers in the writer's
 * transaction (the report aggregates, each plan's lateness). db/ imports no service (the layers of
 * docs/architecture.md), so a service registers its derived tables here when its module loads:
 * migrate() installs them after the registry's schema, in `order`, and row-level security protects
 * their tenant tables (kernel/rls). Whoever migrates loads the server's modules first (app.ts).
 */
export type DerivedTables = {
  name: string;
  /** Installed in ascending order (aggregates before the plan figures, as they always were). */
  order: number;
  /** Idempotent: creates or upgrades the tables and their triggers. */
  install: (db: Db) => Promise<void>;
  /** The tables holding one company's rows (client_id), protected like a registry table. */
  tenantTables: () => readonly string[];
};

const REGISTERED = new Map<string, DerivedTables>();

export function registerDerivedTables(def: DerivedTables): void {
  REGISTERED.set(def.name, def);
}

/** Every registered set, in installation order. */
export function derivedTables(): DerivedTables[] {
  return [...REGISTERED.values()].sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
}
