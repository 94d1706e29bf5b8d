// The homepage slider: active slides in order, auto-advancing every 6 s (paused on hover and
// focus, and for reduced motion), with previous/next buttons. The HTML shell may have drawn the
// first slide already (../hero-boot.ts, with the same image candidates).
import { ChevronLeft, ChevronRight } from '@/components/ui/icons';
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { Link } from 'react-router';
import { imageSrcSetW, imageUrl } from '@/lib/images';
import { useSlider } from '../api/site';
import { HERO_ASPECT, HERO_SIZE, HERO_SIZES, HERO_WIDTHS } from '../hero-boot';
import { text } from '../text';

function Hero({ children }: { children?: React.ReactNode }) {
  return (
    <div className="relative flex min-h-[320px] items-end overflow-hidden rounded-xl bg-gradient-to-br from-orange-900 via-orange-800 to-amber-700 p-6 text-white sm:min-h-[400px] sm:p-10">
      {children}
    </div>
  );
}

// The home.hero picture loads in its own chunk: most visits have slides and never need it, and
// the home page's first paint has a size budget (scripts/size.mjs).
const HeroPicture = lazy<ComponentType>(() =>
  import('./hero-picture').catch(() => ({ default: () => null })),
);

/** The hero without slides: the site's `home.hero` picture (Website Images) behind the
 *  community's name, or the plain gradient when there is none. Asked for only once the slides
 *  are known to be none, so the slider's first paint never waits for it. */
function PlainHero({ ask }: { ask: boolean }) {
  return (
    <Hero>
      {ask && (
        <Suspense>
          <HeroPicture />
        </Suspense>
      )}
      <div className="relative">
        <h1 className="font-serif text-3xl font-bold sm:text-5xl">{text.heroTitle}</h1>
        <p className="mt-3 max-w-xl text-lg">{text.heroBody}</p>
      </div>
    </Hero>
  );
}

/** `onSettled`: called once the first image has loaded (or failed), or when there is no image
 *  to show (no slides, or they could not be read). */
export function Slider({ onSettled }: { onSettled?: () => void }) {
  const slides = useSlider();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const n = slides.data?.length ?? 0;
  const nothingToLoad = slides.isError || (slides.isSuccess && !slides.data[0]?.image_url);
  useEffect(() => {
    if (nothingToLoad) onSettled?.();
  }, [nothingToLoad, onSettled]);
  useEffect(() => {
    if (n < 2 || paused || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const t = setInterval(() => setIndex((i) => (i + 1) % n), 6000);
    return () => clearInterval(t);
  }, [n, paused]);
  if (!slides.data || n === 0) return <PlainHero ask={slides.isSuccess || slides.isError} />;
  const slide = slides.data[index % n];
  return (
    <section
      aria-roledescription="carousel"
      aria-label={text.heroTitle}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <Hero>
        <img
          src={imageUrl(slide.image_url, HERO_SIZE)}
          srcSet={imageSrcSetW(slide.image_url, HERO_WIDTHS, HERO_ASPECT)}
          sizes={HERO_SIZES}
          alt=""
          width={1200}
          height={600}
          fetchPriority={index === 0 ? 'high' : 'auto'}
          onLoad={onSettled}
          onError={onSettled}
          className="absolute inset-0 h-full w-full object-cover"
        />
        <div
          className="absolute inset-0 bg-gradient-to-t from-black/75 via-black/30 to-transparent"
          aria-hidden
        />
        <div
          className="relative w-full"
          aria-roledescription="slide"
          aria-label={text.slide(index + 1, n)}
        >
          <h1 className="sr-only">{text.heroTitle}</h1>
          <p className="font-serif text-3xl font-bold sm:text-5xl">{slide.title}</p>
          {slide.subtitle && <p className="mt-2 max-w-xl text-lg">{slide.subtitle}</p>}
          <div className="mt-4 flex flex-wrap items-center gap-3">
            {slide.link_url && (
              <Link
                to={slide.link_url}
                className="inline-flex min-h-11 items-center rounded-md bg-white px-4 font-semibold text-orange-900 hover:bg-orange-50"
              >
                {slide.button_text ?? text.learnMore}
              </Link>
            )}
            {n > 1 && (
              <span className="ml-auto flex gap-2">
                <button
                  type="button"
                  className="rounded-full bg-white/25 p-2 hover:bg-white/40"
                  onClick={() => setIndex((i) => (i - 1 + n) % n)}
                >
                  <ChevronLeft className="h-5 w-5" aria-hidden />
                  <span className="sr-only">{text.previousSlide}</span>
                </button>
                <button
                  type="button"
                  className="rounded-full bg-white/25 p-2 hover:bg-white/40"
                  onClick={() => setIndex((i) => (i + 1) % n)}
                >
                  <ChevronRight className="h-5 w-5" aria-hidden />
                  <span className="sr-only">{text.nextSlide}</span>
                </button>
              </span>
            )}
          </div>
        </div>
      </Hero>
    </section>
  );
}
