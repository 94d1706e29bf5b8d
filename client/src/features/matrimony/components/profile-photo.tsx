// A profile photo through a short-lived signed link (private bucket), or a placeholder.
import { UserRound } from 'lucide-react';
import { usePhotoLink } from '../api/profiles';
import { pagesText as t } from '../pages-text';

export function ProfilePhoto({
  url,
  name,
  className = 'h-48 w-full',
}: {
  url: string | null;
  name: string;
  className?: string;
}) {
  const link = usePhotoLink(url);
  if (!url || link.isError)
    return (
      <div
        className={`flex items-center justify-center rounded-md bg-stone-100 text-stone-500 ${className}`}
      >
        <UserRound className="h-12 w-12" aria-hidden />
        <span className="sr-only">{t.noPhoto}</span>
      </div>
    );
  if (!link.data) return <div className={`animate-pulse rounded-md bg-stone-200 ${className}`} />;
  return (
    <img
      src={link.data}
      alt={name}
      className={`rounded-md object-cover ${className}`}
      loading="lazy"
    />
  );
}
