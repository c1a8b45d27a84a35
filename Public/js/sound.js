// A short click for every move, made with Web Audio (no file to fetch), and its remembered mute.

const MUTED_KEY = 'tictactoe.sound';

/** The move sound; `muted` is read from and written to localStorage. */
export class MoveSound {
  constructor() {
    this.context = null;
    try {
      this.muted = window.localStorage.getItem(MUTED_KEY) === 'off';
    } catch {
      this.muted = false;
    }
  }

  setMuted(muted) {
    this.muted = muted;
    try {
      window.localStorage.setItem(MUTED_KEY, muted ? 'off' : 'on');
    } catch {
      // The choice then lasts as long as this page.
    }
  }

  /** Plays a 70 ms blip unless muted; silently nothing where Web Audio is missing or not allowed yet. */
  play() {
    if (this.muted || typeof window.AudioContext !== 'function') return;
    try {
      this.context = this.context || new window.AudioContext();
      const now = this.context.currentTime;
      const tone = this.context.createOscillator();
      const volume = this.context.createGain();
      tone.frequency.value = 620;
      volume.gain.setValueAtTime(0.08, now);
      volume.gain.exponentialRampToValueAtTime(0.0001, now + 0.07);
      tone.connect(volume).connect(this.context.destination);
      tone.start(now);
      tone.stop(now + 0.08);
    } catch {
      // A browser that refuses audio before a gesture: the move is on screen anyway.
    }
  }
}
