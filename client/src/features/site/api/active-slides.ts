// Which of the slider's active rows show now: a slide with dates shows only between them.
// Shared by the slider's query and the HTML shell's hero (../hero-boot.ts), so both pick the
// same first slide.

export interface DatedSlide {
  starts_at?: string | null;
  ends_at?: string | null;
}

export function activeSlides<T extends DatedSlide>(slides: T[], now = Date.now()): T[] {
  return slides.filter(
    (s) =>
      (!s.starts_at || Date.parse(s.starts_at) <= now) &&
      (!s.ends_at || Date.parse(s.ends_at) > now),
  );
}
