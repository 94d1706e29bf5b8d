// @vitest-environment jsdom
import { createClient } from '@havyaka/sdk';
import type { Database } from '@havyaka/sdk/database';
import { beforeAll, describe, expect, it } from 'vitest';
import { bootAnonKey, setBoot, takeBootSlides } from '@/lib/boot';
import { imageSrcSetW, imageUrl } from '@/lib/images';
import { apiUrl, setSdk } from '@/lib/sdk';
import { activeSlides } from './api/active-slides';
import { HERO_ASPECT, HERO_SIZE, HERO_WIDTHS, heroSources, paintHero } from './hero-boot';

const STORED = [
  '/storage/v1/object/public/content/demo/slider-1.jpg',
  '/storage/v1/object/public/content/slides/a b/Ūr ūr (1).jpg',
  '/storage/v1/render/image/public/content/x%20y.png?width=10',
];

describe('the shell hero boot', () => {
  beforeAll(() => setSdk(createClient<Database>(apiUrl(), 'anon-key')));

  it('builds the same image URLs as the slider (lib/images through the SDK)', () => {
    for (const path of [...STORED, ...STORED.map((p) => `${apiUrl()}${p}`)]) {
      expect(heroSources(apiUrl(), path)).toEqual({
        src: imageUrl(path, HERO_SIZE),
        srcset: imageSrcSetW(path, HERO_WIDTHS, HERO_ASPECT),
      });
    }
    for (const other of ['https://example.org/a.jpg', '/icons/icon-192.png']) {
      expect(heroSources(apiUrl(), other)).toEqual({ src: imageUrl(other, HERO_SIZE) });
    }
  });

  it("paints the first slide's image, shade and title into the shell's hero", () => {
    document.body.innerHTML = '<div id="shell-hero"><p>Havyaka Community, Mumbai</p></div>';
    paintHero(
      { image_url: STORED[0], title: 'Ugadi <b>2026</b>', subtitle: 'All welcome' },
      apiUrl(),
    );
    const hero = document.getElementById('shell-hero')!;
    const img = hero.querySelector('img')!;
    expect(img.getAttribute('src')).toBe(imageUrl(STORED[0], HERO_SIZE));
    expect(img.getAttribute('srcset')).toBe(imageSrcSetW(STORED[0], HERO_WIDTHS, HERO_ASPECT));
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.alt).toBe('');
    expect(hero.textContent).toBe('Ugadi <b>2026</b>All welcome');
    expect(hero.querySelector('b')).toBeNull();
  });

  it('leaves the shell alone once the app has replaced it', () => {
    document.body.innerHTML = '<main></main>';
    paintHero({ image_url: STORED[0], title: 'T' }, apiUrl());
    expect(document.body.innerHTML).toBe('<main></main>');
  });

  it('hands its requests to the app, the slides only once', async () => {
    const slides = Promise.resolve([{ id: 1 }]);
    setBoot(window, { anonKey: Promise.resolve('k'), slides });
    await expect(bootAnonKey()).resolves.toBe('k');
    expect(takeBootSlides()).toBe(slides);
    expect(takeBootSlides()).toBeNull();
    delete window.__havyakaBoot;
    expect(bootAnonKey()).toBeNull();
  });

  it('shows a dated slide only between its dates', () => {
    const now = Date.parse('2026-05-10T00:00:00Z');
    const rows = [
      { id: 'always' },
      { id: 'started', starts_at: '2026-05-01T00:00:00Z' },
      { id: 'later', starts_at: '2026-06-01T00:00:00Z' },
      { id: 'ended', ends_at: '2026-05-09T00:00:00Z' },
      { id: 'running', starts_at: '2026-05-01T00:00:00Z', ends_at: '2026-05-11T00:00:00Z' },
    ];
    expect(activeSlides(rows, now).map((r) => r.id)).toEqual(['always', 'started', 'running']);
  });
});
