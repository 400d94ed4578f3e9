/**
 * The board's window replies parsed off the main thread (issue 31: at 100,000 bars a month-zoom scroll
 * gets a window of about 800 bars and 100 KB every few frames, and its JSON.parse took 1-3 ms of the
 * frame it landed in). Given the body's bytes (transferred, not copied), answers the parsed value
 * (a structured clone of numbers' arrays and a few strings), or `error` when the body is not JSON.
 * The client side is board-window-parse.ts.
 */
type Ask = { id: number; body: ArrayBuffer };

const decoder = new TextDecoder();

self.onmessage = (e: MessageEvent<Ask>) => {
  const { id, body } = e.data;
  try {
    self.postMessage({ id, value: JSON.parse(decoder.decode(body)) as unknown });
  } catch (err) {
    self.postMessage({ id, error: String(err) });
  }
};

export {};
