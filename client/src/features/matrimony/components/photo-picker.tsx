// The profile photo: picked, checked (JPEG, PNG, WebP), previewed and removable; the upload
// resizes it (photo.ts). And the optional biodata PDF.
import { useEffect, useId, useState } from 'react';
import { FileInput, FileLabel } from '@/components/file-input';
import { Button } from '@/components/ui/button';
import { PHOTO_TYPES } from '../photo';
import { text } from '../text';

const MAX_PICKED = 20 * 1024 * 1024; // resized below 2 MB before upload

export function PhotoPicker({
  file,
  onChange,
  currentUrl,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  currentUrl?: string | null;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const shown = preview ?? currentUrl ?? null;
  return (
    <div>
      <FileLabel id={id} label={text.photo} hint={text.photoHint} />
      <div className="flex flex-wrap items-start gap-4">
        {shown && (
          <img
            src={shown}
            alt={text.photoPreview}
            className="h-40 w-32 rounded-md border border-stone-200 object-cover"
          />
        )}
        <div className="space-y-2">
          <FileInput
            id={id}
            accept="image/jpeg,image/png,image/webp"
            onPick={([picked]) => {
              if (!picked) return;
              if (!PHOTO_TYPES.includes(picked.type)) return setError(text.photoType);
              if (picked.size > MAX_PICKED) return setError(text.photoTooLarge);
              setError(null);
              onChange(picked);
            }}
          />
          {file && (
            <Button variant="secondary" onClick={() => onChange(null)}>
              {text.removePhoto}
            </Button>
          )}
          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

export function BiodataPicker({
  file,
  onChange,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  return (
    <div>
      <FileLabel id={id} label={text.biodata} hint={text.biodataHint} />
      <FileInput
        id={id}
        accept="application/pdf"
        onPick={([picked]) => {
          if (!picked) return;
          if (picked.type !== 'application/pdf') return setError(text.biodataType);
          if (picked.size > 10 * 1024 * 1024) return setError(text.biodataTooLarge);
          setError(null);
          onChange(picked);
        }}
      />
      {file && <p className="mt-1 text-sm">{file.name}</p>}
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
