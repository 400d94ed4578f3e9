import type { Plugin } from 'vite';

type BundleItem = { type: string; fileName: string; imports?: string[]; isEntry?: boolean; facadeModuleId?: string | null };

/** The Vite plugin writing the document's early script into the build with its preload map (see vite-early-calls.mjs). */
export declare function earlyCalls(options: { script: string; pages: Record<string, string> }): Plugin;
/** Per address, the chunks its page imports (its own and their static imports) less the entry's. */
export declare function preloadMap(bundle: Record<string, BundleItem>, pages: Record<string, string>, base?: string): Record<string, string[]>;
/** The script with its preload map written in. */
export declare function withPreloads(script: string, map: Record<string, string[]>): string;
