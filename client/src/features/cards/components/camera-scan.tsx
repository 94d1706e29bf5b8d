// Reads QR codes from the camera with the browser's BarcodeDetector (Chrome on Android,
// Safari 17+); where it is missing the scanner says so and the code is pasted instead.
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { text } from '../text';

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorClass = new (options: { formats: string[] }) => Detector;

const detectorClass = (): DetectorClass | undefined =>
  (globalThis as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector;

export function CameraScan({ onCode }: { onCode: (code: string) => void }) {
  const [on, setOn] = useState(false);
  const [failed, setFailed] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const t = text.scanner;
  const Detector = detectorClass();

  useEffect(() => {
    if (!on || !Detector) return;
    let stream: MediaStream | null = null;
    let timer = 0;
    let live = true;
    const detector = new Detector({ formats: ['qr_code'] });
    const tick = async () => {
      if (!live || !video.current) return;
      try {
        const found = await detector.detect(video.current);
        if (found[0]?.rawValue) {
          onCode(found[0].rawValue);
          setOn(false);
          return;
        }
      } catch {
        // A frame not ready yet: try the next.
      }
      timer = window.setTimeout(() => void tick(), 250);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (s) => {
        stream = s;
        if (!live || !video.current) return;
        video.current.srcObject = s;
        await video.current.play();
        void tick();
      })
      .catch(() => {
        setFailed(true);
        setOn(false);
      });
    return () => {
      live = false;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [on, Detector, onCode]);

  if (!Detector) return <p className="text-sm text-stone-700">{t.noCamera}</p>;
  return (
    <div>
      <Button variant="secondary" onClick={() => setOn((v) => !v)}>
        {on ? t.stopCamera : t.startCamera}
      </Button>
      {failed && <p className="mt-2 text-sm text-red-800">{t.cameraError}</p>}
      {on && <video ref={video} muted playsInline className="mt-3 w-full max-w-sm rounded-md" />}
    </div>
  );
}
