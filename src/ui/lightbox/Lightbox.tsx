import {
  type PointerEvent as ReactPointerEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import * as styles from './Lightbox.css';
import {
  clampPan,
  fitScale,
  isZoomed,
  MAX_SCALE,
  type Pan,
  panBy,
  SLIDER_STEP,
  type Size,
  toggleZoom,
  zoomIn,
  zoomOut,
  zoomPinch,
  zoomSlider,
  zoomWheel,
} from './zoom';

export interface LightboxProps {
  src: string;
  alt: string;
  caption?: string;
  onClose: () => void;
}

interface View {
  scale: number;
  pan: Pan;
}

/**
 * Full-screen zoom view: opens at the fit scale; buttons, wheel,
 * slider, double-click, drag to pan (only when zoomed), pinch and drag on touch screens.
 * The rules live in ./zoom.ts; this component only feeds them events.
 */
export function Lightbox({ src, alt, caption, onClose }: LightboxProps) {
  const stageRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const [natural, setNatural] = useState<Size | null>(null);
  const [viewport, setViewport] = useState<Size>({ width: 0, height: 0 });
  const [view, setView] = useState<View>({ scale: 1, pan: { x: 0, y: 0 } });
  const [dragging, setDragging] = useState(false);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ distance: number; scale: number } | null>(null);
  // A drag or pinch is not a tap: the double-click (or double-tap) that may follow is ignored.
  const moved = useRef(false);

  const fit = natural ? fitScale(natural, viewport) : 1;
  const ready = !!natural && viewport.width > 0;

  // Measure the stage; a resize or rotation re-fits and keeps the pan inside the edges.
  useLayoutEffect(() => {
    const el = stageRef.current;
    if (!el) return;
    const measure = () => setViewport({ width: el.clientWidth, height: el.clientHeight });
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  // Start at the fit scale once the image size is known, and whenever the fit changes.
  useEffect(() => {
    if (ready) setView({ scale: fit, pan: { x: 0, y: 0 } });
  }, [ready, fit]);

  const apply = useCallback(
    (next: (v: View) => number | View) => {
      if (!natural) return;
      setView((v) => {
        const r = next(v);
        const scale = typeof r === 'number' ? r : r.scale;
        const pan = typeof r === 'number' ? v.pan : r.pan;
        return { scale, pan: clampPan(pan, scale, natural, viewport, fit) };
      });
    },
    [natural, viewport, fit],
  );

  // Escape closes; focus moves into the dialog and back to the opener afterwards.
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    closeRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      opener?.focus?.();
    };
  }, [onClose]);

  // Wheel: a non-passive listener, so the page does not scroll behind the dialog.
  useEffect(() => {
    const el = stageRef.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      apply((v) => zoomWheel(v.scale, fit, e.deltaY));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [apply, fit]);

  const distance = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    // the first finger (or the mouse) starts a new gesture: forget pointers whose "up" was lost
    if (e.isPrimary || pointers.current.size === 0) {
      pointers.current.clear();
      pinch.current = null;
      moved.current = false;
    }
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.current.size === 2) pinch.current = { distance: distance(), scale: view.scale };
    else setDragging(isZoomed(view.scale, fit));
  };

  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    const prev = pointers.current.get(e.pointerId);
    if (!prev || !natural) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.current.size >= 2 && pinch.current) {
      moved.current = true;
      const start = pinch.current;
      // measured now: the state updater runs later, when a finger may already be up
      const now = distance();
      if (now > 0) apply(() => zoomPinch(start.scale, start.distance, now, fit));
      return;
    }
    const dx = e.clientX - prev.x;
    const dy = e.clientY - prev.y;
    if (Math.abs(dx) + Math.abs(dy) > 2) moved.current = true;
    apply((v) => ({ scale: v.scale, pan: panBy(v.pan, dx, dy, v.scale, natural, viewport, fit) }));
  };

  const onPointerUp = (e: ReactPointerEvent<HTMLDivElement>) => {
    pointers.current.delete(e.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
    if (pointers.current.size === 0) setDragging(false);
  };

  const zoomed = isZoomed(view.scale, fit);
  const max = Math.max(fit, MAX_SCALE);
  const round = (n: number) => Math.round(n * 1000) / 1000;

  return createPortal(
    <div
      className={styles.backdrop}
      role="dialog"
      aria-modal="true"
      aria-label={caption ? `Zoom view: ${caption}` : 'Zoom view'}
    >
      <div className={styles.header}>
        <p className={styles.caption}>{caption}</p>
        <button ref={closeRef} type="button" className={styles.control} onClick={onClose} aria-label="Close zoom view">
          ×
        </button>
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: pointer gestures; keyboard users have the zoom buttons and slider */}
      <div
        ref={stageRef}
        className={styles.stage}
        data-testid="lightbox-stage"
        data-ready={ready}
        data-scale={round(view.scale)}
        data-fit={round(fit)}
        data-pan-x={Math.round(view.pan.x)}
        data-pan-y={Math.round(view.pan.y)}
        data-zoomed={zoomed}
        data-dragging={dragging}
        onDoubleClick={() => {
          if (!moved.current) apply((v) => ({ scale: toggleZoom(v.scale, fit), pan: { x: 0, y: 0 } }));
        }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onLostPointerCapture={onPointerUp}
      >
        <img
          src={src}
          alt={alt}
          className={styles.image}
          draggable={false}
          onLoad={(e) => setNatural({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })}
          style={{
            width: natural?.width,
            height: natural?.height,
            visibility: ready ? 'visible' : 'hidden',
            transform: `translate(-50%, -50%) translate(${view.pan.x}px, ${view.pan.y}px) scale(${view.scale})`,
          }}
        />
      </div>
      <div className={styles.controls}>
        <button
          type="button"
          className={styles.control}
          onClick={() => apply((v) => zoomOut(v.scale, fit))}
          disabled={!zoomed}
          aria-label="Zoom out"
        >
          −
        </button>
        <input
          type="range"
          className={styles.slider}
          aria-label="Zoom level"
          min={round(fit)}
          max={round(max)}
          step={SLIDER_STEP}
          value={round(view.scale)}
          onChange={(e) => apply(() => zoomSlider(Number(e.target.value), fit))}
        />
        <button
          type="button"
          className={styles.control}
          onClick={() => apply((v) => zoomIn(v.scale, fit))}
          disabled={view.scale >= max - 1e-3}
          aria-label="Zoom in"
        >
          +
        </button>
        <span className={styles.percent} aria-live="polite">
          {Math.round(view.scale * 100)}%
        </span>
      </div>
    </div>,
    document.body,
  );
}
