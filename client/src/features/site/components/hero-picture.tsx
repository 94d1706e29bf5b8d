// The home page's hero picture without slides: Website Images' `home.hero` (see slider.tsx),
// with the slider's image candidates and shade; nothing when there is no active picture.
import { imageSrcSetW, imageUrl } from '@/lib/images';
import { useSiteImage } from '../api/website-images';
import { HERO_ASPECT, HERO_SIZE, HERO_SIZES, HERO_WIDTHS } from '../hero-boot';

export default function HeroPicture() {
  const picture = useSiteImage('home.hero');
  if (!picture) return null;
  return (
    <>
      <img
        src={imageUrl(picture.image_url, HERO_SIZE)}
        srcSet={imageSrcSetW(picture.image_url, HERO_WIDTHS, HERO_ASPECT)}
        sizes={HERO_SIZES}
        alt={picture.alt_text ?? ''}
        width={1200}
        height={600}
        data-testid="home-hero-image"
        className="absolute inset-0 h-full w-full object-cover"
      />
      <div
        className="absolute inset-0 bg-gradient-to-t from-black/75 via-black/30 to-transparent"
        aria-hidden
      />
    </>
  );
}
