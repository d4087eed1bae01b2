/**
 * Speech for the demo media: espeak-ng renders text to 16-bit mono PCM at 22.05 kHz, clips are
 * joined with pauses (their exact offsets kept for sentence timings), and lame encodes small
 * MP3s (mono, 32 kbps). Only the media generator uses this; the server just serves the files.
 */
import { execFileSync } from 'node:child_process'

export const SAMPLE_RATE = 22_050

/** A voice: an espeak-ng voice name with speed (words/min) and pitch (0–99). */
export interface Voice {
  name: string
  speed: number
  pitch: number
}

export const VOICES = {
  /** The book's narrator. */
  narrator: { name: 'en-gb+f3', speed: 135, pitch: 55 },
  uk: { name: 'en-gb', speed: 130, pitch: 50 },
  us: { name: 'en-us', speed: 130, pitch: 50 },
  /** The learner: a higher, slower voice. */
  learner: { name: 'en-us+f4', speed: 120, pitch: 80 },
} satisfies Record<string, Voice>

/** PCM samples (16-bit little-endian mono) of `text` spoken by `voice`. */
export function speak(text: string, voice: Voice): Buffer {
  const wav = execFileSync('espeak-ng', ['-v', voice.name, '-s', String(voice.speed), '-p', String(voice.pitch), '--stdout', text], {
    maxBuffer: 64 * 1024 * 1024,
  })
  // espeak-ng streams its WAV with a placeholder length; the samples are everything after "data" + size.
  const data = wav.indexOf('data', 12)
  if (data < 0) throw new Error('espeak-ng returned no WAV data')
  const pcm = wav.subarray(data + 8)
  return pcm.subarray(0, pcm.length - (pcm.length % 2))
}

/** `ms` of silence. */
export const silence = (ms: number) => Buffer.alloc(Math.round((SAMPLE_RATE * ms) / 1000) * 2)

/** The duration of PCM samples in whole milliseconds. */
export const durationMs = (pcm: Buffer) => Math.round((pcm.length / 2 / SAMPLE_RATE) * 1000)

/** Joins clips with `gapMs` pauses; returns the audio and each clip's [start, end] in ms. */
export function join(clips: Buffer[], gapMs = 400): { pcm: Buffer; parts: [number, number][] } {
  const pieces: Buffer[] = []
  const parts: [number, number][] = []
  let at = 0
  clips.forEach((clip, i) => {
    if (i > 0) {
      pieces.push(silence(gapMs))
      at += gapMs
    }
    const start = at
    pieces.push(clip)
    at = durationMs(Buffer.concat(pieces))
    parts.push([start, at])
  })
  return { pcm: Buffer.concat(pieces), parts }
}

/** A WAV file around PCM samples (lame reads WAV from stdin). */
function wavFile(pcm: Buffer): Buffer {
  const header = Buffer.alloc(44)
  header.write('RIFF', 0)
  header.writeUInt32LE(36 + pcm.length, 4)
  header.write('WAVEfmt ', 8)
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(1, 22)
  header.writeUInt32LE(SAMPLE_RATE, 24)
  header.writeUInt32LE(SAMPLE_RATE * 2, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36)
  header.writeUInt32LE(pcm.length, 40)
  return Buffer.concat([header, pcm])
}

/** Encodes PCM samples as a small MP3 (mono, 32 kbps, 22.05 kHz). */
export function encodeMp3(pcm: Buffer): Buffer {
  return execFileSync('lame', ['--quiet', '-m', 'm', '-b', '32', '--resample', '22.05', '-', '-'], {
    input: wavFile(pcm),
    maxBuffer: 64 * 1024 * 1024,
  })
}
