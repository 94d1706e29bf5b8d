// A page's banner picture from Website Images (about.banner, …): shown when the key has an
// active picture, nothing otherwise (the page's heading stands alone, as before).
import { imageSrcSetW, imageUrl } from '@/lib/images';
import { useSiteImage, type SiteImageKey } from '../api/website-images';

export function PageBanner({ imageKey }: { imageKey: SiteImageKey }) {
  const picture = useSiteImage(imageKey);
  if (!picture) return null;
  return (
    <img
      src={imageUrl(picture.image_url, { width: 1200, height: 400 })}
      srcSet={imageSrcSetW(picture.image_url, [480, 800, 1200], 3)}
      sizes="(max-width: 1152px) calc(100vw - 2rem), 1120px"
      alt={picture.alt_text ?? picture.title ?? ''}
      title={picture.title ?? undefined}
      width={1200}
      height={400}
      data-testid={`site-image-${imageKey}`}
      data-key={imageKey}
      className="mb-8 aspect-[3/1] w-full rounded-xl bg-stone-100 object-cover"
    />
  );
}
