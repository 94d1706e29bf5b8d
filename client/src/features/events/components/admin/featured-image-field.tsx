// Featured Image: upload (checked, resized, stored in event-images/featured), preview, remove.
import { ImagePlus, Loader2, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { imageUrl } from '@/lib/images';
import { uploadRefusal } from '@/lib/upload-refusal';
import { adminText as t } from '@/features/events/admin-text';
import {
  featuredImageProblem,
  FEATURED_IMAGE,
  uploadFeaturedImage,
} from '@/features/events/api/featured-image';

export function FeaturedImageField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (url: string) => void;
  error?: string;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const problem = featuredImageProblem(file);
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    setUploading(true);
    try {
      onChange(await uploadFeaturedImage(file));
      toast({ title: t.image.uploaded, variant: 'success' });
    } catch (error) {
      // The storage service's refusals in the image picker's words (spec §5).
      const refusal = uploadRefusal(error);
      const words =
        refusal === 'size'
          ? { title: t.image.tooLarge, description: t.image.tooLargeBody }
          : refusal === 'type'
            ? { title: t.image.invalidType, description: t.image.invalidTypeBody }
            : { title: t.image.uploadFailed, description: t.image.uploadFailedBody };
      toast({ ...words, variant: 'destructive' });
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="space-y-3">
      <div className="overflow-hidden rounded-md border border-dashed border-stone-300 bg-stone-50">
        {value ? (
          <img
            src={imageUrl(value, { width: 960, height: 540, resize: 'contain' })}
            alt={t.image.preview}
            data-testid="featured-image-preview"
            className="aspect-video w-full object-contain"
          />
        ) : (
          <div className="flex aspect-video w-full flex-col items-center justify-center gap-2 text-stone-500">
            <ImagePlus className="h-8 w-8" aria-hidden />
            <span className="text-sm">{t.image.none}</span>
          </div>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={FEATURED_IMAGE.types.join(',')}
          className="sr-only"
          aria-describedby={`${inputId}-hint`}
          disabled={uploading}
          onChange={(e) => void pick(e.target.files?.[0])}
        />
        <label
          htmlFor={inputId}
          className={`inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-stone-300 bg-white px-4 py-2 text-sm font-semibold text-stone-900 hover:bg-stone-100 focus-within:outline-2 focus-within:outline-orange-800 ${uploading ? 'pointer-events-none opacity-60' : ''}`}
        >
          {uploading ? (
            <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
          ) : (
            <ImagePlus className="h-4 w-4" aria-hidden />
          )}
          {uploading ? t.image.uploading : value ? t.image.replace : t.image.choose}
        </label>
        {value && !uploading && (
          <Button variant="ghost" onClick={() => onChange('')}>
            <Trash2 className="h-4 w-4" aria-hidden /> {t.image.remove}
          </Button>
        )}
      </div>
      <p id={`${inputId}-hint`} className="text-xs text-stone-600">
        {t.image.hint}
      </p>
      {error && <p className="text-sm text-red-700">{error}</p>}
    </div>
  );
}
