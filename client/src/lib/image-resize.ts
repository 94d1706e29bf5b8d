// Images resized in the browser before upload: decoded (EXIF orientation applied), drawn to fit
// inside a box keeping the aspect ratio (never enlarged), and re-encoded, which also drops the
// photo's metadata (camera, GPS position) before it leaves the device.

export interface ResizeOptions {
  /** The largest width in pixels (default 1600). */
  maxWidth?: number;
  /** The largest height in pixels (default 1600). */
  maxHeight?: number;
  /** Encoder quality 0-1 for JPEG and WebP (default 0.85). */
  quality?: number;
  /** Output type (default 'image/webp'; falls back to JPEG where the browser cannot encode it). */
  type?: 'image/webp' | 'image/jpeg' | 'image/png';
}

/** The largest size fitting inside maxWidth × maxHeight with the same aspect, never larger. */
export function fitInside(
  width: number,
  height: number,
  maxWidth: number,
  maxHeight: number,
): { width: number; height: number } {
  if (!(width > 0 && height > 0)) return { width: 0, height: 0 };
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

const EXTENSIONS: Record<string, string> = {
  'image/webp': 'webp',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

/** The original name with the new type's extension ('IMG 1.HEIC' → 'IMG 1.webp'). */
export function renamedFor(name: string, type: string): string {
  const base = name.replace(/\.[^./\\]+$/, '').trim() || 'image';
  return `${base}.${EXTENSIONS[type] ?? 'img'}`;
}

type Decoded = { source: CanvasImageSource; width: number; height: number; close: () => void };

async function decode(file: Blob): Promise<Decoded> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    return {
      source: bitmap,
      width: bitmap.width,
      height: bitmap.height,
      close: () => bitmap.close(),
    };
  }
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.decoding = 'async';
    img.src = url;
    await img.decode();
    return { source: img, width: img.naturalWidth, height: img.naturalHeight, close: () => {} };
  } finally {
    URL.revokeObjectURL(url);
  }
}

function canvasToBlob(canvas: HTMLCanvasElement, type: string, quality: number) {
  return new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));
}

async function encode(
  image: Decoded,
  width: number,
  height: number,
  type: string,
  quality: number,
): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot resize images');
  if (type === 'image/jpeg') {
    // JPEG has no transparency: paint white, not black, under transparent PNG areas.
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, width, height);
  }
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image.source, 0, 0, width, height);
  const blob = await canvasToBlob(canvas, type, quality);
  if (!blob) throw new Error('The image could not be encoded');
  return blob;
}

/**
 * Resizes an image file to fit inside the box (keeping its aspect, never enlarging) and
 * re-encodes it. Returns a File named after the original with the new extension.
 */
export async function resizeImage(file: Blob & { name?: string }, options: ResizeOptions = {}) {
  const { maxWidth = 1600, maxHeight = 1600, quality = 0.85, type = 'image/webp' } = options;
  const image = await decode(file);
  try {
    const size = fitInside(image.width, image.height, maxWidth, maxHeight);
    let blob = await encode(image, size.width, size.height, type, quality);
    // Browsers that cannot encode the type hand back PNG: use JPEG instead (smaller for photos).
    if (blob.type !== type && type !== 'image/png') {
      blob = await encode(image, size.width, size.height, 'image/jpeg', quality);
    }
    return new File([blob], renamedFor(file.name ?? 'image', blob.type), {
      type: blob.type,
      lastModified: Date.now(),
    });
  } finally {
    image.close();
  }
}
