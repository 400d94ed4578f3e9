/** Types of tests/support/embedded-database-files.mjs (read by scripts/test.mjs and its check). */
export declare const EMBEDDED_DATABASE_FILES: ReadonlyArray<readonly [file: string, why: string]>;
