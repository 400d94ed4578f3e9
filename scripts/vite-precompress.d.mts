import type { Plugin } from 'vite';

/** Writes .br and .gz copies beside the text files under `dir` (see vite-precompress.mjs). */
export declare function precompressDir(dir: string): Promise<{ files: number; raw: number; br: number; gz: number }>;
/** The Vite plugin compressing the build's output once it is written. */
export declare function precompress(): Plugin;
