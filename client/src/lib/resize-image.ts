// Resizing in the browser before an upload: the image is scaled down (never up) to fit the
// box, keeping its proportions, and encoded in the given type and quality.
// (The kit's client/src/lib/image-resize.ts replaces this once it lands: same signature.)

export interface ResizeOptions {
  maxWidth: number;
  maxHeight: number;
  quality: number;
  type: 'image/jpeg' | 'image/webp' | 'image/png';
}

/** The size that fits (width, height) into the box without enlarging it. */
export function fitWithin(
  width: number,
  height: number,
  maxWidth: number,
  maxHeight: number,
): { width: number; height: number } {
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

async function decode(file: Blob): Promise<{ source: CanvasImageSource; w: number; h: number }> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file);
    return { source: bitmap, w: bitmap.width, h: bitmap.height };
  }
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    return { source: img, w: img.naturalWidth, h: img.naturalHeight };
  } finally {
    URL.revokeObjectURL(url);
  }
}

export async function resizeImage(file: Blob, options: ResizeOptions): Promise<Blob> {
  const { source, w, h } = await decode(file);
  const size = fitWithin(w, h, options.maxWidth, options.maxHeight);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas is not available');
  if (options.type === 'image/jpeg') {
    // JPEG has no transparency: transparent pixels become white, not black.
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, size.width, size.height);
  }
  ctx.drawImage(source, 0, 0, size.width, size.height);
  if ('close' in source && typeof source.close === 'function') source.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The image could not be encoded'))),
      options.type,
      options.quality,
    ),
  );
}
