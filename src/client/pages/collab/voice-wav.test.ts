import { describe, expect, it } from 'vitest';
import { downsample, encodeWav, mixDown, readWav, RECORDER_BUFFER, wavBytes, WAV_RATE } from './voice-wav';

/** A sine of `hz` at `rate` in chunks of the recorder's buffer size. */
function sine(hz: number, rate: number, seconds: number, amp = 0.5): Float32Array[] {
  const total = Math.round(rate * seconds);
  const chunks: Float32Array[] = [];
  for (let at = 0; at < total; at += RECORDER_BUFFER) {
    const c = new Float32Array(Math.min(RECORDER_BUFFER, total - at));
    for (let i = 0; i < c.length; i++) c[i] = amp * Math.sin((2 * Math.PI * hz * (at + i)) / rate);
    chunks.push(c);
  }
  return chunks;
}

describe('the voice recorder encoding (spec 9: buffer 4096, 2 channels, 16 kHz 16-bit WAV)', () => {
  it('writes a RIFF/WAVE header of 16 kHz, 16-bit, mono PCM with the right sizes', () => {
    const bytes = wavBytes(new Float32Array([0, 0.5, -0.5, 1, -1]), WAV_RATE);
    expect(bytes.length).toBe(44 + 10);
    const v = new DataView(bytes.buffer);
    expect(String.fromCharCode(...bytes.slice(0, 4))).toBe('RIFF');
    expect(v.getUint32(4, true)).toBe(36 + 10);
    expect(v.getUint16(20, true)).toBe(1);
    expect(v.getUint32(28, true)).toBe(32000);
    expect(v.getUint16(32, true)).toBe(2);
    const back = readWav(bytes);
    expect(back).toMatchObject({ rate: 16000, channels: 1, bits: 16 });
    expect([...back.samples]).toEqual([0, 16384, -16384, 32767, -32768]);
  });

  it('clamps samples outside [-1, 1]', () => {
    expect([...readWav(wavBytes(new Float32Array([2, -3]))).samples]).toEqual([32767, -32768]);
  });

  it('mixes the two channels into one', () => {
    const left = [new Float32Array([1, 0.5]), new Float32Array([0])];
    const right = [new Float32Array([0, 0.5]), new Float32Array([-1])];
    expect([...mixDown([left, right])]).toEqual([0.5, 0.5, -0.5]);
  });

  it('downsamples 48 kHz to 16 kHz by averaging each group of three frames, and 44.1 kHz to the right length', () => {
    expect([...downsample(new Float32Array([0.3, 0.6, 0.9, -0.3, -0.6, -0.9]), 48000, 16000)].map((x) => Math.round(x * 100) / 100)).toEqual([0.6, -0.6]);
    expect(downsample(new Float32Array(44100), 44100, 16000).length).toBe(16000);
    expect(() => downsample(new Float32Array(10), 8000, 16000)).toThrow();
  });

  it('keeps a 440 Hz tone recorded at 48 kHz in two channels as 440 Hz at 16 kHz, one second long', () => {
    const { bytes, seconds } = encodeWav([sine(440, 48000, 1), sine(440, 48000, 1)], 48000);
    expect(seconds).toBe(1);
    const { samples, rate } = readWav(bytes);
    expect(rate).toBe(16000);
    expect(samples.length).toBe(16000);
    // Count rising zero crossings: 440 per second.
    let crossings = 0;
    for (let i = 1; i < samples.length; i++) if (samples[i - 1] < 0 && samples[i] >= 0) crossings++;
    expect(Math.abs(crossings - 440)).toBeLessThanOrEqual(1);
    // The averaging loses little of a 440 Hz tone's amplitude (0.5 of full scale).
    const peak = Math.max(...samples);
    expect(peak).toBeGreaterThan(0.48 * 32767);
    expect(peak).toBeLessThanOrEqual(0.5 * 32767 + 1);
  });
});
