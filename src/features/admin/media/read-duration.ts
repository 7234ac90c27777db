/**
 * Reads a video file's length in the browser from a <video> element's metadata. Resolves
 * with seconds, or null when the browser cannot read it (codec, broken file, timeout).
 * MediaRecorder WebM files report Infinity until the element seeks to the end, so we nudge it.
 */
export function readVideoDuration(file: Blob, timeoutMs = 10_000): Promise<number | null> {
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    let settled = false;
    const done = (value: number | null) => {
      if (settled) return;
      settled = true;
      window.clearTimeout(timer);
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
      resolve(value);
    };
    const timer = window.setTimeout(() => done(null), timeoutMs);
    const check = () => {
      const d = video.duration;
      if (Number.isFinite(d) && d > 0) done(d);
    };
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () => {
      if (Number.isFinite(video.duration)) check();
      else video.currentTime = Number.MAX_SAFE_INTEGER;
    };
    video.ondurationchange = check;
    video.onseeked = check;
    video.onerror = () => done(null);
    video.src = url;
  });
}
