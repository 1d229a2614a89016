/**
 * The new-order sound: two short tones made with the Web Audio API (no file to download). Browsers
 * start audio only after a gesture, so the board calls `unlockSound` on the first tap or key press.
 */
type AudioContextClass = typeof AudioContext;

let context: AudioContext | null = null;

function audioContextClass(): AudioContextClass | null {
  const w = window as Window & { webkitAudioContext?: AudioContextClass };
  return typeof window.AudioContext === 'function' ? window.AudioContext : (w.webkitAudioContext ?? null);
}

function ensureContext(): AudioContext | null {
  if (context) return context;
  const Context = audioContextClass();
  if (!Context) return null;
  try {
    context = new Context();
  } catch {
    return null;
  }
  return context;
}

export function unlockSound(): void {
  const ctx = ensureContext();
  if (ctx?.state === 'suspended') void ctx.resume().catch(() => undefined);
}

/** Plays the chime; silent (never throws) where audio is unavailable or not yet allowed. */
export function playNewOrderSound(): void {
  const ctx = ensureContext();
  if (!ctx) return;
  try {
    if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
    const start = ctx.currentTime + 0.01;
    [880, 1175].forEach((frequency, i) => {
      const at = start + i * 0.18;
      const oscillator = ctx.createOscillator();
      const gain = ctx.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.setValueAtTime(frequency, at);
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.35, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.16);
      oscillator.connect(gain).connect(ctx.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.17);
    });
  } catch {
    // A sound is a nicety: the card and the title badge still say a new order came in.
  }
}
