// The home page's hero, painted by the HTML shell before the app's JavaScript has arrived
// (issue 22: the slider's first image is a first visit's largest paint, and it waited on the
// entry bundle, then on the slider's request). vite.config.ts builds app/hero-boot-entry.ts into
// a small inline script in index.html's head: on the home page it asks for the client config
// and the active slides at once, and draws the first slide's image, overlay and title into
// the shell's hero (#shell-hero), as the slider draws it. The app then takes over those two
// requests (lib/boot.ts) instead of repeating them, and renders the same slide over the shell.
//
// Pure helpers only (no SDK, no React): the script must stay a few kilobytes.
import { setBoot } from '@/lib/boot';
import { activeSlides } from './api/active-slides';

/** The slider's image candidates and sizes (features/site/components/slider.tsx). */
export const HERO_WIDTHS = [480, 800, 1200];
export const HERO_ASPECT = 2;
export const HERO_SIZE = { width: 800, height: 400 };
export const HERO_SIZES = '(max-width: 1152px) calc(100vw - 2rem), 1120px';
export const SLIDES_PATH =
  '/rest/v1/homepage_slider?select=*&is_active=eq.true&order=display_order.asc';

interface SlideRow {
  image_url?: string | null;
  title?: string | null;
  subtitle?: string | null;
  starts_at?: string | null;
  ends_at?: string | null;
}

const PUBLIC_OBJECT = /^\/storage\/v1\/(?:object|render\/image)\/public\/([^/]+)\/([^?#]+)/;

// lib/object-path.ts's encodeObjectPath, written again: imported, it costs the first paint's
// budget (this script is inlined in index.html and in the entry bundle) about 20 bytes.
const encodePath = (path: string) =>
  path
    .replace(/^\/+|\/+$/g, '')
    .replace(/\/+/g, '/')
    .split('/')
    .map(encodeURIComponent)
    .join('/');

/** The server's resized image URL, as lib/images.ts's imageUrl builds it through the SDK. */
export function heroImageUrl(
  origin: string,
  url: string,
  size: { width: number; height: number },
): string {
  const local = url.startsWith(origin) ? url.slice(origin.length) : url;
  const m = PUBLIC_OBJECT.exec(local);
  if (!m) return url.startsWith('/') ? `${origin}${url}` : url;
  const object = `${m[1]}/${encodePath(decodeURIComponent(m[2]))}`;
  const query = `width=${size.width}&height=${size.height}&resize=cover`;
  return `${origin}/storage/v1/render/image/public/${object}?${query}`;
}

/** `src` and `srcset` of the slider's image (lib/images.ts's imageUrl and imageSrcSetW). */
export function heroSources(origin: string, url: string): { src: string; srcset?: string } {
  const src = heroImageUrl(origin, url, HERO_SIZE);
  const local = url.startsWith(origin) ? url.slice(origin.length) : url;
  if (!PUBLIC_OBJECT.test(local)) return { src };
  const srcset = HERO_WIDTHS.map(
    (w) => `${heroImageUrl(origin, url, { width: w, height: Math.round(w / HERO_ASPECT) })} ${w}w`,
  ).join(', ');
  return { src, srcset };
}

function element(tag: string, className: string, text?: string) {
  const el = document.createElement(tag);
  el.className = className;
  if (text) el.textContent = text;
  return el;
}

/** Draws `slide` into the shell's hero (if the app has not replaced the shell yet). */
export function paintHero(slide: SlideRow, origin: string) {
  const hero = document.getElementById('shell-hero');
  if (!hero || !slide.image_url) return;
  const { src, srcset } = heroSources(origin, slide.image_url);
  const img = document.createElement('img');
  img.alt = '';
  img.width = 1200;
  img.height = 600;
  img.setAttribute('fetchpriority', 'high');
  img.className = 'absolute inset-0 h-full w-full object-cover';
  if (srcset) {
    img.sizes = HERO_SIZES;
    img.srcset = srcset;
  }
  img.src = src;
  const shade = element(
    'div',
    'absolute inset-0 bg-gradient-to-t from-black/75 via-black/30 to-transparent',
  );
  shade.setAttribute('aria-hidden', 'true');
  const caption = element('div', 'relative w-full');
  caption.append(element('p', 'font-serif text-3xl font-bold sm:text-5xl', slide.title ?? ''));
  if (slide.subtitle) caption.append(element('p', 'mt-2 max-w-xl text-lg', slide.subtitle));
  hero.replaceChildren(img, shade, caption);
}

/** Starts the home page's two first requests and paints the first slide when they answer. */
export function startHeroBoot(win: Window = window) {
  if (win.location.pathname !== '/') return;
  const origin = win.location.origin;
  const anonKey = fetch(`${origin}/api/client-config`).then(async (res) => {
    if (!res.ok) throw new Error(`client config: HTTP ${res.status}`);
    return ((await res.json()) as { anonKey: string }).anonKey;
  });
  const slides = anonKey.then(async (key) => {
    const res = await fetch(`${origin}${SLIDES_PATH}`, {
      headers: { apikey: key, Authorization: `Bearer ${key}`, Accept: 'application/json' },
    });
    if (!res.ok) throw new Error(`slides: HTTP ${res.status}`);
    return (await res.json()) as unknown[];
  });
  // Unhandled rejections would reach the app's error toasts: the app retries on its own.
  anonKey.catch(() => {});
  slides.catch(() => {});
  setBoot(win, { anonKey, slides });
  void slides.then((rows) => {
    const first = activeSlides(rows as SlideRow[])[0];
    if (!first?.image_url) return;
    const paint = () => paintHero(first, origin);
    if (document.readyState === 'loading')
      document.addEventListener('DOMContentLoaded', paint, { once: true });
    else paint();
  });
}
