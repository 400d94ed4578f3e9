import { encodeWav, RECORDER_BUFFER, RECORDER_CHANNELS } from './voice-wav';

/**
 * Records the microphone as spec 9 says: a ScriptProcessor of 4096 frames with 2 input channels at
 * the audio context's rate; `stop` encodes the recording to 16 kHz 16-bit WAV (voice-wav.ts).
 * A mono microphone feeds its one channel to both.
 */
export type Recording = { stop: () => Promise<{ wav: Blob; seconds: number }>; cancel: () => void; seconds: () => number };

export async function startRecording(): Promise<Recording> {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  const Ctx = window.AudioContext ?? (window as unknown as { webkitAudioContext: typeof AudioContext }).webkitAudioContext;
  const ctx = new Ctx();
  const source = ctx.createMediaStreamSource(stream);
  const processor = ctx.createScriptProcessor(RECORDER_BUFFER, RECORDER_CHANNELS, RECORDER_CHANNELS);
  const channels: Float32Array[][] = Array.from({ length: RECORDER_CHANNELS }, () => []);
  let frames = 0;
  processor.onaudioprocess = (e) => {
    const input = e.inputBuffer;
    for (let c = 0; c < RECORDER_CHANNELS; c++) channels[c].push(new Float32Array(input.getChannelData(Math.min(c, input.numberOfChannels - 1))));
    frames += input.length;
  };
  source.connect(processor);
  processor.connect(ctx.destination);
  const release = () => {
    processor.onaudioprocess = null;
    source.disconnect();
    processor.disconnect();
    for (const track of stream.getTracks()) track.stop();
    void ctx.close();
  };
  return {
    seconds: () => frames / ctx.sampleRate,
    cancel: release,
    stop: async () => {
      const rate = ctx.sampleRate;
      release();
      const { bytes, seconds } = encodeWav(channels, rate);
      return { wav: new Blob([bytes as BlobPart], { type: 'audio/wav' }), seconds };
    },
  };
}
