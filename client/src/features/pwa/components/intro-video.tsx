// The full-screen intro video (spec §2, §9): starts after 1 s, mute toggle, close, Skip Intro,
// a progress bar and a Loading video message; closes 2 s after it ends; shown once.
import { Volume2, VolumeX, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { readLocal, writeLocal } from '@/lib/storage';
import { text } from '../text';

export const INTRO_SEEN = 'havyaka:intro-video-seen';
export const INTRO_START_MS = 1_000;
export const INTRO_CLOSE_AFTER_END_MS = 2_000;
export const INTRO_SRC = '/intro.webm';
/** The shipped video's length: recorded WebM files may not declare their duration. */
export const INTRO_LENGTH_S = 4;

export const introSeen = () => readLocal(INTRO_SEEN, false);

export function IntroVideo({ onDone, src = INTRO_SRC }: { onDone?: () => void; src?: string }) {
  const [phase, setPhase] = useState<'waiting' | 'open' | 'closed'>(() =>
    introSeen() ? 'closed' : 'waiting',
  );
  const [loading, setLoading] = useState(true);
  const [muted, setMuted] = useState(true);
  const [progress, setProgress] = useState(0);
  const [ended, setEnded] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  const close = () => setPhase('closed');

  useEffect(() => {
    if (phase === 'closed') onDone?.();
  }, [phase, onDone]);

  useEffect(() => {
    if (phase !== 'waiting') return;
    const timer = setTimeout(() => {
      writeLocal(INTRO_SEEN, true);
      setPhase('open');
    }, INTRO_START_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  useEffect(() => {
    if (phase !== 'open') return;
    closeButton.current?.focus();
    video.current?.play()?.catch(() => undefined);
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [phase]);

  useEffect(() => {
    if (!ended) return;
    const timer = setTimeout(close, INTRO_CLOSE_AFTER_END_MS);
    return () => clearTimeout(timer);
  }, [ended]);

  if (phase !== 'open') return null;
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-label={text.intro.label}
      className="fixed inset-0 z-[90] flex items-center justify-center bg-black"
      data-testid="intro-video"
    >
      <video
        ref={video}
        src={src}
        muted={muted}
        playsInline
        autoPlay
        preload="auto"
        // The full overlay's box from the start (letterboxed): no shift when the size arrives.
        className="h-full w-full object-contain"
        onCanPlay={() => setLoading(false)}
        onPlaying={() => setLoading(false)}
        onTimeUpdate={(e) => {
          const v = e.currentTarget;
          const length =
            Number.isFinite(v.duration) && v.duration > 0 ? v.duration : INTRO_LENGTH_S;
          setProgress(Math.min(v.currentTime / length, 1));
        }}
        onEnded={() => {
          setProgress(1);
          setEnded(true);
        }}
        onError={close}
      />
      {loading && (
        <p role="status" className="absolute inset-x-0 top-1/2 text-center text-white">
          {text.intro.loading}
        </p>
      )}
      <div className="absolute top-4 right-4 flex gap-2">
        <button
          type="button"
          onClick={() => setMuted((m) => !m)}
          className="rounded-full bg-white/20 p-3 text-white hover:bg-white/30"
          aria-pressed={!muted}
        >
          {muted ? (
            <VolumeX className="h-5 w-5" aria-hidden />
          ) : (
            <Volume2 className="h-5 w-5" aria-hidden />
          )}
          <span className="sr-only">{muted ? text.intro.unmute : text.intro.mute}</span>
        </button>
        <button
          ref={closeButton}
          type="button"
          onClick={close}
          className="rounded-full bg-white/20 p-3 text-white hover:bg-white/30"
        >
          <X className="h-5 w-5" aria-hidden />
          <span className="sr-only">{text.intro.close}</span>
        </button>
      </div>
      <button
        type="button"
        onClick={close}
        className="absolute right-4 bottom-8 rounded-md bg-white px-4 py-2 font-semibold text-stone-900 hover:bg-stone-100"
      >
        {text.intro.skip}
      </button>
      <div
        className="absolute inset-x-0 bottom-0 h-1.5 bg-white/20"
        role="progressbar"
        aria-label={text.intro.progress}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(progress * 100)}
      >
        <div className="h-full bg-orange-600" style={{ width: `${progress * 100}%` }} />
      </div>
    </div>
  );
}
