/** The Node flags the server process runs with (see server-flags.mjs). */
export declare const SERVER_NODE_FLAGS: string[];
