/** Every entity declaration; importing this registers them all. */
export {};
