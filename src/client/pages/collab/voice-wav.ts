/**
 * The voice recorder's encoding (spec 9 "Audio recorder: buffer 4096, 2 channels, output
 * downsampled to 16000 Hz, 16-bit WAV"), pure so that it is tested without a microphone.
 *
 * The browser records with a ScriptProcessor of RECORDER_BUFFER frames and RECORDER_CHANNELS input
 * channels at the audio context's rate (44.1 or 48 kHz); `encodeWav` mixes the channels to one,
 * downsamples to 16 kHz by averaging the input frames that fall in each output frame (a box
 * filter, which also keeps the speech band free of aliasing better than dropping samples), clamps
 * to [-1, 1] and writes 16-bit little-endian PCM in a RIFF/WAVE container, mono.
 */
export const RECORDER_BUFFER = 4096;
export const RECORDER_CHANNELS = 2;
export const WAV_RATE = 16000;

/** Mixes the channels (each a list of chunks as recorded) into one Float32Array. */
export function mixDown(channels: Float32Array[][]): Float32Array {
  if (!channels.length) return new Float32Array(0);
  const length = channels[0].reduce((n, c) => n + c.length, 0);
  const out = new Float32Array(length);
  for (const chunks of channels) {
    let o = 0;
    for (const chunk of chunks) {
      for (let i = 0; i < chunk.length && o < length; i++) out[o++] += chunk[i] / channels.length;
    }
  }
  return out;
}

/** Downsamples `input` from `fromRate` to `toRate` (toRate <= fromRate) by averaging each output frame's input frames. */
export function downsample(input: Float32Array, fromRate: number, toRate: number = WAV_RATE): Float32Array {
  if (toRate > fromRate) throw new Error('downsample: the output rate must not exceed the input rate');
  if (toRate === fromRate) return input.slice();
  const ratio = fromRate / toRate;
  const length = Math.floor(input.length / ratio);
  const out = new Float32Array(length);
  for (let i = 0; i < length; i++) {
    const start = Math.floor(i * ratio);
    const end = Math.min(input.length, Math.floor((i + 1) * ratio));
    let sum = 0;
    for (let j = start; j < end; j++) sum += input[j];
    out[i] = end > start ? sum / (end - start) : 0;
  }
  return out;
}

/** 16-bit PCM mono WAV of `samples` (floats in [-1, 1], clamped) at `rate`. */
export function wavBytes(samples: Float32Array, rate: number = WAV_RATE): Uint8Array {
  const bytes = new Uint8Array(44 + samples.length * 2);
  const v = new DataView(bytes.buffer);
  const ascii = (at: number, s: string) => {
    for (let i = 0; i < s.length; i++) v.setUint8(at + i, s.charCodeAt(i));
  };
  ascii(0, 'RIFF');
  v.setUint32(4, 36 + samples.length * 2, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  v.setUint32(16, 16, true); // size of the fmt chunk
  v.setUint16(20, 1, true); // PCM
  v.setUint16(22, 1, true); // mono
  v.setUint32(24, rate, true);
  v.setUint32(28, rate * 2, true); // byte rate
  v.setUint16(32, 2, true); // block align
  v.setUint16(34, 16, true); // bits per sample
  ascii(36, 'data');
  v.setUint32(40, samples.length * 2, true);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]));
    v.setInt16(44 + i * 2, s < 0 ? Math.round(s * 0x8000) : Math.round(s * 0x7fff), true);
  }
  return bytes;
}

/** The recorder's whole path: channels of chunks at `inputRate` -> 16 kHz 16-bit mono WAV. */
export function encodeWav(channels: Float32Array[][], inputRate: number): { bytes: Uint8Array; seconds: number } {
  const samples = downsample(mixDown(channels), inputRate, WAV_RATE);
  return { bytes: wavBytes(samples, WAV_RATE), seconds: samples.length / WAV_RATE };
}

/** Reads back a WAV written by `wavBytes` (header fields and samples), for tests and checks. */
export function readWav(bytes: Uint8Array): { rate: number; channels: number; bits: number; samples: Int16Array } {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (at: number) => String.fromCharCode(...bytes.slice(at, at + 4));
  if (tag(0) !== 'RIFF' || tag(8) !== 'WAVE' || tag(12) !== 'fmt ' || tag(36) !== 'data') throw new Error('not a WAV written by wavBytes');
  const n = v.getUint32(40, true) / 2;
  const samples = new Int16Array(n);
  for (let i = 0; i < n; i++) samples[i] = v.getInt16(44 + i * 2, true);
  return { rate: v.getUint32(24, true), channels: v.getUint16(22, true), bits: v.getUint16(34, true), samples };
}
