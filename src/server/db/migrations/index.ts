import type { Migration } from '../migrate';
import { core0001 } from './20261121_0001_core';

/** Every timestamped migration, oldest first. A change to an existing table adds a file here. */
export const CORE_MIGRATIONS: Migration[] = [core0001];
