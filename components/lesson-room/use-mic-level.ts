'use client';

import { useEffect, useState } from 'react';

/** The microphone's loudness, 0 to 1, about ten times a second (an AnalyserNode on the stream's audio). */
export function useMicLevel(stream: MediaStream | null): number {
  const [level, setLevel] = useState(0);
  useEffect(() => {
    if (!stream || stream.getAudioTracks().length === 0) return;
    const Ctx = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctx) return;
    const ctx = new Ctx();
    // Browsers start an AudioContext suspended until the person touches the page.
    const wake = () => void ctx.resume().catch(() => {});
    if (ctx.state === 'suspended') {
      document.addEventListener('pointerdown', wake, { once: true });
      document.addEventListener('keydown', wake, { once: true });
    }
    const source = ctx.createMediaStreamSource(stream);
    const analyser = ctx.createAnalyser();
    analyser.fftSize = 512;
    source.connect(analyser);
    const data = new Uint8Array(analyser.fftSize);
    const timer = setInterval(() => {
      analyser.getByteTimeDomainData(data);
      let sum = 0;
      for (const v of data) sum += ((v - 128) / 128) ** 2;
      setLevel(Math.min(1, Math.sqrt(sum / data.length) * 4));
    }, 100);
    return () => {
      clearInterval(timer);
      document.removeEventListener('pointerdown', wake);
      document.removeEventListener('keydown', wake);
      source.disconnect();
      void ctx.close();
    };
  }, [stream]);
  return level;
}
